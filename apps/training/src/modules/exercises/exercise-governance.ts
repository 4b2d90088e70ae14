import { ForbiddenError } from '@sports/common';
import {
  canAdministerClub,
  isClubMember,
  isPlatformAdmin,
  isSuperadmin,
  TenantContext,
} from '../tenant-context/tenant-context';
import type { Visibility, VisibleContent } from '../content-access/content-visibility';

/**
 * Who may edit an exercise (PUT, variants, bulk-metadata):
 * - private: its owner;
 * - club: its owner while a member of the club, the club's admins, platform admins;
 * - official: platform admins.
 */
export function canEditExercise(ctx: TenantContext, ex: VisibleContent): boolean {
  switch (ex.visibility) {
    case 'private':
      return ex.owner_profile_id === ctx.profile_id;
    case 'club':
      return (
        ex.club_id !== null &&
        (canAdministerClub(ctx, ex.club_id) ||
          (ex.owner_profile_id === ctx.profile_id && isClubMember(ctx, ex.club_id)))
      );
    case 'official':
      return isPlatformAdmin(ctx);
    default:
      return false;
  }
}

/**
 * Who may delete (behaviour rule 3): own private exercises; club admins (and platform admins)
 * for club exercises; platform admins for official ones.
 */
export function canDeleteExercise(ctx: TenantContext, ex: VisibleContent): boolean {
  switch (ex.visibility) {
    case 'private':
      return ex.owner_profile_id === ctx.profile_id;
    case 'club':
      return ex.club_id !== null && canAdministerClub(ctx, ex.club_id);
    case 'official':
      return isPlatformAdmin(ctx);
    default:
      return false;
  }
}

/**
 * The visibility rules of a create or change (the spec's state table):
 * - becoming official, or leaving official: superadmin only;
 * - becoming club (or moving to another club): membership of that club; platform admins may
 *   pick any existing club (existence is checked by the caller);
 * - becoming private: the owner (or a platform admin, handing it back to its owner).
 * Throws 403 with a code naming the rule; `from` is null on create.
 */
export function assertVisibilityChange(
  ctx: TenantContext,
  from: { visibility: Visibility; club_id: string | null; owner_profile_id: string | null } | null,
  to: { visibility: Visibility; club_id: string | null },
): void {
  const changesVisibility = !from || from.visibility !== to.visibility;
  const changesClub = !from || from.club_id !== to.club_id;
  if ((to.visibility === 'official' || from?.visibility === 'official') && changesVisibility) {
    if (!isSuperadmin(ctx)) {
      throw new ForbiddenError(
        'Only a superadmin may make an exercise official or take it back from official.',
        'OFFICIAL_CONTENT_FORBIDDEN',
      );
    }
  }
  if (to.visibility === 'club' && (changesVisibility || changesClub) && to.club_id) {
    if (!isPlatformAdmin(ctx) && !isClubMember(ctx, to.club_id)) {
      throw new ForbiddenError(
        'Club exercises need membership of that club.',
        'CLUB_MEMBERSHIP_REQUIRED',
        { extensions: { club_id: to.club_id } },
      );
    }
  }
  if (to.visibility === 'private' && from && changesVisibility) {
    if (from.owner_profile_id !== ctx.profile_id && !isPlatformAdmin(ctx)) {
      throw new ForbiddenError(
        'Only the owner may make this exercise private.',
        'PRIVATE_REQUIRES_OWNER',
      );
    }
  }
}
