import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, UuidParam } from '@sports/common';
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

@ApiTags('planning')
@Controller('trainer-contexts')
export class TrainerContextsController {
  constructor(private readonly contexts: TrainerContextsService) {}

  @Get()
  @Authenticated()
  @ApiOkResponse({ type: TrainerContextListResponse })
  list(
    @Tenant() ctx: TenantContext,
    @Query() query: TrainerContextListQuery,
  ): Promise<TrainerContextListResponse> {
    return this.contexts.list(ctx, query);
  }

  @Get(':id')
  @Authenticated()
  @ApiOkResponse({ type: TrainerContextResponse })
  get(@Tenant() ctx: TenantContext, @UuidParam() id: string): Promise<TrainerContextResponse> {
    return this.contexts.get(ctx, id);
  }

  @Post()
  @Authenticated()
  @ApiCreatedResponse({ type: TrainerContextResponse })
  create(
    @Tenant() ctx: TenantContext,
    @Body() body: CreateTrainerContextRequest,
  ): Promise<TrainerContextResponse> {
    return this.contexts.create(ctx, body);
  }

  @Put(':id')
  @Authenticated()
  @ApiOkResponse({ type: TrainerContextResponse })
  update(
    @Tenant() ctx: TenantContext,
    @UuidParam() id: string,
    @Body() body: UpdateTrainerContextRequest,
  ): Promise<TrainerContextResponse> {
    return this.contexts.update(ctx, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @Authenticated()
  @ApiNoContentResponse()
  remove(@Tenant() ctx: TenantContext, @UuidParam() id: string): Promise<void> {
    return this.contexts.remove(ctx, id);
  }
}
