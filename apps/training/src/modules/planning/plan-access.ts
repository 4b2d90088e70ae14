import { ForbiddenError } from '@sports/common';
import { canReadContent, Visibility, VisibleContent } from '../content-access/content-visibility';
import { isClubMember, isPlatformAdmin, TenantContext } from '../tenant-context/tenant-context';

/**
 * The plan visibility check (behaviour rule 1): plan templates, framework programs and
 * progression graphs are read through the same rule as exercises.
 */
export const canReadPlan = (ctx: TenantContext, row: VisibleContent): boolean =>
  canReadContent(ctx, row);

/**
 * Writes of plan templates, framework programs and progression graphs (behaviour rule 2): the
 * creator (while still able to read it) or a platform admin.
 */
export function canWritePlan(ctx: TenantContext, row: VisibleContent): boolean {
  if (isPlatformAdmin(ctx)) return true;
  return row.owner_profile_id === ctx.profile_id && canReadContent(ctx, row);
}

/**
 * Visibility of a create or change: `official` is library content published by platform
 * admins only; `club` needs membership of that club (platform admins may pick any club).
 */
export function assertPlanVisibility(
  ctx: TenantContext,
  to: { visibility: Visibility; club_id: string | null },
): void {
  if (to.visibility === 'official' && !isPlatformAdmin(ctx)) {
    throw new ForbiddenError(
      'Only platform admins publish official planning content.',
      'OFFICIAL_CONTENT_FORBIDDEN',
    );
  }
  if (to.visibility === 'club' && to.club_id && !isPlatformAdmin(ctx)) {
    if (!isClubMember(ctx, to.club_id)) {
      throw new ForbiddenError(
        'Club content needs membership of that club.',
        'CLUB_MEMBERSHIP_REQUIRED',
        { extensions: { club_id: to.club_id } },
      );
    }
  }
}
