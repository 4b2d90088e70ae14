import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import {
  ApiErrors,
  Authenticated,
  ConditionalWrite,
  EntityTagged,
  UuidParam,
  WriteTarget,
} from '@sports/common';
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
import { TenantScoped } from '../tenant-context/tenant-scoped.decorator';

@ApiTags('club members')
@TenantScoped()
@Controller('clubs/:id')
export class ClubMembershipsController {
  constructor(private readonly memberships: ClubMembershipsService) {}

  @ApiOperation({ operationId: 'listClubMembers', summary: 'List the members of a club' })
  @ApiErrors('FORBIDDEN')
  @Get('members')
  @Authenticated()
  @ApiOkResponse({ type: ClubMemberListResponse })
  list(
    @Tenant() ctx: TenantContext,
    @UuidParam() clubId: string,
    @Query() query: ListClubMembersQuery,
  ): Promise<ClubMemberListResponse> {
    return this.memberships.list(ctx, clubId, query);
  }

  @ApiOperation({ operationId: 'createClubMember', summary: 'Add a member to a club' })
  @ApiErrors('FORBIDDEN', 'UNKNOWN_PROFILE')
  @Post('members')
  @Authenticated()
  @ApiCreatedResponse({ type: ClubMemberResponse })
  @ApiConflictResponse({ description: 'ALREADY_MEMBER: the profile is a member already' })
  @EntityTagged()
  create(
    @Tenant() ctx: TenantContext,
    @UuidParam() clubId: string,
    @Body() body: CreateClubMemberRequest,
  ): Promise<ClubMemberResponse> {
    return this.memberships.create(ctx, clubId, body);
  }

  @ApiOperation({ operationId: 'getClubMember', summary: 'Get a member of a club' })
  @ApiErrors('FORBIDDEN')
  @Get('members/:member_id')
  @Authenticated()
  @ApiOkResponse({ type: ClubMemberResponse })
  @EntityTagged()
  get(
    @Tenant() ctx: TenantContext,
    @UuidParam() clubId: string,
    @UuidParam('member_id') memberId: string,
  ): Promise<ClubMemberResponse> {
    return this.memberships.get(ctx, clubId, memberId);
  }

  @ApiOperation({ operationId: 'replaceClubMember', summary: "Replace a club member's roles" })
  @ApiErrors('FORBIDDEN', 'LAST_CLUB_ADMIN')
  @Put('members/:member_id')
  @Authenticated()
  @ApiOkResponse({ type: ClubMemberResponse })
  @ConditionalWrite()
  update(
    @Tenant() ctx: TenantContext,
    @UuidParam() clubId: string,
    @WriteTarget('member_id') target: WriteTarget,
    @Body() body: UpdateClubMemberRequest,
  ): Promise<ClubMemberResponse> {
    return this.memberships.update(ctx, clubId, target, body);
  }

  @ApiOperation({ operationId: 'deleteClubMember', summary: 'Remove a member from a club' })
  @ApiErrors('FORBIDDEN', 'LAST_CLUB_ADMIN')
  @Delete('members/:member_id')
  @Authenticated()
  @HttpCode(204)
  @ApiNoContentResponse()
  @ConditionalWrite()
  remove(
    @Tenant() ctx: TenantContext,
    @UuidParam() clubId: string,
    @WriteTarget('member_id') target: WriteTarget,
  ): Promise<void> {
    return this.memberships.remove(ctx, clubId, target);
  }

  @ApiOperation({
    operationId: 'listClubMemberDirectory',
    summary: 'List the member directory of a club',
  })
  @ApiErrors('FORBIDDEN')
  @Get('member-directory')
  @Authenticated()
  @ApiOkResponse({ type: MemberDirectoryResponse })
  directory(
    @Tenant() ctx: TenantContext,
    @UuidParam() clubId: string,
    @Query() query: ListClubMembersQuery,
  ): Promise<MemberDirectoryResponse> {
    return this.memberships.directory(ctx, clubId, query);
  }
}
