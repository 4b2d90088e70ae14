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
import { TenantScoped } from '../../tenant-context/tenant-scoped.decorator';

@ApiTags('planning')
@TenantScoped()
@Controller('exercise-progression-graphs')
export class ProgressionGraphsController {
  constructor(private readonly graphs: ProgressionGraphsService) {}

  @ApiOperation({
    operationId: 'listProgressionGraphs',
    summary: 'List exercise progression graphs',
  })
  @Get()
  @Authenticated()
  @ApiOkResponse({ type: ProgressionGraphListResponse })
  list(
    @Tenant() ctx: TenantContext,
    @Query() query: PlanContentListQuery,
  ): Promise<ProgressionGraphListResponse> {
    return this.graphs.list(ctx, query);
  }

  @ApiOperation({
    operationId: 'getProgressionGraph',
    summary: 'Get an exercise progression graph with its edges',
  })
  @Get(':id')
  @Authenticated()
  @ApiOkResponse({ type: ProgressionGraphResponse })
  @EntityTagged()
  get(@Tenant() ctx: TenantContext, @UuidParam() id: string): Promise<ProgressionGraphResponse> {
    return this.graphs.get(ctx, id);
  }

  @ApiOperation({
    operationId: 'createProgressionGraph',
    summary: 'Create an exercise progression graph',
  })
  @ApiErrors(
    'CLUB_MEMBERSHIP_REQUIRED',
    'CLUB_REQUIRED',
    'OFFICIAL_CONTENT_FORBIDDEN',
    'UNKNOWN_CLUB',
  )
  @Post()
  @Authenticated()
  @ApiCreatedResponse({ type: ProgressionGraphResponse })
  @EntityTagged()
  create(
    @Tenant() ctx: TenantContext,
    @Body() body: CreateProgressionGraphRequest,
  ): Promise<ProgressionGraphResponse> {
    return this.graphs.create(ctx, body);
  }

  @ApiOperation({
    operationId: 'replaceProgressionGraph',
    summary: 'Replace an exercise progression graph',
  })
  @ApiErrors(
    'CLUB_MEMBERSHIP_REQUIRED',
    'CLUB_REQUIRED',
    'FORBIDDEN',
    'OFFICIAL_CONTENT_FORBIDDEN',
    'UNKNOWN_CLUB',
  )
  @Put(':id')
  @Authenticated()
  @ApiOkResponse({ type: ProgressionGraphResponse })
  @ConditionalWrite()
  update(
    @Tenant() ctx: TenantContext,
    @WriteTarget() target: WriteTarget,
    @Body() body: UpdateProgressionGraphRequest,
  ): Promise<ProgressionGraphResponse> {
    return this.graphs.update(ctx, target, body);
  }

  @ApiOperation({
    operationId: 'deleteProgressionGraph',
    summary: 'Delete an exercise progression graph',
  })
  @ApiErrors('FORBIDDEN')
  @Delete(':id')
  @HttpCode(204)
  @Authenticated()
  @ApiNoContentResponse()
  @ConditionalWrite()
  remove(@Tenant() ctx: TenantContext, @WriteTarget() target: WriteTarget): Promise<void> {
    return this.graphs.remove(ctx, target);
  }

  @ApiOperation({
    operationId: 'createProgressionEdge',
    summary: 'Add an edge to a progression graph',
  })
  @ApiErrors('DUPLICATE_EDGE', 'EXERCISE_NOT_VISIBLE', 'FORBIDDEN')
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

  @ApiOperation({
    operationId: 'createProgressionSequence',
    summary: 'Add a sequence of edges to a progression graph',
  })
  @ApiErrors('DUPLICATE_EDGE', 'EXERCISE_NOT_VISIBLE')
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

  @ApiOperation({
    operationId: 'deleteProgressionEdges',
    summary: 'Delete several edges of a progression graph',
  })
  @ApiErrors('UNKNOWN_EDGE')
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

  @ApiOperation({
    operationId: 'deleteProgressionEdge',
    summary: 'Delete an edge of a progression graph',
    description:
      "An edge is part of its graph's representation: If-Match names the graph's ETag (as read with getProgressionGraph), and the delete gives the graph a new one.",
  })
  @ApiErrors('FORBIDDEN')
  @Delete(':id/edges/:edgeId')
  @HttpCode(204)
  @Authenticated()
  @ApiNoContentResponse()
  @ConditionalWrite()
  removeEdge(
    @Tenant() ctx: TenantContext,
    @WriteTarget() graph: WriteTarget,
    @UuidParam('edgeId') edgeId: string,
  ): Promise<void> {
    return this.graphs.removeEdge(ctx, graph, edgeId);
  }
}
