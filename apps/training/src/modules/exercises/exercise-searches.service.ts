import { Injectable } from '@nestjs/common';
import {
  assertIfMatch,
  mapUniqueViolations,
  NotFoundError,
  pageOf,
  PageQuery,
  ValidationFailedError,
  withEntityTag,
  WriteTarget,
} from '@sports/common';
import { validateExerciseListPrefs } from '../profiles/exercise-list-prefs';
import type { TenantContext } from '../tenant-context/tenant-context';
import type {
  SavedSearchListResponse,
  SavedSearchRequest,
  SavedSearchResponse,
  UpdateSavedSearchRequest,
} from './dto/exercise.dto';
import { EXERCISE_SEARCH_CONFLICTS, searchNameTaken } from './exercise-searches.constraints';
import { ExerciseSearchesRepository, SavedSearchRow } from './exercise-searches.repository';

const toResponse = (r: SavedSearchRow): SavedSearchResponse => ({
  id: r.id,
  name: r.name,
  filters: r.filters,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

/**
 * Saved exercise searches: a profile's named filter sets, private to their owner (another
 * profile's search answers 404). Filters take the keys and types of `exercise_list_prefs`;
 * applying one is `GET /api/exercises?saved_search_id=<id>`.
 */
@Injectable()
export class ExerciseSearchesService {
  constructor(private readonly repo: ExerciseSearchesRepository) {}

  async list(ctx: TenantContext, query: PageQuery): Promise<SavedSearchListResponse> {
    const page = pageOf(query);
    const { rows, total } = await this.repo.list(ctx.profile_id, page);
    return { items: rows.map(toResponse), total, ...page };
  }

  async get(ctx: TenantContext, id: string): Promise<SavedSearchResponse> {
    const row = await this.owned(ctx, id);
    return withEntityTag(toResponse(row), row.row_version);
  }

  async create(ctx: TenantContext, body: SavedSearchRequest): Promise<SavedSearchResponse> {
    this.validate(body.filters);
    if (await this.repo.nameTaken(ctx.profile_id, body.name)) throw searchNameTaken(body.name);
    const id = await mapUniqueViolations(EXERCISE_SEARCH_CONFLICTS, () =>
      this.repo.insert(ctx.profile_id, body.name, body.filters),
    );
    return this.get(ctx, id);
  }

  /** With If-Match, only the version it names is changed (412 otherwise, nothing written). */
  async update(
    ctx: TenantContext,
    { id, ifMatch }: WriteTarget,
    body: UpdateSavedSearchRequest,
  ): Promise<SavedSearchResponse> {
    assertIfMatch(ifMatch, (await this.owned(ctx, id)).row_version);
    if (body.filters) this.validate(body.filters);
    if (body.name && (await this.repo.nameTaken(ctx.profile_id, body.name, id))) {
      throw searchNameTaken(body.name);
    }
    await mapUniqueViolations(EXERCISE_SEARCH_CONFLICTS, () =>
      this.repo.update(
        id,
        { name: body.name ?? undefined, filters: body.filters ?? undefined },
        ifMatch,
      ),
    );
    return this.get(ctx, id);
  }

  async remove(ctx: TenantContext, { id, ifMatch }: WriteTarget): Promise<void> {
    assertIfMatch(ifMatch, (await this.owned(ctx, id)).row_version);
    await this.repo.delete(id, ifMatch);
  }

  private async owned(ctx: TenantContext, id: string): Promise<SavedSearchRow> {
    const row = await this.repo.findOwned(ctx.profile_id, id);
    if (!row) throw new NotFoundError('Saved exercise search', id);
    return row;
  }

  private validate(filters: Record<string, unknown>): void {
    const errors = validateExerciseListPrefs(filters, 'filters');
    if (errors.length) throw new ValidationFailedError('The filters are not valid.', errors);
  }
}
