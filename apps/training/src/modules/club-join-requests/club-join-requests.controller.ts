import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { ApiErrors, Authenticated, PageQuery, UuidParam } from '@sports/common';
import type { TenantContext } from '../tenant-context/tenant-context';
import { Tenant } from '../tenant-context/tenant-context.decorators';
import { ClubJoinRequestsService } from './club-join-requests.service';
import {
  AcceptJoinRequestResponse,
  CreateJoinRequestRequest,
  JoinRequestListResponse,
  JoinRequestResponse,
  ListJoinRequestsQuery,
} from './dto/club-join-request.dto';
import { TenantScoped } from '../tenant-context/tenant-scoped.decorator';

@ApiTags('club join requests')
@TenantScoped()
@Controller()
export class ClubJoinRequestsController {
  constructor(private readonly joinRequests: ClubJoinRequestsService) {}

  @ApiOperation({ operationId: 'createJoinRequest', summary: 'Ask to join a club' })
  @Post('clubs/:id/join-requests')
  @Authenticated()
  @ApiCreatedResponse({ type: JoinRequestResponse })
  @ApiConflictResponse({ description: 'ALREADY_MEMBER or JOIN_REQUEST_PENDING' })
  submit(
    @Tenant() ctx: TenantContext,
    @UuidParam() clubId: string,
    @Body() body: CreateJoinRequestRequest,
  ): Promise<JoinRequestResponse> {
    return this.joinRequests.submit(ctx, clubId, body);
  }

  @ApiOperation({ operationId: 'listJoinRequests', summary: 'List the join requests of a club' })
  @ApiErrors('FORBIDDEN')
  @Get('clubs/:id/join-requests')
  @Authenticated()
  @ApiOkResponse({ type: JoinRequestListResponse })
  list(
    @Tenant() ctx: TenantContext,
    @UuidParam() clubId: string,
    @Query() query: ListJoinRequestsQuery,
  ): Promise<JoinRequestListResponse> {
    return this.joinRequests.list(ctx, clubId, query);
  }

  @ApiOperation({ operationId: 'acceptJoinRequest', summary: 'Accept a join request' })
  @ApiErrors('FORBIDDEN')
  @Post('clubs/:id/join-requests/:rid/accept')
  @Authenticated()
  @HttpCode(200)
  @ApiOkResponse({ type: AcceptJoinRequestResponse })
  @ApiConflictResponse({ description: 'JOIN_REQUEST_REJECTED: a rejected request stays rejected' })
  accept(
    @Tenant() ctx: TenantContext,
    @UuidParam() clubId: string,
    @UuidParam('rid') requestId: string,
  ): Promise<AcceptJoinRequestResponse> {
    return this.joinRequests.accept(ctx, clubId, requestId);
  }

  @ApiOperation({ operationId: 'rejectJoinRequest', summary: 'Reject a join request' })
  @ApiErrors('FORBIDDEN', 'JOIN_REQUEST_ACCEPTED')
  @Post('clubs/:id/join-requests/:rid/reject')
  @Authenticated()
  @HttpCode(200)
  @ApiOkResponse({ type: JoinRequestResponse })
  reject(
    @Tenant() ctx: TenantContext,
    @UuidParam() clubId: string,
    @UuidParam('rid') requestId: string,
  ): Promise<JoinRequestResponse> {
    return this.joinRequests.reject(ctx, clubId, requestId);
  }

  @ApiOperation({ operationId: 'listOwnJoinRequests', summary: "List the caller's join requests" })
  @Get('join-requests/mine')
  @Authenticated()
  @ApiOkResponse({ type: JoinRequestListResponse })
  mine(@Tenant() ctx: TenantContext, @Query() query: PageQuery): Promise<JoinRequestListResponse> {
    return this.joinRequests.mine(ctx, query);
  }
}
