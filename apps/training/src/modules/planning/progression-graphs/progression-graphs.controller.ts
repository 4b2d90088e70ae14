import { Body, Controller, Delete, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, UuidParam } from '@sports/common';
import type { TenantContext } from '../../tenant-context/tenant-context';
import { Tenant } from '../../tenant-context/tenant-context.decorators';
import { PlanContentListQuery } from '../dto/plan-content.dto';
import {
  CreateEdgeRequest,
  CreateProgressionGraphRequest,
  DeleteEdgesRequest,
  DeleteEdgesResponse,
  EdgeListResponse,
  EdgeResponse,
  EdgeSequenceRequest,
  ProgressionGraphListResponse,
  ProgressionGraphResponse,
  UpdateProgressionGraphRequest,
} from './dto/progression-graph.dto';
import { ProgressionGraphsService } from './progression-graphs.service';

@ApiTags('planning')
@Controller('exercise-progression-graphs')
export class ProgressionGraphsController {
  constructor(private readonly graphs: ProgressionGraphsService) {}

  @Get()
  @Authenticated()
  @ApiOkResponse({ type: ProgressionGraphListResponse })
  list(
    @Tenant() ctx: TenantContext,
    @Query() query: PlanContentListQuery,
  ): Promise<ProgressionGraphListResponse> {
    return this.graphs.list(ctx, query);
  }

  @Get(':id')
  @Authenticated()
  @ApiOkResponse({ type: ProgressionGraphResponse })
  get(@Tenant() ctx: TenantContext, @UuidParam() id: string): Promise<ProgressionGraphResponse> {
    return this.graphs.get(ctx, id);
  }

  @Post()
  @Authenticated()
  @ApiCreatedResponse({ type: ProgressionGraphResponse })
  create(
    @Tenant() ctx: TenantContext,
    @Body() body: CreateProgressionGraphRequest,
  ): Promise<ProgressionGraphResponse> {
    return this.graphs.create(ctx, body);
  }

  @Put(':id')
  @Authenticated()
  @ApiOkResponse({ type: ProgressionGraphResponse })
  update(
    @Tenant() ctx: TenantContext,
    @UuidParam() id: string,
    @Body() body: UpdateProgressionGraphRequest,
  ): Promise<ProgressionGraphResponse> {
    return this.graphs.update(ctx, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @Authenticated()
  @ApiNoContentResponse()
  remove(@Tenant() ctx: TenantContext, @UuidParam() id: string): Promise<void> {
    return this.graphs.remove(ctx, id);
  }

  @Post(':id/edges')
  @Authenticated()
  @ApiCreatedResponse({ type: EdgeResponse })
  addEdge(
    @Tenant() ctx: TenantContext,
    @UuidParam() id: string,
    @Body() body: CreateEdgeRequest,
  ): Promise<EdgeResponse> {
    return this.graphs.addEdge(ctx, id, body);
  }

  @Post(':id/edges/sequence')
  @Authenticated()
  @ApiCreatedResponse({ type: EdgeListResponse, description: 'the edges created, in chain order' })
  addSequence(
    @Tenant() ctx: TenantContext,
    @UuidParam() id: string,
    @Body() body: EdgeSequenceRequest,
  ): Promise<EdgeListResponse> {
    return this.graphs.addSequence(ctx, id, body);
  }

  @Post(':id/edges/delete-batch')
  @HttpCode(200)
  @Authenticated()
  @ApiOkResponse({ type: DeleteEdgesResponse })
  deleteBatch(
    @Tenant() ctx: TenantContext,
    @UuidParam() id: string,
    @Body() body: DeleteEdgesRequest,
  ): Promise<DeleteEdgesResponse> {
    return this.graphs.deleteBatch(ctx, id, body);
  }

  @Delete(':id/edges/:edgeId')
  @HttpCode(204)
  @Authenticated()
  @ApiNoContentResponse()
  removeEdge(
    @Tenant() ctx: TenantContext,
    @UuidParam() id: string,
    @UuidParam('edgeId') edgeId: string,
  ): Promise<void> {
    return this.graphs.removeEdge(ctx, id, edgeId);
  }
}
