import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ConflictError,
  mapUniqueViolations,
  NotFoundError,
  pageOf,
  PageQuery,
} from '@sports/common';
import { DataSource } from 'typeorm';
import { ClubMembershipsService } from '../club-memberships/club-memberships.service';
import { ClubsService } from '../clubs/clubs.service';
import { isClubMember, TenantContext } from '../tenant-context/tenant-context';
import { CLUB_JOIN_REQUEST_CONFLICTS, pendingConflict } from './club-join-requests.constraints';
import { ClubJoinRequestsRepository } from './club-join-requests.repository';
import {
  AcceptJoinRequestResponse,
  CreateJoinRequestRequest,
  JoinRequestListResponse,
  JoinRequestResponse,
  ListJoinRequestsQuery,
  toJoinRequestResponse,
} from './dto/club-join-request.dto';

/**
 * Applications to a club: pending → accepted (creates the membership) or rejected.
 * Accepting twice answers the same result; a rejected request stays rejected.
 */
@Injectable()
export class ClubJoinRequestsService {
  constructor(
    private readonly requests: ClubJoinRequestsRepository,
    private readonly clubs: ClubsService,
    private readonly memberships: ClubMembershipsService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async submit(
    ctx: TenantContext,
    clubId: string,
    body: CreateJoinRequestRequest,
  ): Promise<JoinRequestResponse> {
    await this.clubs.findOrFail(clubId);
    if (isClubMember(ctx, clubId)) {
      throw new ConflictError('You are already a member of this club.', 'ALREADY_MEMBER');
    }
    const created = await mapUniqueViolations(CLUB_JOIN_REQUEST_CONFLICTS, () =>
      this.dataSource.transaction(async (m) => {
        if (await this.requests.findPending(clubId, ctx.profile_id, m)) throw pendingConflict();
        return this.requests.insert(m, {
          clubId,
          profileId: ctx.profile_id,
          message: body.message?.trim() || null,
        });
      }),
    );
    return toJoinRequestResponse(created);
  }

  async list(
    ctx: TenantContext,
    clubId: string,
    query: ListJoinRequestsQuery,
  ): Promise<JoinRequestListResponse> {
    await this.memberships.requireClub(ctx, clubId, 'administer');
    const page = pageOf(query);
    const { rows, total } = await this.requests.list({ clubId, status: query.status }, page);
    return { items: rows.map(toJoinRequestResponse), total, ...page };
  }

  async mine(ctx: TenantContext, query: PageQuery): Promise<JoinRequestListResponse> {
    const page = pageOf(query);
    const { rows, total } = await this.requests.list({ profileId: ctx.profile_id }, page);
    return { items: rows.map(toJoinRequestResponse), total, ...page };
  }

  async accept(
    ctx: TenantContext,
    clubId: string,
    requestId: string,
  ): Promise<AcceptJoinRequestResponse> {
    await this.memberships.requireClub(ctx, clubId, 'administer');
    const memberId = await this.dataSource.transaction(async (m) => {
      const request = await this.requests.findForUpdate(m, clubId, requestId);
      if (!request) throw new NotFoundError('Join request', requestId);
      if (request.status === 'rejected') {
        throw new ConflictError(
          'This join request was rejected and cannot be accepted.',
          'JOIN_REQUEST_REJECTED',
        );
      }
      if (request.status === 'accepted') {
        return (
          (await this.memberships.findMemberByProfile(clubId, request.profileId, m))?.id ?? null
        );
      }
      const id = await this.memberships.addMember(m, clubId, request.profileId, ['member']);
      await this.requests.decide(m, request.id, 'accepted', ctx.profile_id);
      return id;
    });
    const request = await this.requests.findById(clubId, requestId);
    if (!request) throw new NotFoundError('Join request', requestId);
    return { request: toJoinRequestResponse(request), member_id: memberId };
  }

  async reject(
    ctx: TenantContext,
    clubId: string,
    requestId: string,
  ): Promise<JoinRequestResponse> {
    await this.memberships.requireClub(ctx, clubId, 'administer');
    await this.dataSource.transaction(async (m) => {
      const request = await this.requests.findForUpdate(m, clubId, requestId);
      if (!request) throw new NotFoundError('Join request', requestId);
      if (request.status === 'accepted') {
        throw new ConflictError(
          'This join request was already accepted; remove the member instead.',
          'JOIN_REQUEST_ACCEPTED',
        );
      }
      if (request.status === 'pending') {
        await this.requests.decide(m, request.id, 'rejected', ctx.profile_id);
      }
    });
    const request = await this.requests.findById(clubId, requestId);
    if (!request) throw new NotFoundError('Join request', requestId);
    return toJoinRequestResponse(request);
  }
}
