import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  FieldError,
  ForbiddenError,
  NotFoundError,
  pageOf,
  ResourceInUseError,
  UnprocessableError,
  ValidationFailedError,
  assertIfMatch,
  IfMatch,
  withEntityTag,
  writeIfChanged,
} from '@sports/common';
import { DataSource, EntityManager } from 'typeorm';
import { MediaStorageService } from '../media-assets/storage/media-storage.service';
import { MembershipService } from '../membership/membership.service';
import { privateExerciseLimitReached } from '../membership/tier-limit.errors';
import { EXERCISE_LIST_PREF_CHECKS } from '../profiles/exercise-list-prefs';
import type { TenantContext } from '../tenant-context/tenant-context';
import { canReadContent, Visibility } from '../content-access/content-visibility';
import {
  BulkMetadataChange,
  BulkMetadataRequest,
  BulkMetadataResponse,
  CreateExerciseRequest,
  ExerciseListResponse,
  ExerciseResponse,
  ListExercisesQuery,
  UpdateExerciseRequest,
  VariantResponse,
} from './dto/exercise.dto';
import { assertVisibilityChange, canDeleteExercise, canEditExercise } from './exercise-governance';
import { ExerciseMediaService } from './exercise-media.service';
import { ExerciseUsageRegistry } from './exercise-usage.registry';
import {
  EnrichedExerciseRow,
  ExerciseFilter,
  ExerciseLinks,
  ExerciseRow,
  ExercisesRepository,
  ExerciseValues,
  LinkKey,
  LINKS,
  VariantJson,
} from './exercises.repository';
import { sanitizeRichFields } from './rich-text.sanitizer';
import { ExerciseSearchesRepository } from './exercise-searches.repository';

