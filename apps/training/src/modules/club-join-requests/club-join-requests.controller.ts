import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated } from '@sports/common';
import { PageQuery } from '../club-memberships/dto/page.query';
import { UuidParamPipe } from '../club-memberships/uuid-param.pipe';
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

@ApiTags('club join requests')
@Controller()
export class ClubJoinRequestsController {
  constructor(private readonly joinRequests: ClubJoinRequestsService) {}

  @Post('clubs/:id/join-requests')
  @Authenticated()
  @ApiCreatedResponse({ type: JoinRequestResponse })
  submit(
    @Tenant() ctx: TenantContext,
    @Param('id', UuidParamPipe) clubId: string,
    @Body() body: CreateJoinRequestRequest,
  ): Promise<JoinRequestResponse> {
    return this.joinRequests.submit(ctx, clubId, body);
  }

  @Get('clubs/:id/join-requests')
  @Authenticated()
  @ApiOkResponse({ type: JoinRequestListResponse })
  list(
    @Tenant() ctx: TenantContext,
    @Param('id', UuidParamPipe) clubId: string,
    @Query() query: ListJoinRequestsQuery,
  ): Promise<JoinRequestListResponse> {
    return this.joinRequests.list(ctx, clubId, query);
  }

  @Post('clubs/:id/join-requests/:rid/accept')
  @Authenticated()
  @HttpCode(200)
  @ApiOkResponse({ type: AcceptJoinRequestResponse })
  accept(
    @Tenant() ctx: TenantContext,
    @Param('id', UuidParamPipe) clubId: string,
    @Param('rid', UuidParamPipe) requestId: string,
  ): Promise<AcceptJoinRequestResponse> {
    return this.joinRequests.accept(ctx, clubId, requestId);
  }

  @Post('clubs/:id/join-requests/:rid/reject')
  @Authenticated()
  @HttpCode(200)
  @ApiOkResponse({ type: JoinRequestResponse })
  reject(
    @Tenant() ctx: TenantContext,
    @Param('id', UuidParamPipe) clubId: string,
    @Param('rid', UuidParamPipe) requestId: string,
  ): Promise<JoinRequestResponse> {
    return this.joinRequests.reject(ctx, clubId, requestId);
  }

  @Get('join-requests/mine')
  @Authenticated()
  @ApiOkResponse({ type: JoinRequestListResponse })
  mine(@Tenant() ctx: TenantContext, @Query() query: PageQuery): Promise<JoinRequestListResponse> {
    return this.joinRequests.mine(ctx, query);
  }
}
