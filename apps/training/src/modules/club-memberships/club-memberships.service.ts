import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  assertIfMatch,
  ConflictError,
  ForbiddenError,
  mapUniqueViolations,
  NotFoundError,
  pageOf,
  UnprocessableError,
  withEntityTag,
  WriteTarget,
} from '@sports/common';
import { DataSource, EntityManager } from 'typeorm';
import { ProfilesService } from '../profiles/profiles.service';
import {
  canAdministerClub,
  canReadClub,
  isPlatformAdmin,
  TenantContext,
} from '../tenant-context/tenant-context';
import type { ClubMemberRole } from '../tenant-context/club-member-role';
import { alreadyMember, CLUB_MEMBERSHIP_CONFLICTS } from './club-memberships.constraints';
import { ClubMembershipsRepository, MemberRow } from './club-memberships.repository';
import {
  ClubMemberListResponse,
  ClubMemberResponse,
  CreateClubMemberRequest,
  ListClubMembersQuery,
  MemberDirectoryResponse,
  toClubMemberResponse,
  toDirectoryEntry,
  UpdateClubMemberRequest,
} from './dto/club-member.dto';

/** A club a profile belongs to, as other modules (profiles, admin users) show it. */
export interface ClubOfProfile {
  id: string;
  name: string;
  roles: string[];
}

