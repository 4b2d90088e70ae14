import { Injectable } from '@nestjs/common';
import {
  assertIfMatch,
  isStillReferenced,
  mapUniqueViolations,
  NotFoundError,
  pageOf,
  ResourceInUseError,
  UnprocessableError,
  withEntityTag,
  type WriteTarget,
} from '@sports/common';
import { insertWithSlug, slugTaken } from '../catalogs/slug-assignment';
import type {
  ListSkillsQuery,
  SkillLevelsResponse,
  SkillListResponse,
  SkillRequest,
  SkillResponse,
  UpdateSkillRequest,
} from './dto/skill.dto';
import { SKILL_LEVELS } from './skill-levels';
import { SKILL_CONFLICTS, SKILL_SLUG_KEY } from './skills.constraints';
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

function inUse(id: string, usages: Record<string, number>): ResourceInUseError {
  const named = Object.entries(usages).map(([k, n]) => `${n} ${k}`);
  return new ResourceInUseError(
    `Skill ${id} is still used${named.length ? ` by ${named.join(', ')}` : ''}.`,
    { hint: 'Remove the references first; usages counts them per kind.', extensions: { usages } },
  );
}

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

  /** The skill with its version as entity tag. */
  async get(id: string): Promise<SkillResponse> {
    const row = await this.findOrFail(id);
    return withEntityTag(toResponse(row), row.row_version);
  }

  async create(body: SkillRequest): Promise<SkillResponse> {
    const values = this.values(body);
    await this.check(values);
    const id = await insertWithSlug({
      slug: body.slug,
      name: body.name,
      constraint: SKILL_SLUG_KEY,
      taken: (slug) => this.repo.slugTaken(slug),
      insert: (slug) => this.repo.insert({ ...values, slug }),
    });
    return this.get(id);
  }

  /** With If-Match only the version it names is changed (412 otherwise, nothing written). */
  async update({ id, ifMatch }: WriteTarget, body: UpdateSkillRequest): Promise<SkillResponse> {
    assertIfMatch(ifMatch, (await this.findOrFail(id)).row_version);
    const values = this.values(body);
    await this.check(values, id);
    await mapUniqueViolations(SKILL_CONFLICTS, () =>
      this.repo.update(id, values, ifMatch, skillNotFound(id)),
    );
    return this.get(id);
  }

  /**
   * Deletes a skill no exercise and no maturity model uses; otherwise 409 RESOURCE_IN_USE with
   * the counts (the database refuses it as well). With If-Match only the version it names.
   */
  async remove({ id, ifMatch }: WriteTarget): Promise<void> {
    assertIfMatch(ifMatch, (await this.findOrFail(id)).row_version);
    const usages = await this.repo.usages(id);
    if (Object.keys(usages).length > 0) throw inUse(id, usages);
    try {
      await this.repo.delete(id, ifMatch, skillNotFound(id));
    } catch (error) {
      if (!isStillReferenced(error)) throw error;
      throw inUse(id, await this.repo.usages(id));
    }
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
    if (v.slug && (await this.repo.slugTaken(v.slug, id))) throw slugTaken(v.slug);
  }

  private async findOrFail(id: string): Promise<SkillRow> {
    const row = await this.repo.findById(id);
    if (!row) throw skillNotFound(id)();
    return row;
  }
}

const skillNotFound = (id: string) => () => new NotFoundError('Skill', id);
