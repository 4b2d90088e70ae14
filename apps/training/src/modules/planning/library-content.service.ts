import { Injectable } from '@nestjs/common';
import {
  assertIfMatch,
  ForbiddenError,
  type IfMatch,
  NotFoundError,
  UnprocessableError,
  ValidationFailedError,
} from '@sports/common';
import type { EntityManager } from 'typeorm';
import type { Visibility } from '../content-access/content-visibility';
import type { TenantContext } from '../tenant-context/tenant-context';
import type { PlanContentRequest, PlanContentResponse } from './dto/plan-content.dto';
import {
  LibraryContentRepository,
  LibraryRow,
  LibraryTable,
  LibraryValues,
} from './library-content.repository';
import { assertPlanVisibility, canReadPlan, canWritePlan } from './plan-access';

const LABEL: Record<LibraryTable, string> = {
  plan_templates: 'Training plan template',
  framework_programs: 'Framework program',
  progression_graphs: 'Progression graph',
};

/** Reads and writes of the columns every library planning record shares, with their rules. */
@Injectable()
export class LibraryContentService {
  constructor(private readonly repo: LibraryContentRepository) {}

  /** The row when the caller may read it; 404 otherwise (existence does not leak). */
  async readable<T extends LibraryRow>(
    ctx: TenantContext,
    table: LibraryTable,
    id: string,
    manager?: EntityManager,
    lock = false,
  ): Promise<T> {
    const row = await this.repo.findById<T>(table, id, manager, lock);
    if (!row || !canReadPlan(ctx, row)) throw new NotFoundError(LABEL[table], id);
    return row;
  }

  /**
   * The row when the caller may change it: 404 when invisible, 403 when read-only, then 412
   * unless `ifMatch` (when given) names its version. With `manager` the row is locked for the
   * rest of the transaction, so the version checked is the one the transaction writes over.
   */
  async writable<T extends LibraryRow>(
    ctx: TenantContext,
    table: LibraryTable,
    id: string,
    manager?: EntityManager,
    ifMatch?: IfMatch,
  ): Promise<T> {
    const row = await this.readable<T>(ctx, table, id, manager, !!manager);
    if (!canWritePlan(ctx, row)) {
      throw new ForbiddenError(
        `Only the creator or a platform admin may change this ${LABEL[table].toLowerCase()}.`,
      );
    }
    assertIfMatch(ifMatch, row.row_version);
    return row;
  }

  /**
   * Values of a create (current null) or an update. With visibility club and no club_id the
   * current club (when already club) or else the effective club is used.
   */
  async values(
    ctx: TenantContext,
    body: Partial<PlanContentRequest>,
    current: LibraryRow | null,
  ): Promise<LibraryValues> {
    const visibility: Visibility = body.visibility ?? current?.visibility ?? 'private';
    let clubId: string | null = null;
    if (visibility !== 'club') {
      if (body.club_id != null) {
        throw new ValidationFailedError('club_id goes with visibility club.', [
          { path: 'club_id', message: 'only with visibility club' },
        ]);
      }
    } else {
      clubId =
        body.club_id ??
        (current?.visibility === 'club' ? current.club_id : null) ??
        ctx.effective_club_id;
      if (!clubId) {
        throw new UnprocessableError(
          'Club content needs a club: send club_id or choose an active club.',
          'CLUB_REQUIRED',
          { errors: [{ path: 'club_id', message: 'required for visibility club' }] },
        );
      }
      if (!(await this.repo.clubExists(clubId))) {
        throw new UnprocessableError(`Club ${clubId} does not exist.`, 'UNKNOWN_CLUB', {
          errors: [{ path: 'club_id', message: 'unknown club' }],
        });
      }
    }
    if (!current || current.visibility !== visibility || current.club_id !== clubId) {
      assertPlanVisibility(ctx, { visibility, club_id: clubId });
    }
    return {
      name: body.name ?? current?.name ?? '',
      description:
        body.description !== undefined ? body.description : (current?.description ?? null),
      visibility,
      club_id: clubId,
    };
  }

  /** Checks catalog ids of a body; 422 UNKNOWN_CATALOG_ENTRY naming each bad path. */
  async assertCatalogIds(checks: { path: string; table: string; ids: string[] }[]): Promise<void> {
    const errors: { path: string; message: string }[] = [];
    for (const c of checks) {
      const unknown = new Set(await this.repo.unknownIds(c.table, c.ids));
      c.ids.forEach((id, i) => {
        if (unknown.has(id)) {
          errors.push({
            path: c.ids.length === 1 && !c.path.endsWith('s') ? c.path : `${c.path}.${i}`,
            message: 'unknown catalog entry',
          });
        }
      });
    }
    if (errors.length) {
      throw new UnprocessableError('Some catalog ids do not exist.', 'UNKNOWN_CATALOG_ENTRY', {
        errors,
      });
    }
  }
}

export function toPlanContentResponse(ctx: TenantContext, row: LibraryRow): PlanContentResponse {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    visibility: row.visibility,
    club_id: row.club_id,
    owner_profile_id: row.owner_profile_id,
    can_edit: canWritePlan(ctx, row),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}
