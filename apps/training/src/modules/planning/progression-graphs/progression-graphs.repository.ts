import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { EdgeType } from './dto/progression-graph.dto';

export interface EdgeValues {
  edge_type: EdgeType;
  from_exercise_id: string;
  to_exercise_id: string;
  from_variant_id: string | null;
  to_variant_id: string | null;
  notes: string | null;
}

export interface EdgeRow extends EdgeValues {
  id: string;
  graph_id: string;
  from_exercise_title: string | null;
  to_exercise_title: string | null;
  created_at: Date;
}

const EDGE_SELECT = `SELECT e.id, e.graph_id, e.edge_type, e.from_exercise_id, fe.title AS from_exercise_title,
  e.from_variant_id, e.to_exercise_id, te.title AS to_exercise_title, e.to_variant_id, e.notes, e.created_at
  FROM progression_edges e
  JOIN exercises fe ON fe.id = e.from_exercise_id JOIN exercises te ON te.id = e.to_exercise_id`;

/** The only queries on progression_edges. */
@Injectable()
export class ProgressionGraphsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  edges(graphId: string, manager?: EntityManager): Promise<EdgeRow[]> {
    return (manager ?? this.dataSource).query(
      `${EDGE_SELECT} WHERE e.graph_id = $1 ORDER BY e.seq`,
      [graphId],
    );
  }

  edgesById(ids: string[], manager?: EntityManager): Promise<EdgeRow[]> {
    return (manager ?? this.dataSource).query(
      `${EDGE_SELECT} WHERE e.id = ANY($1::uuid[]) ORDER BY e.seq`,
      [ids],
    );
  }

  /**
   * Inserts the edges in one statement. With `skipExisting` an edge that exists already is
   * left alone; otherwise a duplicate raises the unique violation (23505) to the caller.
   */
  async insertMany(
    m: EntityManager,
    graphId: string,
    edges: EdgeValues[],
    skipExisting: boolean,
  ): Promise<string[]> {
    const rows: { id: string; ord: number }[] = await m.query(
      `INSERT INTO progression_edges (graph_id, edge_type, from_exercise_id, to_exercise_id,
         from_variant_id, to_variant_id, notes)
       SELECT $1, x.edge_type, x.from_exercise_id, x.to_exercise_id, x.from_variant_id, x.to_variant_id, x.notes
       FROM ROWS FROM (jsonb_to_recordset($2::jsonb) AS (edge_type text, from_exercise_id uuid,
         to_exercise_id uuid, from_variant_id uuid, to_variant_id uuid, notes text))
         WITH ORDINALITY AS x(edge_type, from_exercise_id, to_exercise_id, from_variant_id, to_variant_id, notes, ord)
       ORDER BY x.ord
       ${skipExisting ? 'ON CONFLICT DO NOTHING' : ''}
       RETURNING id`,
      [graphId, JSON.stringify(edges)],
    );
    return rows.map((r) => r.id);
  }

  async deleteEdges(m: EntityManager, graphId: string, ids: string[]): Promise<string[]> {
    const [rows] = await m.query(
      `DELETE FROM progression_edges WHERE graph_id = $1 AND id = ANY($2::uuid[]) RETURNING id`,
      [graphId, ids],
    );
    return (rows as { id: string }[]).map((r) => r.id);
  }

  async edgeIdsOfGraph(m: EntityManager, graphId: string, ids: string[]): Promise<Set<string>> {
    const rows: { id: string }[] = await m.query(
      `SELECT id FROM progression_edges WHERE graph_id = $1 AND id = ANY($2::uuid[])`,
      [graphId, ids],
    );
    return new Set(rows.map((r) => r.id));
  }

  /** Graphs whose edges use the exercises (for the exercise usage registry). */
  usages(
    m: EntityManager,
    exerciseIds: string[],
  ): Promise<{ exercise_id: string; id: string; label: string }[]> {
    return m.query(
      `SELECT DISTINCT x.exercise_id, g.id, g.name AS label
       FROM progression_edges e JOIN progression_graphs g ON g.id = e.graph_id
       CROSS JOIN LATERAL (VALUES (e.from_exercise_id), (e.to_exercise_id)) AS x(exercise_id)
       WHERE x.exercise_id = ANY($1::uuid[])`,
      [exerciseIds],
    );
  }
}
