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
import type { TenantContext } from '../tenant-context/tenant-context';
import { Tenant } from '../tenant-context/tenant-context.decorators';
import {
  CreateTrainingUnitRequest,
  FromFrameworkSlotRequest,
  ListTrainingUnitsQuery,
  TrainingUnitListResponse,
  TrainingUnitResponse,
  UpdateTrainingUnitRequest,
} from './dto/training-unit.dto';
import { TrainingUnitsService } from './training-units.service';
import { TenantScoped } from '../tenant-context/tenant-scoped.decorator';

@ApiTags('training-units')
@TenantScoped()
@Controller('training-units')
export class TrainingUnitsController {
  constructor(private readonly units: TrainingUnitsService) {}

  @ApiOperation({ operationId: 'listTrainingUnits', summary: 'List training units' })
  @ApiErrors('FORBIDDEN')
  @Get()
  @Authenticated()
  @ApiOkResponse({ type: TrainingUnitListResponse })
  list(
    @Tenant() ctx: TenantContext,
    @Query() query: ListTrainingUnitsQuery,
  ): Promise<TrainingUnitListResponse> {
    return this.units.list(ctx, query);
  }

  @ApiOperation({
    operationId: 'createTrainingUnitFromFrameworkSlot',
    summary: 'Create a training unit from a framework program slot',
  })
  @ApiErrors('NOT_FOUND')
  @Post('from-framework-slot')
  @Authenticated()
  @ApiCreatedResponse({ type: TrainingUnitResponse })
  @EntityTagged()
  fromFrameworkSlot(
    @Tenant() ctx: TenantContext,
    @Body() body: FromFrameworkSlotRequest,
  ): Promise<TrainingUnitResponse> {
    return this.units.fromFrameworkSlot(ctx, body);
  }

  @ApiOperation({ operationId: 'getTrainingUnit', summary: 'Get a training unit' })
  @ApiErrors('FORBIDDEN')
  @Get(':id')
  @Authenticated()
  @ApiOkResponse({ type: TrainingUnitResponse })
  @EntityTagged()
  get(@Tenant() ctx: TenantContext, @UuidParam() id: string): Promise<TrainingUnitResponse> {
    return this.units.get(ctx, id);
  }

  @ApiOperation({ operationId: 'createTrainingUnit', summary: 'Create a training unit' })
  @ApiErrors(
    'CLUB_REQUIRED',
    'CLUB_TRAINER_REQUIRED',
    'EXERCISE_NOT_VISIBLE',
    'INVALID_UNIT_TRAINER',
    'UNKNOWN_MEDIA_ASSET',
  )
  @Post()
  @Authenticated()
  @ApiCreatedResponse({ type: TrainingUnitResponse })
  @EntityTagged()
  create(
    @Tenant() ctx: TenantContext,
    @Body() body: CreateTrainingUnitRequest,
  ): Promise<TrainingUnitResponse> {
    return this.units.create(ctx, body);
  }

  @ApiOperation({ operationId: 'replaceTrainingUnit', summary: 'Replace a training unit' })
  @ApiErrors(
    'CLUB_TRAINER_REQUIRED',
    'EXERCISE_NOT_VISIBLE',
    'FORBIDDEN',
    'INVALID_UNIT_TRAINER',
    'UNKNOWN_MEDIA_ASSET',
  )
  @Put(':id')
  @Authenticated()
  @ApiOkResponse({ type: TrainingUnitResponse })
  @ConditionalWrite()
  update(
    @Tenant() ctx: TenantContext,
    @WriteTarget() target: WriteTarget,
    @Body() body: UpdateTrainingUnitRequest,
  ): Promise<TrainingUnitResponse> {
    return this.units.update(ctx, target, body);
  }

  @ApiOperation({ operationId: 'deleteTrainingUnit', summary: 'Delete a training unit' })
  @Delete(':id')
  @HttpCode(204)
  @Authenticated()
  @ApiNoContentResponse()
  @ConditionalWrite()
  remove(@Tenant() ctx: TenantContext, @WriteTarget() target: WriteTarget): Promise<void> {
    return this.units.remove(ctx, target);
  }
}
