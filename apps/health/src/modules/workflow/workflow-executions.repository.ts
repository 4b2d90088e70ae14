import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { ExecutionResult } from '@sports/workflow-engine';
import { returned } from '../insights/sql-rows';

export type ExecutionStatusValue = 'running' | 'completed' | 'partial' | 'failed';

export interface ExecutionRow {
  id: string;
  workflow_id: string;
  owner_id: string;
  prompt_id: string | null;
  status: ExecutionStatusValue;
  graph: Record<string, unknown>;
  result: ExecutionResult | null;
  output: string | null;
  model: string | null;
  offline: boolean;
  tokens_in: number;
  tokens_out: number;
  cost: number;
  started_at: Date;
  ended_at: Date | null;
  resumed_at: Date | null;
}

export interface ExecutionOutcome {
  status: Exclude<ExecutionStatusValue, 'running'>;
  result: ExecutionResult;
  model: string;
  offline: boolean;
}

const COLUMNS = `id, workflow_id, owner_id, prompt_id, status, graph, result, output, model,
  offline, tokens_in, tokens_out, cost::float AS cost, started_at, ended_at, resumed_at`;
const SUMMARY = COLUMNS.replace('graph, result,', 'NULL::jsonb AS graph, NULL::jsonb AS result,');

/** The only place with queries on `workflow_executions`. */
@Injectable()
export class WorkflowExecutionsRepository {
  constructor(private readonly db: DataSource) {}

  async insertRunning(values: {
    workflow_id: string;
    owner_id: string;
    prompt_id: string | null;
    graph: Record<string, unknown>;
    model: string;
    offline: boolean;
  }): Promise<ExecutionRow> {
    const rows: ExecutionRow[] = await this.db.query(
      `INSERT INTO workflow_executions (workflow_id, owner_id, prompt_id, status, graph, model, offline)
       VALUES ($1, $2, $3, 'running', $4, $5, $6) RETURNING ${COLUMNS}`,
      [
        values.workflow_id,
        values.owner_id,
        values.prompt_id,
        JSON.stringify(values.graph),
        values.model,
        values.offline,
      ],
    );
    return rows[0];
  }

  async finish(
    id: string,
    outcome: ExecutionOutcome,
    manager: EntityManager,
  ): Promise<ExecutionRow> {
    const r = outcome.result;
    const rows = returned<ExecutionRow>(
      await manager.query(
        `UPDATE workflow_executions SET status = $2, result = $3, output = $4, model = $5,
         offline = $6, tokens_in = $7, tokens_out = $8, cost = $9, ended_at = now()
       WHERE id = $1 RETURNING ${COLUMNS}`,
        [
          id,
          outcome.status,
          JSON.stringify(r),
          r.output,
          outcome.model,
          outcome.offline,
          Math.round(r.tokens_in),
          Math.round(r.tokens_out),
          r.cost,
        ],
      ),
    );
    return rows[0];
  }

  /** Takes a partial/failed execution for a resume; null when another request was faster. */
  async claimForResume(id: string): Promise<ExecutionRow | null> {
    const rows = returned<ExecutionRow>(
      await this.db.query(
        `UPDATE workflow_executions SET status = 'running', resumed_at = now()
        WHERE id = $1 AND status IN ('partial', 'failed') RETURNING ${COLUMNS}`,
        [id],
      ),
    );
    return rows[0] ?? null;
  }

  /** Puts the previous state back when a resume could not even start. */
  async restore(row: ExecutionRow): Promise<void> {
    await this.db.query(
      `UPDATE workflow_executions SET status = $2, resumed_at = $3 WHERE id = $1`,
      [row.id, row.status, row.resumed_at],
    );
  }

  async findOwn(ownerId: string, id: string): Promise<ExecutionRow | null> {
    const rows: ExecutionRow[] = await this.db.query(
      `SELECT ${COLUMNS} FROM workflow_executions WHERE id = $1 AND owner_id = $2`,
      [id, ownerId],
    );
    return rows[0] ?? null;
  }

  async listOfWorkflow(
    ownerId: string,
    workflowId: string,
    limit: number,
    offset: number,
  ): Promise<[ExecutionRow[], number]> {
    const [{ total }] = await this.db.query(
      `SELECT count(*)::int AS total FROM workflow_executions WHERE owner_id = $1 AND workflow_id = $2`,
      [ownerId, workflowId],
    );
    const rows: ExecutionRow[] = await this.db.query(
      `SELECT ${SUMMARY} FROM workflow_executions WHERE owner_id = $1 AND workflow_id = $2
        ORDER BY started_at DESC, id DESC LIMIT $3 OFFSET $4`,
      [ownerId, workflowId, limit, offset],
    );
    return [rows, total];
  }
}
