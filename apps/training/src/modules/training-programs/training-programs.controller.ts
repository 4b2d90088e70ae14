import { Body, Controller, Delete, Get, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApiErrors,
  Authenticated,
  ConditionalDelete,
  ConditionalWrite,
  EntityTagged,
  UuidParam,
  WriteTarget,
} from '@sports/common';
import type { TenantContext } from '../tenant-context/tenant-context';
import { Tenant } from '../tenant-context/tenant-context.decorators';
import {
  CreateTrainingProgramRequest,
  ListTrainingProgramsQuery,
  TrainingProgramListResponse,
  TrainingProgramResponse,
  UpdateTrainingProgramRequest,
} from './dto/training-program.dto';
import { TrainingProgramsService } from './training-programs.service';
import { TenantScoped } from '../tenant-context/tenant-scoped.decorator';

@ApiTags('training-programs')
@TenantScoped()
@Controller('training-programs')
export class TrainingProgramsController {
  constructor(private readonly programs: TrainingProgramsService) {}

  @ApiOperation({ operationId: 'listTrainingPrograms', summary: 'List training programs' })
  @ApiErrors('FORBIDDEN')
  @Get()
  @Authenticated()
  @ApiOkResponse({ type: TrainingProgramListResponse })
  list(
    @Tenant() ctx: TenantContext,
    @Query() query: ListTrainingProgramsQuery,
  ): Promise<TrainingProgramListResponse> {
    return this.programs.list(ctx, query);
  }

  @ApiOperation({ operationId: 'getTrainingProgram', summary: 'Get a training program' })
  @Get(':id')
  @Authenticated()
  @ApiOkResponse({ type: TrainingProgramResponse })
  @EntityTagged()
  get(@Tenant() ctx: TenantContext, @UuidParam() id: string): Promise<TrainingProgramResponse> {
    return this.programs.get(ctx, id);
  }

  @ApiOperation({ operationId: 'createTrainingProgram', summary: 'Create a training program' })
  @ApiErrors('CLUB_REQUIRED', 'CLUB_TRAINER_REQUIRED')
  @Post()
  @Authenticated()
  @ApiCreatedResponse({ type: TrainingProgramResponse })
  @EntityTagged()
  create(
    @Tenant() ctx: TenantContext,
    @Body() body: CreateTrainingProgramRequest,
  ): Promise<TrainingProgramResponse> {
    return this.programs.create(ctx, body);
  }

  @ApiOperation({ operationId: 'replaceTrainingProgram', summary: 'Replace a training program' })
  @ApiErrors('FORBIDDEN', 'INVALID_PROGRAM')
  @Put(':id')
  @Authenticated()
  @ApiOkResponse({ type: TrainingProgramResponse })
  @ConditionalWrite()
  update(
    @Tenant() ctx: TenantContext,
    @WriteTarget() target: WriteTarget,
    @Body() body: UpdateTrainingProgramRequest,
  ): Promise<TrainingProgramResponse> {
    return this.programs.update(ctx, target, body);
  }

  @ApiOperation({ operationId: 'deleteTrainingProgram', summary: 'Delete a training program' })
  @Delete(':id')
  @Authenticated()
  @ConditionalDelete()
  remove(@Tenant() ctx: TenantContext, @WriteTarget() target: WriteTarget): Promise<void> {
    return this.programs.remove(ctx, target);
  }
}
