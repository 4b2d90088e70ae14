import { Body, Controller, Delete, Get, HttpCode, Post } from '@nestjs/common';
import {
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import {
  Authenticated,
  ConditionalWrite,
  EntityTagged,
  UuidParam,
  WriteTarget,
} from '@sports/common';
import type { TenantContext } from '../tenant-context/tenant-context';
import { Tenant } from '../tenant-context/tenant-context.decorators';
import { CalendarFeedsService } from './calendar-feeds.service';
import {
  CalendarFeedListResponse,
  CalendarFeedResponse,
  CalendarFeedSecretResponse,
  CreateCalendarFeedRequest,
} from './dto/calendar-feed.dto';
import { TenantScoped } from '../tenant-context/tenant-scoped.decorator';

/** The caller's own calendar feeds: create, list, rotate, revoke. */
@ApiTags('calendar')
@TenantScoped()
@Controller('calendar/feeds')
@Authenticated()
export class CalendarFeedsController {
  constructor(private readonly feeds: CalendarFeedsService) {}

  @ApiOperation({ operationId: 'listCalendarFeeds', summary: "List the caller's calendar feeds" })
  @Get()
  @ApiOkResponse({ type: CalendarFeedListResponse, description: 'Without the secret URLs' })
  list(@Tenant() ctx: TenantContext): Promise<CalendarFeedListResponse> {
    return this.feeds.list(ctx);
  }

  @ApiOperation({ operationId: 'createCalendarFeed', summary: 'Create a calendar feed' })
  @Post()
  @ApiCreatedResponse({ type: CalendarFeedSecretResponse, description: 'The URL is shown once' })
  @EntityTagged()
  @ApiForbiddenResponse({ description: 'CLUB_MEMBERSHIP_REQUIRED: not a member of the club' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: the club does not exist' })
  @ApiConflictResponse({
    description: 'CALENDAR_FEED_EXISTS with existing_id: rotate or delete that feed instead',
  })
  @ApiUnprocessableEntityResponse({ description: 'UNKNOWN_GROUP: not a group of the club' })
  create(
    @Tenant() ctx: TenantContext,
    @Body() body: CreateCalendarFeedRequest,
  ): Promise<CalendarFeedSecretResponse> {
    return this.feeds.create(ctx, body);
  }

  @ApiOperation({
    operationId: 'getCalendarFeed',
    summary: 'Get one of the caller’s calendar feeds',
  })
  @Get(':id')
  @ApiOkResponse({ type: CalendarFeedResponse, description: 'Without the secret URL' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: no feed of the caller with this id' })
  @EntityTagged()
  get(@Tenant() ctx: TenantContext, @UuidParam() id: string): Promise<CalendarFeedResponse> {
    return this.feeds.get(ctx, id);
  }

  @ApiOperation({
    operationId: 'rotateCalendarFeed',
    summary: "Rotate a calendar feed's secret URL",
  })
  @Post(':id/rotate')
  @HttpCode(200)
  @ApiOkResponse({
    type: CalendarFeedSecretResponse,
    description: 'A new secret URL; the old one answers 404 from now on',
  })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: no feed of the caller with this id' })
  @ConditionalWrite()
  rotate(
    @Tenant() ctx: TenantContext,
    @WriteTarget() target: WriteTarget,
  ): Promise<CalendarFeedSecretResponse> {
    return this.feeds.rotate(ctx, target);
  }

  @ApiOperation({ operationId: 'deleteCalendarFeed', summary: 'Delete a calendar feed' })
  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Revoked: the URL answers 404 from now on' })
  @ApiNotFoundResponse({ description: 'NOT_FOUND: no feed of the caller with this id' })
  @ConditionalWrite()
  remove(@Tenant() ctx: TenantContext, @WriteTarget() target: WriteTarget): Promise<void> {
    return this.feeds.remove(ctx, target);
  }
}
