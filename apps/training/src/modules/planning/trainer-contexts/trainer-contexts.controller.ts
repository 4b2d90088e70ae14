import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import {
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
import type { TenantContext } from '../../tenant-context/tenant-context';
import { Tenant } from '../../tenant-context/tenant-context.decorators';
import {
  CreateTrainerContextRequest,
  TrainerContextListQuery,
  TrainerContextListResponse,
  TrainerContextResponse,
  UpdateTrainerContextRequest,
} from './dto/trainer-context.dto';
import { TrainerContextsService } from './trainer-contexts.service';
import { TenantScoped } from '../../tenant-context/tenant-scoped.decorator';

@ApiTags('planning')
@TenantScoped()
@Controller('trainer-contexts')
export class TrainerContextsController {
  constructor(private readonly contexts: TrainerContextsService) {}

  @ApiOperation({
    operationId: 'listTrainerContexts',
    summary: "List the caller's trainer contexts",
  })
  @Get()
  @Authenticated()
  @ApiOkResponse({ type: TrainerContextListResponse })
  list(
    @Tenant() ctx: TenantContext,
    @Query() query: TrainerContextListQuery,
  ): Promise<TrainerContextListResponse> {
    return this.contexts.list(ctx, query);
  }

  @ApiOperation({ operationId: 'getTrainerContext', summary: 'Get a trainer context' })
  @Get(':id')
  @Authenticated()
  @ApiOkResponse({ type: TrainerContextResponse })
  @EntityTagged()
  get(@Tenant() ctx: TenantContext, @UuidParam() id: string): Promise<TrainerContextResponse> {
    return this.contexts.get(ctx, id);
  }

  @ApiOperation({ operationId: 'createTrainerContext', summary: 'Create a trainer context' })
  @ApiErrors('CLUB_MEMBERSHIP_REQUIRED', 'NAME_TAKEN', 'UNKNOWN_GROUP')
  @Post()
  @Authenticated()
  @ApiCreatedResponse({ type: TrainerContextResponse })
  @EntityTagged()
  create(
    @Tenant() ctx: TenantContext,
    @Body() body: CreateTrainerContextRequest,
  ): Promise<TrainerContextResponse> {
    return this.contexts.create(ctx, body);
  }

  @ApiOperation({ operationId: 'replaceTrainerContext', summary: 'Replace a trainer context' })
  @ApiErrors('CLUB_MEMBERSHIP_REQUIRED', 'NAME_TAKEN', 'UNKNOWN_GROUP')
  @Put(':id')
  @Authenticated()
  @ApiOkResponse({ type: TrainerContextResponse })
  @ConditionalWrite()
  update(
    @Tenant() ctx: TenantContext,
    @WriteTarget() target: WriteTarget,
    @Body() body: UpdateTrainerContextRequest,
  ): Promise<TrainerContextResponse> {
    return this.contexts.update(ctx, target, body);
  }

  @ApiOperation({ operationId: 'deleteTrainerContext', summary: 'Delete a trainer context' })
  @Delete(':id')
  @HttpCode(204)
  @Authenticated()
  @ApiNoContentResponse()
  @ConditionalWrite()
  remove(@Tenant() ctx: TenantContext, @WriteTarget() target: WriteTarget): Promise<void> {
    return this.contexts.remove(ctx, target);
  }
}
