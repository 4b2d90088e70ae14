import { ForbiddenError, NotFoundError } from '@sports/common';
import {
  hasClubRole,
  isClubMember,
  isPlatformAdmin,
  isSuperadmin,
  TenantContext,
} from '../tenant-context/tenant-context';
import type { AssetPlacement, LifecycleState } from './media-asset.types';
import { officialOnly } from './media-assets.errors';

export const LIFECYCLE_ACTIONS = [
  'trash_soft',
  'trash_hidden',
  'recover',
  'purge',
  'reactivate',
] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];

/** The columns the access rules need of an asset. */
export interface AssetAccessRow {
  visibility: 'private' | 'club' | 'official';
  club_id: string | null;
  owner_profile_id: string | null;
  lifecycle: LifecycleState;
}

/**
 * Who sees an asset in the library: official ones everybody; club ones the club's members;
 * private ones their owner; platform admins see every asset (they hold the lifecycle right).
 */
export function canSeeAsset(ctx: TenantContext, a: AssetAccessRow): boolean {
  if (isPlatformAdmin(ctx)) return true;
  switch (a.visibility) {
    case 'official':
      return true;
    case 'club':
      return a.club_id !== null && isClubMember(ctx, a.club_id);
    case 'private':
      return a.owner_profile_id !== null && a.owner_profile_id === ctx.profile_id;
    default:
      return false;
  }
}

/**
 * The lifecycle right (trash_soft, trash_hidden, recover, reactivate) of the specification:
 * a trainer for own private assets, the club's organisation (club admins) for the club's
 * assets, the platform (admins). Official assets: superadmin only.
 */
export function hasLifecycleRight(ctx: TenantContext, a: AssetAccessRow): boolean {
  if (a.visibility === 'official') return isSuperadmin(ctx);
  if (isPlatformAdmin(ctx)) return true;
  if (a.club_id !== null && hasClubRole(ctx, a.club_id, 'club_admin')) return true;
  return a.visibility === 'private' && a.owner_profile_id === ctx.profile_id;
}

/**
 * Edits (copyright, label, tags, visibility): whoever holds the lifecycle right, plus the
 * uploader of a club asset while a member of that club. Official assets: superadmin only.
 */
export function canEditAsset(ctx: TenantContext, a: AssetAccessRow): boolean {
  if (hasLifecycleRight(ctx, a)) return true;
  return (
    a.visibility === 'club' &&
    a.club_id !== null &&
    a.owner_profile_id === ctx.profile_id &&
    isClubMember(ctx, a.club_id)
  );
}

/** Purge (file and row removed) and forced lifecycle: superadmin only. */
export function canPurgeAsset(ctx: TenantContext): boolean {
  return isSuperadmin(ctx);
}

/** Uploader and club of an asset are shown to platform admins and to the club's admins. */
export function seesAdminDetails(ctx: TenantContext, a: AssetAccessRow): boolean {
  return isPlatformAdmin(ctx) || (a.club_id !== null && hasClubRole(ctx, a.club_id, 'club_admin'));
}

/**
 * The visibility rules of moving an asset, as for exercises: to or from official only by a
 * superadmin; into a club only for its members (any existing club for platform admins);
 * private only by the owner or a platform admin. Throws 403 with a code naming the rule.
 */
export function assertPlacementChange(
  ctx: TenantContext,
  a: Pick<AssetAccessRow, 'visibility' | 'club_id' | 'owner_profile_id'>,
  to: AssetPlacement,
): void {
  const changesVisibility = a.visibility !== to.visibility;
  if (
    (to.visibility === 'official' || a.visibility === 'official') &&
    changesVisibility &&
    !isSuperadmin(ctx)
  ) {
    throw officialOnly();
  }
  if (to.visibility !== 'official' && to.club_id && to.club_id !== a.club_id) {
    if (!isPlatformAdmin(ctx) && !isClubMember(ctx, to.club_id)) {
      throw new ForbiddenError(
        'Club media need membership of that club.',
        'CLUB_MEMBERSHIP_REQUIRED',
        {
          extensions: { club_id: to.club_id },
        },
      );
    }
  }
  if (to.visibility === 'private' && changesVisibility) {
    if (a.owner_profile_id !== ctx.profile_id && !isPlatformAdmin(ctx)) {
      throw new ForbiddenError(
        'Only the owner may make this media asset private.',
        'PRIVATE_REQUIRES_OWNER',
      );
    }
  }
}

/**
 * The rows of a bulk request in the order of `ids`; 404 naming every id that has no row or
 * whose asset the caller cannot see (nothing is changed then).
 */
export function visibleInOrder<T extends AssetAccessRow & { id: string }>(
  ctx: TenantContext,
  ids: string[],
  rows: T[],
): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = ids.filter((i) => {
    const r = byId.get(i);
    return !r || !canSeeAsset(ctx, r);
  });
  if (missing.length) {
    throw new NotFoundError('Media assets', undefined, { extensions: { missing_ids: missing } });
  }
  return ids.map((i) => byId.get(i) as T);
}

/** The lifecycle state an action leads to, or null when the action is not possible from `from`. */
export function lifecycleTarget(
  from: LifecycleState,
  action: LifecycleAction,
): LifecycleState | 'purged' | null {
  switch (action) {
    case 'trash_soft':
    case 'trash_hidden':
      return from === action ? null : action;
    case 'recover':
    case 'reactivate':
      return from === 'active' ? null : 'active';
    case 'purge':
      return 'purged';
    default:
      return null;
  }
}

export interface AssetPermissions {
  can_read_file: boolean;
  can_edit: boolean;
  can_trash: boolean;
  can_recover: boolean;
  can_purge: boolean;
  can_force_lifecycle: boolean;
}

export function permissionsOf(ctx: TenantContext, a: AssetAccessRow): AssetPermissions {
  const lifecycle = hasLifecycleRight(ctx, a);
  return {
    can_read_file: a.lifecycle === 'active' ? canSeeAsset(ctx, a) : lifecycle,
    can_edit: canEditAsset(ctx, a),
    can_trash: lifecycle,
    can_recover: lifecycle && a.lifecycle !== 'active',
    can_purge: canPurgeAsset(ctx),
    can_force_lifecycle: isSuperadmin(ctx),
  };
}

/** Days after which an asset in trash_hidden is purged by the retention job. */
export interface RetentionCandidate {
  id: string;
  lifecycle: LifecycleState;
  lifecycle_changed_at: Date;
}

/** The assets the retention job purges: in trash_hidden for longer than `days` days at `now`. */
export function expiredForRetention<T extends RetentionCandidate>(
  assets: T[],
  now: Date,
  days: number,
): T[] {
  const cutoff = now.getTime() - days * 24 * 60 * 60 * 1000;
  return assets.filter(
    (a) => a.lifecycle === 'trash_hidden' && new Date(a.lifecycle_changed_at).getTime() < cutoff,
  );
}
