import { Injectable } from '@nestjs/common';
import {
  ConflictError,
  NotFoundError,
  ResourceInUseError,
  UnprocessableError,
} from '@sports/common';
import { slugify } from '../catalogs/catalog-definitions';
import { pageOf } from '../club-memberships/dto/page.query';
import type {
  ListSkillsQuery,
  SkillLevelsResponse,
  SkillListResponse,
  SkillRequest,
  SkillResponse,
  UpdateSkillRequest,
} from './dto/skill.dto';
import { SKILL_LEVELS } from './skill-levels';
import { SkillRow, SkillsRepository, SkillValues } from './skills.repository';

const toResponse = (r: SkillRow): SkillResponse => ({
  id: r.id,
  slug: r.slug,
  name: r.name,
  description: r.description,
  skill_category_id: r.skill_category_id,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

/** The skill catalog: platform admins write, everybody signed in reads. */
@Injectable()
export class SkillsService {
  constructor(private readonly repo: SkillsRepository) {}

  levels(): SkillLevelsResponse {
    return { items: SKILL_LEVELS.map((level, i) => ({ level, rank: i + 1 })) };
  }

  async list(query: ListSkillsQuery): Promise<SkillListResponse> {
    const page = pageOf(query);
    const { rows, total } = await this.repo.list({
      q: query.q,
      categoryId: query.skill_category_id,
      ...page,
    });
    return { items: rows.map(toResponse), total, ...page };
  }

  async get(id: string): Promise<SkillResponse> {
    return toResponse(await this.findOrFail(id));
  }

  async create(body: SkillRequest): Promise<SkillResponse> {
    let slug = body.slug ?? slugify(body.name);
    if (!body.slug)
      for (let i = 2; await this.repo.slugTaken(slug); i += 1) slug = `${slugify(body.name)}-${i}`;
    const values: SkillValues = { ...this.values(body), slug };
    await this.check(values);
    return this.get(await this.repo.insert(values));
  }

  async update(id: string, body: UpdateSkillRequest): Promise<SkillResponse> {
    await this.findOrFail(id);
    const values = this.values(body);
    await this.check(values, id);
    await this.repo.update(id, values);
    return this.get(id);
  }

  async remove(id: string): Promise<void> {
    await this.findOrFail(id);
    const n = await this.repo.usageCount(id);
    if (n > 0) {
      throw new ResourceInUseError(`Skill ${id} is used by ${n} exercises.`, {
        extensions: { usages: { exercises: n } },
      });
    }
    await this.repo.delete(id);
  }

  private values(body: UpdateSkillRequest): SkillValues {
    return {
      slug: body.slug,
      name: body.name ?? undefined,
      description: body.description,
      skill_category_id: body.skill_category_id,
    };
  }

  private async check(v: SkillValues, id?: string): Promise<void> {
    if (v.skill_category_id && !(await this.repo.categoryExists(v.skill_category_id))) {
      throw new UnprocessableError('Unknown skill category.', 'UNKNOWN_CATALOG_ENTRY', {
        errors: [{ path: 'skill_category_id', message: 'unknown skill category' }],
      });
    }
    if (v.slug && (await this.repo.slugTaken(v.slug, id))) {
      throw new ConflictError(`The slug ${v.slug} is taken.`, 'SLUG_TAKEN');
    }
  }

  private async findOrFail(id: string): Promise<SkillRow> {
    const row = await this.repo.findById(id);
    if (!row) throw new NotFoundError('Skill', id);
    return row;
  }
}