const RICH_FIELDS = ['description', 'instructions', 'coaching_points'] as const;
/** Sanitized rich-text fields and the length limits of their columns. */
const TEXT_LIMITS = {
  description: 100_000,
  instructions: 100_000,
  coaching_points: 100_000,
  material: 2000,
};
const INLINE_MEDIA_MARKER = /\{\{\s*exerciseMedia:/i;

export function toVariantResponse(v: VariantJson): VariantResponse {
  return {
    id: v.id,
    exercise_id: v.exercise_id,
    title: v.title,
    description: v.description,
    sequence_order: v.sequence_order,
    progression_level: v.progression_level,
    duration_minutes: v.duration_minutes,
    difficulty: v.difficulty,
    material: v.material,
    prerequisite: v.prerequisite,
    created_at: v.created_at,
    updated_at: v.updated_at,
  };
}

function toResponse(ctx: TenantContext, r: EnrichedExerciseRow, detail: boolean): ExerciseResponse {
  const out: ExerciseResponse = {
    id: r.id,
    title: r.title,
    description: r.description,
    instructions: r.instructions,
    coaching_points: r.coaching_points,
    material: r.material,
    duration_minutes: r.duration_minutes,
    difficulty: r.difficulty,
    min_participants: r.min_participants,
    max_participants: r.max_participants,
    visibility: r.visibility,
    club_id: r.club_id,
    owner_profile_id: r.owner_profile_id,
    status: r.status,
    focus_areas: r.focus_areas,
    training_styles: r.training_styles,
    target_groups: r.target_groups,
    age_groups_catalog: r.age_groups_catalog,
    skills: r.skills,
    default_club_media_copyright: r.default_club_media_copyright,
    promote_attached_media_for_official: r.promote_attached_media_for_official,
    default_official_media_copyright: r.default_official_media_copyright,
    permissions: { can_edit: canEditExercise(ctx, r), can_delete: canDeleteExercise(ctx, r) },
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
  if (r.variants) out.variants = r.variants.map(toVariantResponse);
  if (detail) out.media = [];
  if (r.rank !== undefined && r.rank !== null && !detail) out.rank = Number(r.rank);
  return out;
}

/** Keeps only the stored filter keys with a valid value (profile prefs, saved searches). */
export function validStoredFilters(raw: Record<string, unknown>): ExerciseFilter {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw ?? {})) {
    const check = Object.prototype.hasOwnProperty.call(EXERCISE_LIST_PREF_CHECKS, key)
      ? EXERCISE_LIST_PREF_CHECKS[key]
      : undefined;
    if (check && check(value) === null) out[key] = value;
  }
  return out as ExerciseFilter;
}

/**
 * The exercise library: reads through the common visibility check, writes through the
 * governance rules (exercise-governance.ts), rich text sanitized on every write.
 */
/** Work that commits or rolls back together with an exercise write (see `create`). */
export type WithinWrite = (m: EntityManager, exerciseId: string) => Promise<void>;

@Injectable()
export class ExercisesService {
  constructor(
    private readonly repo: ExercisesRepository,
    private readonly searches: ExerciseSearchesRepository,
    private readonly usages: ExerciseUsageRegistry,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly media: ExerciseMediaService,
    private readonly mediaStorage: MediaStorageService,
    private readonly membership: MembershipService,
  ) {}

  // ---- reads ----

  async list(ctx: TenantContext, query: ListExercisesQuery): Promise<ExerciseListResponse> {
    const filter = await this.effectiveFilter(ctx, query);
    const page = pageOf(query);
    if (
      filter.skill_level_min != null &&
      filter.skill_level_max != null &&
      filter.skill_level_min > filter.skill_level_max
    ) {
      throw new ValidationFailedError('skill_level_min must not exceed skill_level_max.', [
        { path: 'skill_level_min', message: 'must not be greater than skill_level_max' },
      ]);
    }
    const { rows, total } = await this.repo.list(ctx, filter, page);
    const count = total ?? (page.offset > 0 ? await this.repo.count(ctx, filter) : 0);
    return { items: rows.map((r) => toResponse(ctx, r, false)), total: count, ...page };
  }

  /** Explicit query parameters over a saved search over the profile's stored defaults. */
  async effectiveFilter(ctx: TenantContext, query: ListExercisesQuery): Promise<ExerciseFilter> {
    const prefs = validStoredFilters(await this.repo.listPrefs(ctx.profile_id));
    let saved: ExerciseFilter = {};
    if (query.saved_search_id) {
      const search = await this.searches.findOwned(ctx.profile_id, query.saved_search_id);
      if (!search) throw new NotFoundError('Saved exercise search', query.saved_search_id);
      saved = validStoredFilters(search.filters);
    }
    const explicit: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined || ['limit', 'offset', 'saved_search_id'].includes(key)) continue;
      explicit[key] = value;
    }
    return { ...prefs, ...saved, ...(explicit as ExerciseFilter) };
  }

  async get(ctx: TenantContext, id: string): Promise<ExerciseResponse> {
    const row = await this.repo.findEnriched(id);
    if (!row || !canReadContent(ctx, row)) throw new NotFoundError('Exercise', id);
    const out = toResponse(ctx, row, true);
    out.media = await this.media.detailMedia(row);
    return withEntityTag(out, row.row_version);
  }

  /** For variants and other sub-resources: the exercise when the caller may read it (else 404). */
  async readable(ctx: TenantContext, id: string): Promise<ExerciseRow> {
    const row = await this.repo.findById(id);
    if (!row || !canReadContent(ctx, row)) throw new NotFoundError('Exercise', id);
    return row;
  }

  /** The exercise when the caller may edit it: 404 when invisible, 403 when read-only. */
  async editable(ctx: TenantContext, id: string): Promise<ExerciseRow> {
    const row = await this.readable(ctx, id);
    if (!canEditExercise(ctx, row)) {
      throw new ForbiddenError('You may read this exercise but not change it.');
    }
    return row;
  }

  // ---- writes ----

  /**
   * `within` runs inside the exercise's transaction after the write (e.g. an import recording
   * which source the exercise came from): both commit or neither does.
   */
  async create(
    ctx: TenantContext,
    body: CreateExerciseRequest,
    within?: WithinWrite,
  ): Promise<ExerciseResponse> {
    for (const field of RICH_FIELDS) {
      if (body[field] && INLINE_MEDIA_MARKER.test(body[field] as string)) {
        throw new UnprocessableError(
          'Inline media markers can only be used once media is linked; create the exercise first.',
          'INLINE_MEDIA_ON_CREATE',
          { errors: [{ path: field, message: 'must not contain {{exerciseMedia:...}}' }] },
        );
      }
    }
    const visibility = body.visibility ?? 'private';
    const clubId = await this.resolveClub(ctx, visibility, body.club_id, null);
    assertVisibilityChange(ctx, null, { visibility, club_id: clubId });
    const values: ExerciseValues = {
      ...this.plainValues(body),
      visibility,
      club_id: clubId,
      status: body.status ?? 'active',
      owner_profile_id: ctx.profile_id,
    };
    this.assertParticipants(values, null);
    const links = await this.checkedLinks(body);
    const id = await this.dataSource.transaction(async (m) => {
      if (visibility === 'private') await this.assertPrivateRoom(m, new Map([[ctx.profile_id, 1]]));
      const newId = await this.repo.insert(m, values);
      await this.repo.writeLinks(m, newId, links);
      await within?.(m, newId);
      return newId;
    });
    return this.get(ctx, id);
  }

  /**
   * `within`: as for `create`, inside the update's transaction. With `ifMatch`, the version is
   * checked on the row locked for the update (412 otherwise, nothing written).
   */
  async update(
    ctx: TenantContext,
    id: string,
    body: UpdateExerciseRequest,
    within?: WithinWrite,
    ifMatch?: IfMatch,
  ): Promise<ExerciseResponse> {
    const links = await this.checkedLinks(body);
    await this.mediaStorage.transaction(async (m, files) => {
      const current = await this.repo.findById(id, m, true);
      if (!current || !canReadContent(ctx, current)) throw new NotFoundError('Exercise', id);
      if (!canEditExercise(ctx, current)) {
        throw new ForbiddenError('You may read this exercise but not change it.');
      }
      assertIfMatch(ifMatch, current.row_version);
      const visibility = body.visibility ?? current.visibility;
      const clubId = await this.resolveClub(ctx, visibility, body.club_id, current);
      assertVisibilityChange(ctx, current, { visibility, club_id: clubId });
      // Inline media markers become canonical spans before the sanitizer sees the text.
      const texts = await this.media.convertMarkers(m, id, {
        description: body.description,
        instructions: body.instructions,
        coaching_points: body.coaching_points,
      });
      const values: ExerciseValues = {
        ...this.plainValues({ ...body, ...texts }),
        visibility,
        club_id: clubId,
        status: body.status ?? undefined,
        default_club_media_copyright: body.default_club_media_copyright,
        promote_attached_media_for_official: body.promote_attached_media_for_official ?? undefined,
        default_official_media_copyright: body.default_official_media_copyright,
      };
      if (visibility === 'private' && current.owner_profile_id === null) {
        values.owner_profile_id = ctx.profile_id;
      }
      if (visibility === 'private' && current.visibility !== 'private') {
        const owner = values.owner_profile_id ?? current.owner_profile_id;
        if (owner) await this.assertPrivateRoom(m, new Map([[owner, 1]]));
      }
      this.assertParticipants(values, current);
      // The parts first (attached media, links): the exercise's version changes with them, and
      // a save that changes nothing of it keeps the version.
      const partsChanged = await writeIfChanged(
        m,
        async () => [await this.media.attachedVersions(m, id), await this.repo.linksOf(m, id)],
        async () => {
          await this.media.enforceSaveRules(m, files, ctx, id, visibility, {
            default_club_media_copyright:
              body.default_club_media_copyright ?? current.default_club_media_copyright,
            promote_attached_media_for_official:
              body.promote_attached_media_for_official ??
              current.promote_attached_media_for_official,
            default_official_media_copyright:
              body.default_official_media_copyright ?? current.default_official_media_copyright,
          });
          await this.repo.writeLinks(m, id, links);
        },
      );
      await this.repo.update(m, id, values, partsChanged);
      await within?.(m, id);
    });
    return this.get(ctx, id);
  }

  /** With `ifMatch`, only the version it names is deleted (checked on the locked row). */
  async remove(ctx: TenantContext, id: string, ifMatch?: IfMatch): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const current = await this.repo.findById(id, m, true);
      if (!current || !canReadContent(ctx, current)) throw new NotFoundError('Exercise', id);
      if (!canDeleteExercise(ctx, current)) {
        throw new ForbiddenError(
          'Private exercises are deleted by their owner, club exercises by club admins, official ones by platform admins.',
        );
      }
      assertIfMatch(ifMatch, current.row_version);
      const used = (await this.usages.usagesOf(m, [id])).get(id) ?? [];
      if (used.length > 0) {
        const kinds = [...new Set(used.map((u) => u.kind))].join(', ');
        throw new ResourceInUseError(
          `Exercise ${id} is used (${used.length}× in ${kinds}) and cannot be deleted; archive it instead.`,
          {
            hint: 'Set status to archived (PUT /api/exercises/{id} with {"status":"archived"}).',
            extensions: { usages: used },
          },
        );
      }
      await this.repo.delete(m, id);
    });
  }

  async bulkMetadata(ctx: TenantContext, body: BulkMetadataRequest): Promise<BulkMetadataResponse> {
    if (
      body.visibility === undefined &&
      body.status === undefined &&
      body.promote_attached_media_for_official === undefined &&
      body.default_official_media_copyright === undefined &&
      body.default_club_media_copyright === undefined
    ) {
      throw new ValidationFailedError('Nothing to change.', [
        { path: 'visibility', message: 'visibility and/or status is required' },
      ]);
    }
    if (body.club_id !== undefined && body.visibility !== 'club') {
      throw new ValidationFailedError('club_id goes with visibility club.', [
        { path: 'club_id', message: 'only with visibility club' },
      ]);
    }
    return this.mediaStorage.transaction(async (m, files) => {
      const rows = await this.repo.findManyForUpdate(m, body.ids);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const missing = body.ids.filter((i) => {
        const r = byId.get(i);
        return !r || !canReadContent(ctx, r);
      });
      if (missing.length) {
        throw new NotFoundError('Exercises', undefined, { extensions: { missing_ids: missing } });
      }
      const errors: FieldError[] = [];
      const plans: { row: ExerciseRow; values: ExerciseValues; change: BulkMetadataChange }[] = [];
      const unchanged: string[] = [];
      let targetClub: string | null | undefined;
      for (const [i, id] of body.ids.entries()) {
        const row = byId.get(id) as ExerciseRow;
        try {
          if (!canEditExercise(ctx, row)) {
            throw new ForbiddenError('You may read this exercise but not change it.');
          }
          const visibility = body.visibility ?? row.visibility;
          let clubId: string | null;
          if (
            body.visibility === 'club' &&
            row.visibility !== 'club' &&
            body.club_id === undefined
          ) {
            targetClub ??= await this.resolveClub(ctx, 'club', undefined, null, m);
            clubId = targetClub;
          } else {
            clubId = await this.resolveClub(ctx, visibility, body.club_id, row, m);
          }
          assertVisibilityChange(ctx, row, { visibility, club_id: clubId });
          const after: Record<string, unknown> = {
            visibility,
            club_id: clubId,
            status: body.status ?? row.status,
            promote_attached_media_for_official:
              body.promote_attached_media_for_official ?? row.promote_attached_media_for_official,
            default_official_media_copyright:
              body.default_official_media_copyright !== undefined
                ? body.default_official_media_copyright
                : row.default_official_media_copyright,
            default_club_media_copyright:
              body.default_club_media_copyright !== undefined
                ? body.default_club_media_copyright
                : row.default_club_media_copyright,
          };
          const changed = Object.keys(after).filter(
            (k) => after[k] !== (row as unknown as Record<string, unknown>)[k],
          );
          if (changed.length === 0) {
            unchanged.push(id);
            continue;
          }
          const before = Object.fromEntries(
            changed.map((k) => [k, (row as unknown as Record<string, unknown>)[k]]),
          );
          plans.push({
            row,
            values: Object.fromEntries(changed.map((k) => [k, after[k]])) as ExerciseValues,
            change: {
              id,
              changed_fields: changed,
              before,
              after: Object.fromEntries(changed.map((k) => [k, after[k]])),
            },
          });
        } catch (err) {
          if (!(err instanceof ForbiddenError)) throw err;
          errors.push({ path: `ids.${i}`, message: `${id}: ${err.message}` });
        }
      }
      if (errors.length) {
        throw new ForbiddenError(
          `${errors.length} of ${body.ids.length} exercises may not be changed this way; nothing was changed.`,
          'BULK_FORBIDDEN',
          { errors },
        );
      }
      const newPrivate = new Map<string, number>();
      for (const { row, values } of plans) {
        if (values.visibility === 'private' && row.owner_profile_id) {
          newPrivate.set(row.owner_profile_id, (newPrivate.get(row.owner_profile_id) ?? 0) + 1);
        }
      }
      await this.assertPrivateRoom(m, newPrivate);
      for (const plan of plans) {
        const after = { ...plan.row, ...plan.values } as ExerciseRow;
        await this.media.enforceSaveRules(m, files, ctx, plan.row.id, after.visibility, {
          default_club_media_copyright: after.default_club_media_copyright,
          promote_attached_media_for_official: after.promote_attached_media_for_official,
          default_official_media_copyright: after.default_official_media_copyright,
        });
        await this.repo.update(m, plan.row.id, plan.values);
      }
      return { changed: plans.map((p) => p.change), unchanged };
    });
  }

  // ---- helpers ----

  /**
   * Each owner's tier must allow `adding` more private exercises (403
   * PRIVATE_EXERCISE_LIMIT_REACHED). Counted under a per-owner lock, taken in a fixed order, so
   * that simultaneous creations cannot both take the last place.
   */
  private async assertPrivateRoom(m: EntityManager, adding: Map<string, number>): Promise<void> {
    for (const owner of [...adding.keys()].sort()) {
      await this.repo.lockPrivateExercisesOf(m, owner);
      const { tier, limits } = await this.membership.limitsOfProfile(owner, m);
      const count = await this.repo.countPrivateOf(m, owner);
      if (count + (adding.get(owner) ?? 0) > limits.max_private_exercises) {
        throw privateExerciseLimitReached({
          tier,
          max_private_exercises: limits.max_private_exercises,
          private_exercises: count,
        });
      }
    }
  }

  private plainValues(body: UpdateExerciseRequest): ExerciseValues {
    return {
      title: body.title ?? undefined,
      duration_minutes: body.duration_minutes,
      difficulty: body.difficulty,
      min_participants: body.min_participants,
      max_participants: body.max_participants,
      ...sanitizeRichFields(body, TEXT_LIMITS),
    };
  }

  private assertParticipants(v: ExerciseValues, current: ExerciseRow | null): void {
    const min = v.min_participants !== undefined ? v.min_participants : current?.min_participants;
    const max = v.max_participants !== undefined ? v.max_participants : current?.max_participants;
    if (min != null && max != null && min > max) {
      throw new ValidationFailedError('min_participants must not exceed max_participants.', [
        { path: 'min_participants', message: 'must not be greater than max_participants' },
      ]);
    }
  }

  /**
   * The club of the resulting visibility: for club, the body's club, else the current club
   * (when already club), else the active club; null for private and official.
   */
  private async resolveClub(
    ctx: TenantContext,
    visibility: Visibility,
    bodyClubId: string | undefined,
    current: ExerciseRow | null,
    manager?: EntityManager,
  ): Promise<string | null> {
    if (visibility !== 'club') {
      if (bodyClubId != null) {
        throw new ValidationFailedError('club_id goes with visibility club.', [
          { path: 'club_id', message: 'only with visibility club' },
        ]);
      }
      return null;
    }
    const clubId =
      bodyClubId ??
      (current?.visibility === 'club' ? current.club_id : null) ??
      ctx.effective_club_id;
    if (!clubId) {
      throw new UnprocessableError(
        'A club exercise needs a club: send club_id or choose an active club.',
        'CLUB_REQUIRED',
        { errors: [{ path: 'club_id', message: 'required for visibility club' }] },
      );
    }
    if (!(await this.repo.clubExists(clubId, manager))) {
      throw new UnprocessableError(`Club ${clubId} does not exist.`, 'UNKNOWN_CLUB', {
        errors: [{ path: 'club_id', message: 'unknown club' }],
      });
    }
    return clubId;
  }

  /** The catalog links and skills of the body, each id checked against its catalog. */
  private async checkedLinks(body: UpdateExerciseRequest): Promise<ExerciseLinks> {
    const errors: FieldError[] = [];
    const links: ExerciseLinks = {};
    for (const key of Object.keys(LINKS) as LinkKey[]) {
      const ids = body[key] ?? undefined;
      if (ids === undefined) continue;
      const unknown = new Set(await this.repo.unknownIds(LINKS[key].target, ids));
      ids.forEach((id, i) => {
        if (unknown.has(id)) errors.push({ path: `${key}.${i}`, message: 'unknown catalog entry' });
      });
      links[key] = ids;
    }
    if (body.skills) {
      const ids = body.skills.map((s) => s.skill_id);
      const unknown = new Set(await this.repo.unknownIds('skills', ids));
      const seen = new Set<string>();
      body.skills.forEach((s, i) => {
        if (unknown.has(s.skill_id)) {
          errors.push({ path: `skills.${i}.skill_id`, message: 'unknown skill' });
        }
        if (seen.has(s.skill_id)) {
          errors.push({ path: `skills.${i}.skill_id`, message: 'listed twice' });
        }
        seen.add(s.skill_id);
      });
      links.skills = body.skills;
    }
    if (errors.length) {
      throw new UnprocessableError('Some catalog ids do not exist.', 'UNKNOWN_CATALOG_ENTRY', {
        errors,
      });
    }
    return links;
  }
}
