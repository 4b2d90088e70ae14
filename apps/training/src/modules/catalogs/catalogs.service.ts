import { Injectable } from '@nestjs/common';
import {
  assertIfMatch,
  isStillReferenced,
  mapUniqueViolations,
  NotFoundError,
  pageOf,
  ResourceInUseError,
  UnprocessableError,
  ValidationFailedError,
  withEntityTag,
  type WriteTarget,
} from '@sports/common';
import type { CatalogDefinition } from './catalog-definitions';
import {
  CATALOG_CONFLICTS,
  slugConstraintOf,
  styleTargetGroupLinked,
} from './catalogs.constraints';
import { insertWithSlug, slugTaken } from './slug-assignment';
import { CatalogRow, CatalogsRepository, CatalogValues, LinkRow } from './catalogs.repository';
import type {
  AgeRangeEntryRequest,
  CatalogEntryResponse,
  CatalogListResponse,
  ListCatalogQuery,
  ListStyleTargetGroupLinksQuery,
  StyleTargetGroupLinkListResponse,
  StyleTargetGroupLinkRequest,
  StyleTargetGroupLinkResponse,
  TrainingStyleHierarchyResponse,
  TrainingStyleRequest,
} from './dto/catalog.dto';

type AnyEntryRequest = Partial<AgeRangeEntryRequest & TrainingStyleRequest>;

function toResponse(def: CatalogDefinition, r: CatalogRow): CatalogEntryResponse {
  const out: CatalogEntryResponse = {
    id: r.id,
    slug: r.slug,
    name: r.name,
    description: r.description,
    sort_order: r.sort_order,
    created_at: r.created_at.toISOString(),
    updated_at: r.updated_at.toISOString(),
  };
  if (def.kind === 'age_range') {
    out.age_min = r.age_min ?? null;
    out.age_max = r.age_max ?? null;
  }
  if (def.kind === 'training_style') out.style_direction_id = r.style_direction_id;
  if (r.style_direction_ids) out.style_direction_ids = r.style_direction_ids;
  return out;
}

function inUse(
  def: CatalogDefinition,
  id: string,
  usages: Record<string, number>,
): ResourceInUseError {
  const named = Object.entries(usages).map(([k, n]) => `${n} ${k}`);
  return new ResourceInUseError(
    `${def.label} ${id} is still used${named.length ? ` by ${named.join(', ')}` : ''}.`,
    { hint: 'Remove the references first; usages counts them per kind.', extensions: { usages } },
  );
}

function toLinkResponse({ row_version: _v, ...r }: LinkRow): StyleTargetGroupLinkResponse {
  return { ...r, created_at: r.created_at.toISOString() };
}

const entryNotFound = (def: CatalogDefinition, id: string) => () =>
  new NotFoundError(def.label, id);
const linkNotFound = (id: string) => () =>
  new NotFoundError('Training style target group link', id);

/**
 * Catalogs: everybody signed in reads; platform admins write (the controller enforces the
 * role). Entries referenced by exercises (or skills, training styles) cannot be deleted.
 */
@Injectable()
export class CatalogsService {
  constructor(private readonly repo: CatalogsRepository) {}

  async list(def: CatalogDefinition, query: ListCatalogQuery): Promise<CatalogListResponse> {
    const page = pageOf(query);
    const { rows, total } = await this.repo.list(def, {
      q: query.q,
      styleDirectionId: query.style_direction_id,
      ...page,
    });
    return { items: rows.map((r) => toResponse(def, r)), total, ...page };
  }

  /** The entry with its version as entity tag. */
  async get(def: CatalogDefinition, id: string): Promise<CatalogEntryResponse> {
    const row = await this.findOrFail(def, id);
    return withEntityTag(toResponse(def, row), row.row_version);
  }

  async create(def: CatalogDefinition, body: AnyEntryRequest): Promise<CatalogEntryResponse> {
    const values = this.values(def, body);
    await this.check(def, values);
    const id = await insertWithSlug({
      slug: body.slug,
      name: body.name ?? '',
      constraint: slugConstraintOf(def.table),
      taken: (slug) => this.repo.slugTaken(def, slug),
      insert: (slug) => this.repo.insert(def, { ...values, slug }),
    });
    return this.get(def, id);
  }

  /** With If-Match only the version it names is changed (412 otherwise, nothing written). */
  async update(
    def: CatalogDefinition,
    { id, ifMatch }: WriteTarget,
    body: AnyEntryRequest,
  ): Promise<CatalogEntryResponse> {
    const current = await this.findOrFail(def, id);
    assertIfMatch(ifMatch, current.row_version);
    const values = this.values(def, body);
    await this.check(def, values, current);
    await mapUniqueViolations(CATALOG_CONFLICTS, () =>
      this.repo.update(def, id, values, ifMatch, entryNotFound(def, id)),
    );
    return this.get(def, id);
  }

