import { Body, Controller, Query } from '@nestjs/common';
import { ApiNotFoundResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import { Authenticated, type AuthUser, CurrentUser, ApiErrors, WriteTarget } from '@sports/common';
import {
  CreateRoute,
  DeleteRoute,
  ListRoute,
  IdParam,
  ReadRoute,
  ReplaceRoute,
} from '../../tracking/resource-routes';
import { ActivityService } from './activity.service';
import {
  ActivityListResponse,
  ActivityResponse,
  CreateActivityRequest,
  ListActivityQuery,
  UpdateActivityRequest,
} from './dto/activity.dto';

@ApiTags('activity')
@Controller('activity')
@Authenticated()
export class ActivityController {
  constructor(private readonly activity: ActivityService) {}

  @ListRoute(ActivityListResponse)
  @ApiOperation({ operationId: 'listActivities', summary: 'List the caller’s activities' })
  list(
    @CurrentUser() user: AuthUser,
    @Query() query: ListActivityQuery,
  ): Promise<ActivityListResponse> {
    return this.activity.list(user.id, query);
  }

  @CreateRoute(ActivityResponse)
  @ApiOperation({ operationId: 'createActivity', summary: 'Record an activity' })
  create(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateActivityRequest,
  ): Promise<ActivityResponse> {
    return this.activity.create(user.id, body);
  }

  @ReadRoute(ActivityResponse)
  @ApiNotFoundResponse({ description: 'Missing or owned by another user' })
  @ApiOperation({ operationId: 'getActivity', summary: 'Get one activity' })
  get(@CurrentUser() user: AuthUser, @IdParam() id: string): Promise<ActivityResponse> {
    return this.activity.get(user.id, id);
  }

  @ReplaceRoute(ActivityResponse)
  @ApiErrors('NOT_FOUND')
  @ApiOperation({ operationId: 'replaceActivity', summary: 'Replace an activity' })
  update(
    @CurrentUser() user: AuthUser,
    @WriteTarget() target: WriteTarget,
    @Body() body: UpdateActivityRequest,
  ): Promise<ActivityResponse> {
    return this.activity.update(user.id, target, body);
  }

  @DeleteRoute()
  @ApiErrors('NOT_FOUND')
  @ApiOperation({ operationId: 'deleteActivity', summary: 'Delete an activity' })
  delete(@CurrentUser() user: AuthUser, @WriteTarget() target: WriteTarget): Promise<void> {
    return this.activity.delete(user.id, target);
  }
}
