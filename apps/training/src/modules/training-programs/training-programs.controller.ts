import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, UuidParam } from '@sports/common';
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

@ApiTags('training-programs')
@Controller('training-programs')
export class TrainingProgramsController {
  constructor(private readonly programs: TrainingProgramsService) {}

  @Get()
  @Authenticated()
  @ApiOkResponse({ type: TrainingProgramListResponse })
  list(
    @Tenant() ctx: TenantContext,
    @Query() query: ListTrainingProgramsQuery,
  ): Promise<TrainingProgramListResponse> {
    return this.programs.list(ctx, query);
  }

  @Get(':id')
  @Authenticated()
  @ApiOkResponse({ type: TrainingProgramResponse })
  get(@Tenant() ctx: TenantContext, @UuidParam() id: string): Promise<TrainingProgramResponse> {
    return this.programs.get(ctx, id);
  }

  @Post()
  @Authenticated()
  @ApiCreatedResponse({ type: TrainingProgramResponse })
  create(
    @Tenant() ctx: TenantContext,
    @Body() body: CreateTrainingProgramRequest,
  ): Promise<TrainingProgramResponse> {
    return this.programs.create(ctx, body);
  }

  @Put(':id')
  @Authenticated()
  @ApiOkResponse({ type: TrainingProgramResponse })
  update(
    @Tenant() ctx: TenantContext,
    @UuidParam() id: string,
    @Body() body: UpdateTrainingProgramRequest,
  ): Promise<TrainingProgramResponse> {
    return this.programs.update(ctx, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @Authenticated()
  @ApiNoContentResponse()
  remove(@Tenant() ctx: TenantContext, @UuidParam() id: string): Promise<void> {
    return this.programs.remove(ctx, id);
  }
}