  /**
   * Deletes an entry nothing references; otherwise 409 RESOURCE_IN_USE with the count per
   * referencing kind. The database holds the same rule, so a reference written between the
   * count and the delete answers 409 as well. With If-Match only the version it names.
   */
  async remove(def: CatalogDefinition, { id, ifMatch }: WriteTarget): Promise<void> {
    assertIfMatch(ifMatch, (await this.findOrFail(def, id)).row_version);
    const usages = await this.repo.usages(def, id);
    if (Object.keys(usages).length > 0) throw inUse(def, id, usages);
    try {
      await this.repo.delete(def, id, ifMatch, entryNotFound(def, id));
    } catch (error) {
      if (!isStillReferenced(error)) throw error;
      throw inUse(def, id, await this.repo.usages(def, id));
    }
  }

  async hierarchy(): Promise<TrainingStyleHierarchyResponse> {
    return { items: (await this.repo.hierarchy()) as TrainingStyleHierarchyResponse['items'] };
  }

  // ---- style direction ↔ target group links ----

  async listLinks(
    query: ListStyleTargetGroupLinksQuery,
  ): Promise<StyleTargetGroupLinkListResponse> {
    const page = pageOf(query);
    const { rows, total } = await this.repo.listLinks({
      styleDirectionId: query.style_direction_id,
      targetGroupId: query.target_group_id,
      ...page,
    });
    return { items: rows.map(toLinkResponse), total, ...page };
  }

  async getLink(id: string): Promise<StyleTargetGroupLinkResponse> {
    const link = await this.repo.findLink(id);
    if (!link) throw linkNotFound(id)();
    return withEntityTag(toLinkResponse(link), link.row_version);
  }

  async createLink(body: StyleTargetGroupLinkRequest): Promise<StyleTargetGroupLinkResponse> {
    const errors = [];
    if (!(await this.repo.exists('style_directions', body.style_direction_id))) {
      errors.push({ path: 'style_direction_id', message: 'unknown style direction' });
    }
    if (!(await this.repo.exists('target_groups', body.target_group_id))) {
      errors.push({ path: 'target_group_id', message: 'unknown target group' });
    }
    if (errors.length) {
      throw new UnprocessableError('Unknown catalog entry.', 'UNKNOWN_CATALOG_ENTRY', { errors });
    }
    const id = await this.repo.insertLink(body.style_direction_id, body.target_group_id);
    if (!id) throw styleTargetGroupLinked();
    return this.getLink(id);
  }

  /** With If-Match only the version it names is deleted (412 otherwise). */
  async removeLink({ id, ifMatch }: WriteTarget): Promise<void> {
    if (!(await this.repo.deleteLink(id, ifMatch, linkNotFound(id)))) throw linkNotFound(id)();
  }

  // ---- helpers ----

  private async findOrFail(def: CatalogDefinition, id: string): Promise<CatalogRow> {
    const row = await this.repo.findById(def, id);
    if (!row) throw new NotFoundError(def.label, id);
    return row;
  }

  private values(def: CatalogDefinition, body: AnyEntryRequest): CatalogValues {
    const v: CatalogValues = {
      slug: body.slug,
      name: body.name,
      description: body.description,
      sort_order: body.sort_order,
    };
    if (def.kind === 'age_range') {
      v.age_min = body.age_min;
      v.age_max = body.age_max;
    }
    if (def.kind === 'training_style') v.style_direction_id = body.style_direction_id;
    return v;
  }

  private async check(
    def: CatalogDefinition,
    v: CatalogValues,
    current?: CatalogRow,
  ): Promise<void> {
    const min = v.age_min !== undefined ? v.age_min : current?.age_min;
    const max = v.age_max !== undefined ? v.age_max : current?.age_max;
    if (typeof min === 'number' && typeof max === 'number' && min > max) {
      throw new ValidationFailedError('age_min must not be greater than age_max.', [
        { path: 'age_min', message: 'must not be greater than age_max' },
      ]);
    }
    if (
      v.style_direction_id &&
      !(await this.repo.exists('style_directions', v.style_direction_id))
    ) {
      throw new UnprocessableError('Unknown style direction.', 'UNKNOWN_CATALOG_ENTRY', {
        errors: [{ path: 'style_direction_id', message: 'unknown style direction' }],
      });
    }
    if (v.slug && (await this.repo.slugTaken(def, v.slug, current?.id))) throw slugTaken(v.slug);
  }
}
