import { Injectable, OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  mapUniqueViolations,
  NotFoundError,
  pageOf,
  UnprocessableError,
  withEntityTag,
  type WriteTarget,
} from '@sports/common';
import { DataSource, EntityManager } from 'typeorm';
import { ExerciseUsageRegistry } from '../../exercises/exercise-usage.registry';
import type { TenantContext } from '../../tenant-context/tenant-context';
import type { PlanContentListQuery } from '../dto/plan-content.dto';
import { ExerciseRefInput, ExerciseRefsService } from '../exercise-refs.service';
import { LibraryContentRepository, LibraryRow } from '../library-content.repository';
import { LibraryContentService, toPlanContentResponse } from '../library-content.service';
import type {
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
import { PROGRESSION_GRAPH_CONFLICTS } from './progression-graphs.constraints';
import { EdgeRow, EdgeValues, ProgressionGraphsRepository } from './progression-graphs.repository';

const TABLE = 'progression_graphs';

/**
 * Exercise progression graphs: library content (common visibility check; creator or platform
 * admin writes) with `next_exercise` edges between exercises (optionally variants) the caller
 * can see. Registers the `progression_edge` usage source.
 */
@Injectable()
export class ProgressionGraphsService implements OnModuleInit {
  constructor(
    private readonly library: LibraryContentService,
    private readonly repo: LibraryContentRepository,
    private readonly graphs: ProgressionGraphsRepository,
    private readonly refs: ExerciseRefsService,
    private readonly usages: ExerciseUsageRegistry,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    this.usages.register({
      kind: 'progression_edge',
      find: async (m, ids) =>
        (await this.graphs.usages(m, ids)).map((u) => ({ kind: 'progression_edge', ...u })),
    });
  }

  async list(
    ctx: TenantContext,
    query: PlanContentListQuery,
  ): Promise<ProgressionGraphListResponse> {
    const page = pageOf(query);
    const { rows, total } = await this.repo.list<LibraryRow & { edge_count: number }>(
      ctx,
      TABLE,
      query,
      page,
      `, (SELECT count(*)::int FROM progression_edges e WHERE e.graph_id = c.id) AS edge_count`,
    );
    return {
      items: rows.map((r) => ({ ...toPlanContentResponse(ctx, r), edge_count: r.edge_count })),
      total,
      ...page,
    };
  }

  async get(ctx: TenantContext, id: string): Promise<ProgressionGraphResponse> {
    const row = await this.library.readable(ctx, TABLE, id);
    const edges = (await this.graphs.edges(id)).map(toEdgeResponse);
    return withEntityTag(
      { ...toPlanContentResponse(ctx, row), edge_count: edges.length, edges },
      row.row_version,
    );
  }

  async create(
    ctx: TenantContext,
    body: CreateProgressionGraphRequest,
  ): Promise<ProgressionGraphResponse> {
    const values = await this.library.values(ctx, body, null);
    const id = await this.dataSource.transaction((m) =>
      this.repo.insert(m, TABLE, values, ctx.profile_id),
    );
    return this.get(ctx, id);
  }

  /** With If-Match only the version it names is changed (checked on the locked row). */
  async update(
    ctx: TenantContext,
    { id, ifMatch }: WriteTarget,
    body: UpdateProgressionGraphRequest,
  ): Promise<ProgressionGraphResponse> {
    await this.dataSource.transaction(async (m) => {
      const current = await this.library.writable(ctx, TABLE, id, m, ifMatch);
      const values = await this.library.values(ctx, body, current);
      await this.repo.update(m, TABLE, id, { ...values });
    });
    return this.get(ctx, id);
  }

  /** With If-Match only the version it names is deleted. */
  async remove(ctx: TenantContext, { id, ifMatch }: WriteTarget): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await this.library.writable(ctx, TABLE, id, m, ifMatch);
      await this.repo.delete(m, TABLE, id);
    });
  }

  async addEdge(
    ctx: TenantContext,
    graphId: string,
    body: CreateEdgeRequest,
  ): Promise<EdgeResponse> {
    const edge: EdgeValues = {
      edge_type: body.edge_type ?? 'next_exercise',
      from_exercise_id: body.from_exercise_id,
      to_exercise_id: body.to_exercise_id,
      from_variant_id: body.from_variant_id ?? null,
      to_variant_id: body.to_variant_id ?? null,
      notes: body.notes ?? null,
    };
    const [id] = await this.insertEdges(ctx, graphId, [edge], false, [
      {
        path: '',
        exercise_id: edge.from_exercise_id,
        variant_id: edge.from_variant_id,
        exercise_field: 'from_exercise_id',
        variant_field: 'from_variant_id',
      },
      {
        path: '',
        exercise_id: edge.to_exercise_id,
        variant_id: edge.to_variant_id,
        exercise_field: 'to_exercise_id',
        variant_field: 'to_variant_id',
      },
    ]);
    const [row] = await this.graphs.edgesById([id]);
    return toEdgeResponse(row);
  }

  /** A chain steps[0] → steps[1] → ... created in one transaction (all or nothing). */
  async addSequence(
    ctx: TenantContext,
    graphId: string,
    body: EdgeSequenceRequest,
  ): Promise<EdgeListResponse> {
    const edgeType = body.edge_type ?? 'next_exercise';
    const edges: EdgeValues[] = body.steps.slice(1).map((to, i) => ({
      edge_type: edgeType,
      from_exercise_id: body.steps[i].exercise_id,
      from_variant_id: body.steps[i].variant_id ?? null,
      to_exercise_id: to.exercise_id,
      to_variant_id: to.variant_id ?? null,
      notes: to.notes ?? null,
    }));
    const same = edges.findIndex(
      (e) => e.from_exercise_id === e.to_exercise_id && e.from_variant_id === e.to_variant_id,
    );
    if (same >= 0) {
      throw new UnprocessableError('A step cannot lead to itself.', 'SELF_EDGE', {
        errors: [{ path: `steps.${same + 1}`, message: 'same as the previous step' }],
      });
    }
    const ids = await this.insertEdges(
      ctx,
      graphId,
      edges,
      body.skip_existing ?? false,
      body.steps.map((s, i) => ({
        path: `steps.${i}.`,
        exercise_id: s.exercise_id,
        variant_id: s.variant_id,
        variant_field: 'variant_id',
      })),
    );
    return { items: (await this.graphs.edgesById(ids)).map(toEdgeResponse) };
  }

  /**
   * The edge is part of the graph's representation: If-Match names the graph's version
   * (checked on the locked graph row), and the graph's row is updated with the delete.
   */
  async removeEdge(
    ctx: TenantContext,
    { id: graphId, ifMatch }: WriteTarget,
    edgeId: string,
  ): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await this.library.writable(ctx, TABLE, graphId, m, ifMatch);
      const deleted = await this.graphs.deleteEdges(m, graphId, [edgeId]);
      if (deleted.length === 0) throw new NotFoundError('Progression edge', edgeId);
      await this.repo.update(m, TABLE, graphId, {}, true);
    });
  }

  /** Deletes several edges of the graph at once; any id that is not an edge of it refuses all. */
  async deleteBatch(
    ctx: TenantContext,
    graphId: string,
    body: DeleteEdgesRequest,
  ): Promise<DeleteEdgesResponse> {
    return this.dataSource.transaction(async (m) => {
      await this.library.writable(ctx, TABLE, graphId, m);
      const found = await this.graphs.edgeIdsOfGraph(m, graphId, body.edge_ids);
      const errors = body.edge_ids
        .map((id, i) => ({ id, i }))
        .filter(({ id }) => !found.has(id))
        .map(({ i }) => ({ path: `edge_ids.${i}`, message: 'not an edge of this graph' }));
      if (errors.length) {
        throw new UnprocessableError('Some ids are not edges of this graph.', 'UNKNOWN_EDGE', {
          errors,
        });
      }
      const deleted = await this.graphs.deleteEdges(m, graphId, body.edge_ids);
      await this.repo.update(m, TABLE, graphId, {}, deleted.length > 0);
      return { deleted: deleted.length };
    });
  }

  private async insertEdges(
    ctx: TenantContext,
    graphId: string,
    edges: EdgeValues[],
    skipExisting: boolean,
    refs: ExerciseRefInput[],
  ): Promise<string[]> {
    await this.library.writable(ctx, TABLE, graphId);
    await this.refs.check(ctx, refs);
    return mapUniqueViolations(PROGRESSION_GRAPH_CONFLICTS, () =>
      this.dataSource.transaction(async (m: EntityManager) => {
        await this.library.writable(ctx, TABLE, graphId, m);
        const ids = await this.graphs.insertMany(m, graphId, edges, skipExisting);
        // Edges that existed already (skipped) change nothing: the graph keeps its version.
        await this.repo.update(m, TABLE, graphId, {}, ids.length > 0);
        return ids;
      }),
    );
  }
}

export function toEdgeResponse(r: EdgeRow): EdgeResponse {
  return {
    id: r.id,
    graph_id: r.graph_id,
    edge_type: r.edge_type,
    from_exercise_id: r.from_exercise_id,
    from_exercise_title: r.from_exercise_title,
    from_variant_id: r.from_variant_id,
    to_exercise_id: r.to_exercise_id,
    to_exercise_title: r.to_exercise_title,
    to_variant_id: r.to_variant_id,
    notes: r.notes,
    created_at: new Date(r.created_at).toISOString(),
  };
}
