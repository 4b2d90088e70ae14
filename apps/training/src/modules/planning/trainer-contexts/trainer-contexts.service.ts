import { Injectable } from '@nestjs/common';
import {
  assertIfMatch,
  ForbiddenError,
  mapUniqueViolations,
  NotFoundError,
  pageOf,
  UnprocessableError,
  withEntityTag,
  type WriteTarget,
} from '@sports/common';
import { GroupsService } from '../../groups/groups.service';
import { isClubMember, TenantContext } from '../../tenant-context/tenant-context';
import { LibraryContentService } from '../library-content.service';
import type {
  CreateTrainerContextRequest,
  TrainerContextListQuery,
  TrainerContextListResponse,
  TrainerContextResponse,
  UpdateTrainerContextRequest,
} from './dto/trainer-context.dto';
import { duplicateContextName, TRAINER_CONTEXT_CONFLICTS } from './trainer-contexts.constraints';
import {
  TRAINER_CONTEXT_FIELDS,
  TrainerContextRow,
  TrainerContextsRepository,
  TrainerContextValues,
} from './trainer-contexts.repository';

/**
 * Trainer contexts: a trainer's own working areas (club, group, focus area, style, target
 * group). Private to their owner: nobody else, platform admins included, reads or changes them
 * (others get 404).
 */
@Injectable()
export class TrainerContextsService {
  constructor(
    private readonly repo: TrainerContextsRepository,
    private readonly library: LibraryContentService,
    private readonly groups: GroupsService,
  ) {}

  async list(
    ctx: TenantContext,
    query: TrainerContextListQuery,
  ): Promise<TrainerContextListResponse> {
    const page = pageOf(query);
    const { rows, total } = await this.repo.listOwn(ctx.profile_id, page);
    return { items: rows.map(toResponse), total, ...page };
  }

  /** The context with its version as entity tag. */
  async get(ctx: TenantContext, id: string): Promise<TrainerContextResponse> {
    const row = await this.own(ctx, id);
    return withEntityTag(toResponse(row), row.row_version);
  }

  async create(
    ctx: TenantContext,
    body: CreateTrainerContextRequest,
  ): Promise<TrainerContextResponse> {
    const values = await this.values(ctx, body, null);
    const id = await mapUniqueViolations(TRAINER_CONTEXT_CONFLICTS, () =>
      this.repo.insert(ctx.profile_id, values),
    );
    return this.get(ctx, id);
  }

  /** With If-Match only the version it names is changed (412 otherwise, nothing written). */
  async update(
    ctx: TenantContext,
    { id, ifMatch }: WriteTarget,
    body: UpdateTrainerContextRequest,
  ): Promise<TrainerContextResponse> {
    const current = await this.own(ctx, id);
    assertIfMatch(ifMatch, current.row_version);
    const values = await this.values(ctx, body, current);
    await mapUniqueViolations(TRAINER_CONTEXT_CONFLICTS, () =>
      this.repo.update(id, values, ifMatch, contextNotFound(id)),
    );
    return this.get(ctx, id);
  }

  /** With If-Match only the version it names is deleted. */
  async remove(ctx: TenantContext, { id, ifMatch }: WriteTarget): Promise<void> {
    assertIfMatch(ifMatch, (await this.own(ctx, id)).row_version);
    await this.repo.delete(id, ifMatch, contextNotFound(id));
  }

  private async own(ctx: TenantContext, id: string): Promise<TrainerContextRow> {
    const row = await this.repo.findOwn(ctx.profile_id, id);
    if (!row) throw contextNotFound(id)();
    return row;
  }

  private async values(
    ctx: TenantContext,
    body: UpdateTrainerContextRequest,
    current: TrainerContextRow | null,
  ): Promise<TrainerContextValues> {
    const v = {} as TrainerContextValues;
    for (const f of TRAINER_CONTEXT_FIELDS) {
      const sent = (body as Record<string, string | null | undefined>)[f];
      v[f] = sent !== undefined ? sent : (current?.[f] ?? null);
    }
    if (!v.name) throw new UnprocessableError('A name is required.', 'NAME_REQUIRED');
    if (await this.repo.nameTaken(ctx.profile_id, v.name, current?.id ?? null)) {
      throw duplicateContextName();
    }
    if (v.club_id && !isClubMember(ctx, v.club_id)) {
      throw new ForbiddenError(
        'A trainer context can only name a club you belong to.',
        'CLUB_MEMBERSHIP_REQUIRED',
      );
    }
    if (v.group_id) {
      if (!v.club_id || !(await this.groups.findInClub(v.group_id, v.club_id))) {
        throw new UnprocessableError('The group is not a group of club_id.', 'UNKNOWN_GROUP', {
          errors: [{ path: 'group_id', message: 'not a group of club_id' }],
        });
      }
    }
    await this.library.assertCatalogIds([
      {
        path: 'focus_area_id',
        table: 'focus_areas',
        ids: v.focus_area_id ? [v.focus_area_id] : [],
      },
      {
        path: 'style_direction_id',
        table: 'style_directions',
        ids: v.style_direction_id ? [v.style_direction_id] : [],
      },
      {
        path: 'training_style_id',
        table: 'training_styles',
        ids: v.training_style_id ? [v.training_style_id] : [],
      },
      {
        path: 'target_group_id',
        table: 'target_groups',
        ids: v.target_group_id ? [v.target_group_id] : [],
      },
    ]);
    return v;
  }
}

function toResponse(r: TrainerContextRow): TrainerContextResponse {
  return {
    id: r.id,
    profile_id: r.profile_id,
    name: r.name,
    description: r.description,
    club_id: r.club_id,
    group_id: r.group_id,
    focus_area_id: r.focus_area_id,
    style_direction_id: r.style_direction_id,
    training_style_id: r.training_style_id,
    target_group_id: r.target_group_id,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}

const contextNotFound = (id: string) => () => new NotFoundError('Trainer context', id);
