import { Injectable } from '@nestjs/common';
import { ForbiddenError } from '@sports/common';
import { isUUID } from 'class-validator';
import type { ClubMemberRole } from './club-member-role';
import { isPlatformAdmin, TenantContext } from './tenant-context';
import { CallerState, TenantContextRepository } from './tenant-context.repository';

/** What `GET /api/profiles/me` shows about the caller's clubs. */
export interface TenantDescription {
  clubs: { id: string; name: string; roles: ClubMemberRole[] }[];
  effective_club_id: string | null;
}

/** The caller's memberships and active club, as the caller resolver reads them with the account. */
type CallerClubs = Pick<CallerState, 'memberships' | 'activeClubId'>;

/**
 * Resolves who calls in which club. The guard's hook stores the result on the request, where
 * handlers read it with `@Tenant()` (the one way to get it).
 */
@Injectable()
export class TenantContextService {
  constructor(private readonly repo: TenantContextRepository) {}

  /**
   * Header naming the active club: a member's club, or any existing club for a platform admin.
   * Otherwise 403 CLUB_CONTEXT_FORBIDDEN, unless `allowStale`, which discards the value.
   * Without (a usable) header: the profile's active club when the caller may use it, else the
   * oldest membership, else null. `known`: the caller's memberships and active club as read with
   * the account for this request (else they are read now).
   */
  async resolve(
    profileId: string,
    role: string,
    headerClubId: string | undefined,
    allowStale: boolean,
    known?: CallerClubs,
  ): Promise<TenantContext & { clubNames: Map<string, string> }> {
    const state = known ?? (await this.repo.findCaller(profileId));
    const memberships = state?.memberships ?? [];
    const byClub = new Map<string, ClubMemberRole[]>(memberships.map((m) => [m.clubId, m.roles]));
    const clubNames = new Map<string, string>(memberships.map((m) => [m.clubId, m.clubName]));
    const admin = isPlatformAdmin({ role });
    const usable = async (clubId: string): Promise<boolean> =>
      byClub.has(clubId) || (admin && (await this.repo.clubExists(clubId)));

    let effective: string | null = null;
    if (headerClubId !== undefined && headerClubId !== '') {
      if (isUUID(headerClubId) && (await usable(headerClubId))) {
        effective = headerClubId;
      } else if (!allowStale) {
        throw new ForbiddenError(
          'X-Active-Club-Id names a club you cannot act in.',
          'CLUB_CONTEXT_FORBIDDEN',
          { extensions: { club_id: headerClubId } },
        );
      }
    }
    if (effective === null) {
      const active = state?.activeClubId ?? null;
      // The foreign key keeps active_club_id pointing at an existing club (or null).
      if (active && (byClub.has(active) || admin)) effective = active;
      else effective = memberships[0]?.clubId ?? null;
    }
    return {
      profile_id: profileId,
      role,
      effective_club_id: effective,
      club_roles: effective ? [...(byClub.get(effective) ?? [])] : [],
      memberships: byClub,
      clubNames,
    };
  }

  /** The caller's clubs and effective club, discarding a stale header (own-profile read). */
  async describe(
    profileId: string,
    role: string,
    headerClubId: string | undefined,
    known?: CallerClubs,
  ): Promise<TenantDescription> {
    const ctx = await this.resolve(profileId, role, headerClubId, true, known);
    return {
      clubs: [...ctx.memberships].map(([id, roles]) => ({
        id,
        name: ctx.clubNames.get(id) ?? '',
        roles: [...roles],
      })),
      effective_club_id: ctx.effective_club_id,
    };
  }

  /**
   * Whether a profile may act in `clubId` (the rule of the header above, for a profile's
   * active club): a club it is a member of, or any existing club for a platform admin.
   */
  async mayActIn(profileId: string, role: string, clubId: string): Promise<boolean> {
    if (await this.repo.isMember(profileId, clubId)) return true;
    return isPlatformAdmin({ role }) && (await this.repo.clubExists(clubId));
  }
}
