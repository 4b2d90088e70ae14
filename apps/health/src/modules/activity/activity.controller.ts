import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { Authenticated, type AuthUser, CurrentUser, NotFoundError } from '@sports/common';
import { ActivityService } from './activity.service';
import {
  ActivityListResponse,
  ActivityResponse,
  CreateActivityRequest,
  ListActivityQuery,
  UpdateActivityRequest,
} from './dto/activity.dto';

const ActivityId = (): ParameterDecorator =>
  Param('id', new ParseUUIDPipe({ exceptionFactory: () => new NotFoundError('Activity') }));

@ApiTags('activity')
@Controller('activity')
@Authenticated()
export class ActivityController {
  constructor(private readonly activity: ActivityService) {}

  @Get()
  @ApiOkResponse({ type: ActivityListResponse })
  list(
    @CurrentUser() user: AuthUser,
    @Query() query: ListActivityQuery,
  ): Promise<ActivityListResponse> {
    return this.activity.list(user.id, query);
  }

  @Post()
  @ApiCreatedResponse({ type: ActivityResponse })
  create(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateActivityRequest,
  ): Promise<ActivityResponse> {
    return this.activity.create(user.id, body);
  }

  @Get(':id')
  @ApiOkResponse({ type: ActivityResponse })
  @ApiNotFoundResponse({ description: 'Missing or owned by another user' })
  get(@CurrentUser() user: AuthUser, @ActivityId() id: string): Promise<ActivityResponse> {
    return this.activity.get(user.id, id);
  }

  @Put(':id')
  @ApiOkResponse({ type: ActivityResponse })
  update(
    @CurrentUser() user: AuthUser,
    @ActivityId() id: string,
    @Body() body: UpdateActivityRequest,
  ): Promise<ActivityResponse> {
    return this.activity.update(user.id, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse()
  delete(@CurrentUser() user: AuthUser, @ActivityId() id: string): Promise<void> {
    return this.activity.delete(user.id, id);
  }
}
