import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  assertIfMatch,
  ForbiddenError,
  lockedWrite,
  lockIfMatch,
  NotFoundError,
  pageOf,
  PageQuery,
  UnprocessableError,
  withEntityTag,
  WriteTarget,
} from '@sports/common';
import { DataSource } from 'typeorm';
import { ClubMembershipsService } from '../club-memberships/club-memberships.service';
import { ProfilesService } from '../profiles/profiles.service';
import {
  canAdministerClub,
  canReadClub,
  clubRolesOf,
  isPlatformAdmin,
  TenantContext,
} from '../tenant-context/tenant-context';
import type { Club } from './club.entity';
import { ClubsRepository, ClubValues } from './clubs.repository';
import { DEFAULT_TIME_ZONE } from './time-zone';
import {
  ClubDirectoryQuery,
  ClubDirectoryResponse,
  ClubListResponse,
  ClubResponse,
  CreateClubRequest,
  toClubResponse,
  toDirectoryEntry,
  UpdateClubRequest,
} from './dto/club.dto';

/** Clubs: the public directory, reads for members, organisation by club and platform admins. */
@Injectable()
export class ClubsService {
  constructor(
    private readonly clubs: ClubsRepository,
    private readonly memberships: ClubMembershipsService,
    private readonly profiles: ProfilesService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** For other modules: the club or 404. */
  async findOrFail(clubId: string): Promise<Club> {
    const club = await this.clubs.findById(clubId);
    if (!club) throw clubNotFound(clubId)();
    return club;
  }

  async list(ctx: TenantContext, query: PageQuery): Promise<ClubListResponse> {
    const page = pageOf(query);
    const ids = isPlatformAdmin(ctx) ? undefined : [...ctx.memberships.keys()];
    const { rows, total } = await this.clubs.list({ ids }, page);
    const counts = await this.memberships.memberCounts(rows.map((c) => c.id));
    return {
      items: rows.map((c) => toClubResponse(c, counts.get(c.id) ?? 0, clubRolesOf(ctx, c.id))),
      total,
      ...page,
    };
  }

  async directory(query: ClubDirectoryQuery): Promise<ClubDirectoryResponse> {
    const page = pageOf(query);
    const { rows, total } = await this.clubs.list(
      { listedOnly: true, search: query.search?.trim() || undefined },
      page,
    );
    const counts = await this.memberships.memberCounts(rows.map((c) => c.id));
    return { items: rows.map((c) => toDirectoryEntry(c, counts.get(c.id) ?? 0)), total, ...page };
  }

  async get(ctx: TenantContext, clubId: string): Promise<ClubResponse> {
    const club = await this.findOrFail(clubId);
    if (!canReadClub(ctx, clubId)) {
      throw new ForbiddenError('Only members of this club may see it.');
    }
    return this.respond(ctx, club);
  }

  async create(ctx: TenantContext, body: CreateClubRequest): Promise<ClubResponse> {
    if (!(await this.profiles.findById(body.primary_admin_profile_id))) {
      throw new UnprocessableError(
        `Profile ${body.primary_admin_profile_id} does not exist.`,
        'UNKNOWN_PROFILE',
        { errors: [{ path: 'primary_admin_profile_id', message: 'unknown profile' }] },
      );
    }
    const club = await this.dataSource.transaction(async (m) => {
      const created = await this.clubs.insert(m, {
        name: body.name,
        description: body.description ?? null,
        city: body.city ?? null,
        isListed: body.is_listed ?? true,
        timeZone: body.time_zone ?? DEFAULT_TIME_ZONE,
        primaryAdminProfileId: body.primary_admin_profile_id,
      });
      await this.memberships.addMember(m, created.id, body.primary_admin_profile_id, [
        'club_admin',
      ]);
      return created;
    });
    return this.respond(ctx, await this.findOrFail(club.id));
  }

  /** With If-Match, only the version it names is changed (412 otherwise, nothing written). */
  async update(
    ctx: TenantContext,
    { id: clubId, ifMatch }: WriteTarget,
    body: UpdateClubRequest,
  ): Promise<ClubResponse> {
    const club = await this.findOrFail(clubId);
    if (!canAdministerClub(ctx, clubId)) {
      throw new ForbiddenError('Only club admins of this club or platform admins may change it.');
    }
    assertIfMatch(ifMatch, club.rowVersion);
    await this.dataSource.transaction(async (m) => {
      if (ifMatch) await lockIfMatch(m, clubKey(clubId), ifMatch, clubNotFound(clubId));
      const values: Partial<ClubValues> = {};
      if (body.name !== undefined) values.name = body.name;
      if (body.description !== undefined) values.description = body.description;
      if (body.city !== undefined) values.city = body.city;
      if (body.is_listed !== undefined) values.isListed = body.is_listed;
      if (body.time_zone !== undefined) values.timeZone = body.time_zone;
      if (body.primary_admin_profile_id !== undefined) {
        const member = await this.memberships.findMemberByProfile(
          clubId,
          body.primary_admin_profile_id,
          m,
        );
        if (!member) {
          throw new UnprocessableError(
            'The primary admin must be a member of the club.',
            'NOT_A_CLUB_MEMBER',
            { errors: [{ path: 'primary_admin_profile_id', message: 'not a member of the club' }] },
          );
        }
        await this.memberships.addMember(m, clubId, body.primary_admin_profile_id, ['club_admin']);
        values.primaryAdminProfileId = body.primary_admin_profile_id;
      }
      if (Object.keys(values).length) await this.clubs.update(m, clubId, values);
    });
    return this.respond(ctx, await this.findOrFail(clubId));
  }

  async remove({ id: clubId, ifMatch }: WriteTarget): Promise<void> {
    assertIfMatch(ifMatch, (await this.findOrFail(clubId)).rowVersion);
    await lockedWrite(
      this.dataSource.manager,
      clubKey(clubId),
      ifMatch,
      clubNotFound(clubId),
      (m) => this.clubs.delete(clubId, m),
    );
  }

  private async respond(ctx: TenantContext, club: Club): Promise<ClubResponse> {
    const counts = await this.memberships.memberCounts([club.id]);
    const mine = await this.memberships.findMemberByProfile(club.id, ctx.profile_id);
    const response = toClubResponse(club, counts.get(club.id) ?? 0, mine?.roles ?? []);
    return withEntityTag(response, club.rowVersion);
  }
}

const clubKey = (id: string) => ({ table: 'clubs', where: { id } });
const clubNotFound = (id: string) => () => new NotFoundError('Club', id);
