import type { ClubMemberRole } from './club-member-role';

/** Profile roles that administer the whole platform (role ranks: user < admin < superadmin). */
export const PLATFORM_ADMIN_ROLES: readonly string[] = ['admin', 'superadmin'];

/** Who is calling and in which club, resolved once per request by the tenant context guard. */
export interface TenantContext {
  profile_id: string;
  /** Profile role: user, admin or superadmin. */
  role: string;
  /** The active club of this request, or null when the caller belongs to no club. */
  effective_club_id: string | null;
  /** The caller's roles in the effective club (empty for a platform admin who is not a member). */
  club_roles: ClubMemberRole[];
  /** Every club the caller belongs to, with the roles held there. */
  memberships: ReadonlyMap<string, readonly ClubMemberRole[]>;
}

export function isPlatformAdmin(ctx: Pick<TenantContext, 'role'>): boolean {
  return PLATFORM_ADMIN_ROLES.includes(ctx.role);
}

export function isSuperadmin(ctx: Pick<TenantContext, 'role'>): boolean {
  return ctx.role === 'superadmin';
}

/** The caller's roles in `clubId` (empty when not a member). */
export function clubRolesOf(ctx: TenantContext, clubId: string): readonly ClubMemberRole[] {
  return ctx.memberships.get(clubId) ?? [];
}

export function isClubMember(ctx: TenantContext, clubId: string): boolean {
  return ctx.memberships.has(clubId);
}

export function hasClubRole(
  ctx: TenantContext,
  clubId: string,
  ...roles: ClubMemberRole[]
): boolean {
  return clubRolesOf(ctx, clubId).some((r) => roles.includes(r));
}

/** Platform admins and the club's own admins organise a club. */
export function canAdministerClub(ctx: TenantContext, clubId: string): boolean {
  return isPlatformAdmin(ctx) || hasClubRole(ctx, clubId, 'club_admin');
}

/** Platform admins and members of the club may read it. */
export function canReadClub(ctx: TenantContext, clubId: string): boolean {
  return isPlatformAdmin(ctx) || isClubMember(ctx, clubId);
}
