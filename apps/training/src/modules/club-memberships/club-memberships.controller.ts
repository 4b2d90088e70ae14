import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { Authenticated, UuidParamPipe } from '@sports/common';
import type { TenantContext } from '../tenant-context/tenant-context';
import { Tenant } from '../tenant-context/tenant-context.decorators';
import { ClubMembershipsService } from './club-memberships.service';
import {
  ClubMemberListResponse,
  ClubMemberResponse,
  CreateClubMemberRequest,
  ListClubMembersQuery,
  MemberDirectoryResponse,
  UpdateClubMemberRequest,
} from './dto/club-member.dto';

@ApiTags('club members')
@Controller('clubs/:id')
export class ClubMembershipsController {
  constructor(private readonly memberships: ClubMembershipsService) {}

  @Get('members')
  @Authenticated()
  @ApiOkResponse({ type: ClubMemberListResponse })
  list(
    @Tenant() ctx: TenantContext,
    @Param('id', UuidParamPipe) clubId: string,
    @Query() query: ListClubMembersQuery,
  ): Promise<ClubMemberListResponse> {
    return this.memberships.list(ctx, clubId, query);
  }

  @Post('members')
  @Authenticated()
  @ApiCreatedResponse({ type: ClubMemberResponse })
  @ApiConflictResponse({ description: 'ALREADY_MEMBER: the profile is a member already' })
  create(
    @Tenant() ctx: TenantContext,
    @Param('id', UuidParamPipe) clubId: string,
    @Body() body: CreateClubMemberRequest,
  ): Promise<ClubMemberResponse> {
    return this.memberships.create(ctx, clubId, body);
  }

  @Get('members/:member_id')
  @Authenticated()
  @ApiOkResponse({ type: ClubMemberResponse })
  get(
    @Tenant() ctx: TenantContext,
    @Param('id', UuidParamPipe) clubId: string,
    @Param('member_id', UuidParamPipe) memberId: string,
  ): Promise<ClubMemberResponse> {
    return this.memberships.get(ctx, clubId, memberId);
  }

  @Put('members/:member_id')
  @Authenticated()
  @ApiOkResponse({ type: ClubMemberResponse })
  update(
    @Tenant() ctx: TenantContext,
    @Param('id', UuidParamPipe) clubId: string,
    @Param('member_id', UuidParamPipe) memberId: string,
    @Body() body: UpdateClubMemberRequest,
  ): Promise<ClubMemberResponse> {
    return this.memberships.update(ctx, clubId, memberId, body);
  }

  @Delete('members/:member_id')
  @Authenticated()
  @HttpCode(204)
  @ApiNoContentResponse()
  remove(
    @Tenant() ctx: TenantContext,
    @Param('id', UuidParamPipe) clubId: string,
    @Param('member_id', UuidParamPipe) memberId: string,
  ): Promise<void> {
    return this.memberships.remove(ctx, clubId, memberId);
  }

  @Get('member-directory')
  @Authenticated()
  @ApiOkResponse({ type: MemberDirectoryResponse })
  directory(
    @Tenant() ctx: TenantContext,
    @Param('id', UuidParamPipe) clubId: string,
    @Query() query: ListClubMembersQuery,
  ): Promise<MemberDirectoryResponse> {
    return this.memberships.directory(ctx, clubId, query);
  }
}
