import { Injectable } from '@nestjs/common';
import {
  assertIfMatch,
  mapUniqueViolations,
  NotFoundError,
  pageOf,
  withEntityTag,
  type WriteTarget,
} from '@sports/common';
import { insertWithSlug, slugTaken } from '../catalogs/slug-assignment';
import { sanitizeRichText } from '../exercises/rich-text.sanitizer';
import type {
  ListMethodsQuery,
  MethodListResponse,
  MethodRequest,
  MethodResponse,
  UpdateMethodRequest,
} from './dto/method.dto';
import { MethodRow, MethodsRepository, MethodValues } from './methods.repository';
import { METHOD_CONFLICTS, METHOD_SLUG_KEY } from './methods.constraints';

const toResponse = (r: MethodRow): MethodResponse => ({
  id: r.id,
  slug: r.slug,
  name: r.name,
  description: r.description,
  created_by_profile_id: r.created_by_profile_id,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

/** Training methods: a platform-wide catalog; platform admins write, everybody signed in reads. */
@Injectable()
export class MethodsService {
  constructor(private readonly repo: MethodsRepository) {}

  async list(query: ListMethodsQuery): Promise<MethodListResponse> {
    const page = pageOf(query);
    const { rows, total } = await this.repo.list({ q: query.q, ...page });
    return { items: rows.map(toResponse), total, ...page };
  }

  /** The method with its version as entity tag. */
  async get(id: string): Promise<MethodResponse> {
    const row = await this.findOrFail(id);
    return withEntityTag(toResponse(row), row.row_version);
  }

  async create(profileId: string, body: MethodRequest): Promise<MethodResponse> {
    const values: MethodValues = { ...this.values(body), created_by_profile_id: profileId };
    await this.checkSlug(values.slug);
    const id = await insertWithSlug({
      slug: body.slug,
      name: body.name,
      constraint: METHOD_SLUG_KEY,
      taken: (slug) => this.repo.slugTaken(slug),
      insert: (slug) => this.repo.insert({ ...values, slug }),
    });
    return this.get(id);
  }

  /** With If-Match only the version it names is changed (412 otherwise, nothing written). */
  async update({ id, ifMatch }: WriteTarget, body: UpdateMethodRequest): Promise<MethodResponse> {
    assertIfMatch(ifMatch, (await this.findOrFail(id)).row_version);
    const values = this.values(body);
    await this.checkSlug(values.slug, id);
    await mapUniqueViolations(METHOD_CONFLICTS, () =>
      this.repo.update(id, values, ifMatch, methodNotFound(id)),
    );
    return this.get(id);
  }

  /** With If-Match only the version it names is deleted. */
  async remove({ id, ifMatch }: WriteTarget): Promise<void> {
    assertIfMatch(ifMatch, (await this.findOrFail(id)).row_version);
    await this.repo.delete(id, ifMatch, methodNotFound(id));
  }

  private values(body: UpdateMethodRequest): MethodValues {
    return {
      slug: body.slug,
      name: body.name ?? undefined,
      description: sanitizeRichText(body.description),
    };
  }

  private async checkSlug(slug: string | undefined, id?: string): Promise<void> {
    if (slug && (await this.repo.slugTaken(slug, id))) {
      throw slugTaken(slug);
    }
  }

  private async findOrFail(id: string): Promise<MethodRow> {
    const row = await this.repo.findById(id);
    if (!row) throw methodNotFound(id)();
    return row;
  }
}

const methodNotFound = (id: string) => () => new NotFoundError('Method', id);