/** Memberships: who belongs to which club with which roles, and the members routes. */
@Injectable()
export class ClubMembershipsService {
  constructor(
    private readonly members: ClubMembershipsRepository,
    private readonly profiles: ProfilesService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  // ---- for other modules ----

  clubExists(clubId: string): Promise<boolean> {
    return this.members.clubExists(clubId);
  }

  /** Clubs of each profile (oldest membership first); profiles without clubs map to []. */
  async clubsOfProfiles(profileIds: string[]): Promise<Map<string, ClubOfProfile[]>> {
    const out = new Map<string, ClubOfProfile[]>(profileIds.map((id) => [id, []]));
    for (const m of await this.members.membershipsOfProfiles(profileIds)) {
      out.get(m.profileId)?.push({ id: m.clubId, name: m.clubName, roles: m.roles });
    }
    return out;
  }

  /** Adds a membership (or merges roles into an existing one) inside the caller's transaction. */
  addMember(
    manager: EntityManager,
    clubId: string,
    profileId: string,
    roles: ClubMemberRole[],
  ): Promise<string> {
    return this.members.upsert(manager, clubId, profileId, roles);
  }

  findMemberByProfile(
    clubId: string,
    profileId: string,
    manager?: EntityManager,
  ): Promise<MemberRow | null> {
    return this.members.findByProfile(clubId, profileId, manager);
  }

  /** Club roles of those of `profileIds` who are members of `clubId`. */
  rolesOfProfiles(clubId: string, profileIds: string[]): Promise<Map<string, ClubMemberRole[]>> {
    return this.members.rolesOfProfiles(clubId, profileIds);
  }

  memberCounts(clubIds: string[]): Promise<Map<string, number>> {
    return this.members.countByClub(clubIds);
  }

  // ---- HTTP ----

  async list(
    ctx: TenantContext,
    clubId: string,
    query: ListClubMembersQuery,
  ): Promise<ClubMemberListResponse> {
    await this.requireClub(ctx, clubId, 'administer');
    const page = pageOf(query);
    const { rows, total } = await this.members.list(clubId, { ...page, role: query.role });
    return { items: rows.map(toClubMemberResponse), total, ...page };
  }

  async get(ctx: TenantContext, clubId: string, memberId: string): Promise<ClubMemberResponse> {
    await this.requireClub(ctx, clubId, 'administer');
    return respond(await this.findOrFail(clubId, memberId));
  }

  async create(
    ctx: TenantContext,
    clubId: string,
    body: CreateClubMemberRequest,
  ): Promise<ClubMemberResponse> {
    await this.requireClub(ctx, clubId, 'administer');
    if (!(await this.profiles.findById(body.profile_id))) {
      throw new UnprocessableError(`Profile ${body.profile_id} does not exist.`, 'UNKNOWN_PROFILE');
    }
    const id = await mapUniqueViolations(CLUB_MEMBERSHIP_CONFLICTS, () =>
      this.dataSource.transaction(async (m) => {
        if (await this.members.findByProfile(clubId, body.profile_id, m)) throw alreadyMember();
        return this.members.insert(m, clubId, body.profile_id, normalise(body.roles));
      }),
    );
    return respond(await this.findOrFail(clubId, id));
  }

  /** With If-Match, only the version it names is changed (checked on the locked row). */
  async update(
    ctx: TenantContext,
    clubId: string,
    { id: memberId, ifMatch }: WriteTarget,
    body: UpdateClubMemberRequest,
  ): Promise<ClubMemberResponse> {
    await this.requireClub(ctx, clubId, 'administer');
    const roles = normalise(body.roles);
    await this.dataSource.transaction(async (m) => {
      const member = await this.members.findById(clubId, memberId, m, true);
      if (!member) throw new NotFoundError('Club member', memberId);
      assertIfMatch(ifMatch, member.rowVersion);
      if (member.roles.includes('club_admin') && !roles.includes('club_admin')) {
        await this.guardLastClubAdmin(ctx, m, clubId);
      }
      await this.members.updateRoles(m, memberId, roles);
    });
    return respond(await this.findOrFail(clubId, memberId));
  }

  /** With If-Match, only the version it names is removed (checked on the locked row). */
  async remove(
    ctx: TenantContext,
    clubId: string,
    { id: memberId, ifMatch }: WriteTarget,
  ): Promise<void> {
    await this.requireClub(ctx, clubId, 'administer');
    await this.dataSource.transaction(async (m) => {
      const member = await this.members.findById(clubId, memberId, m, true);
      if (!member) throw new NotFoundError('Club member', memberId);
      assertIfMatch(ifMatch, member.rowVersion);
      if (member.roles.includes('club_admin')) await this.guardLastClubAdmin(ctx, m, clubId);
      await this.members.delete(m, memberId);
    });
  }

  /** Members of a club the caller belongs to, for picking trainers; emails only for organisers. */
  async directory(
    ctx: TenantContext,
    clubId: string,
    query: ListClubMembersQuery,
  ): Promise<MemberDirectoryResponse> {
    await this.requireClub(ctx, clubId, 'read');
    const page = pageOf(query);
    const { rows, total } = await this.members.list(clubId, { ...page, role: query.role });
    const withEmail = canAdministerClub(ctx, clubId);
    return { items: rows.map((r) => toDirectoryEntry(r, withEmail)), total, ...page };
  }

  /** 404 for an unknown club, 403 when the caller may not read or administer it. */
  async requireClub(
    ctx: TenantContext,
    clubId: string,
    access: 'read' | 'administer',
  ): Promise<void> {
    if (!(await this.members.clubExists(clubId))) throw new NotFoundError('Club', clubId);
    const allowed = access === 'read' ? canReadClub(ctx, clubId) : canAdministerClub(ctx, clubId);
    if (!allowed) {
      throw new ForbiddenError(
        access === 'read'
          ? 'Only members of this club may see this.'
          : 'Only club admins of this club or platform admins may do this.',
      );
    }
  }

  private async findOrFail(clubId: string, memberId: string): Promise<MemberRow> {
    const member = await this.members.findById(clubId, memberId);
    if (!member) throw new NotFoundError('Club member', memberId);
    return member;
  }

  /** A club admin cannot take away the last club_admin of a club; platform admins may. */
  private async guardLastClubAdmin(
    ctx: TenantContext,
    m: EntityManager,
    clubId: string,
  ): Promise<void> {
    if (isPlatformAdmin(ctx)) return;
    if ((await this.members.countClubAdminsLocked(m, clubId)) <= 1) {
      throw new ConflictError('The club would be left without a club admin.', 'LAST_CLUB_ADMIN');
    }
  }
}

const respond = (member: MemberRow): ClubMemberResponse =>
  withEntityTag(toClubMemberResponse(member), member.rowVersion);

function normalise(roles: ClubMemberRole[]): ClubMemberRole[] {
  return [...new Set(roles)].sort();
}
