import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { ExecutionResult, NodeCheckpoint, NodeExecutionState } from '@sports/workflow-engine';
import { returned } from '../insights/sql-rows';

export type ExecutionStatusValue = 'running' | 'completed' | 'partial' | 'failed' | 'cancelled';

/** The channel a change of an execution (a node event, its end) is notified on, with its id. */
export const EXECUTION_CHANNEL = 'workflow_execution';

export type AttemptTrigger = 'run' | 'retry' | 'resume' | 'given_up';

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
  attempt: number;
  job_id: string | null;
}

/** One node state change as stored (and streamed); an ended node's event is its checkpoint. */
export interface ExecutionEventRow {
  seq: number;
  attempt: number;
  node_id: string;
  state: NodeExecutionState['state'];
  node: NodeExecutionState;
  at: Date;
}

export interface AttemptRow {
  attempt: number;
  trigger: AttemptTrigger;
  started_at: Date;
  ended_at: Date | null;
  outcome: string | null;
  tokens_in: number;
  tokens_out: number;
  cost: number;
  nodes_ended: string[];
}

export interface ExecutionFilter {
  status?: ExecutionStatusValue;
  workflow_id?: string;
}

export interface ExecutionOutcome {
  status: Exclude<ExecutionStatusValue, 'running' | 'cancelled'>;
  result: ExecutionResult;
  model: string;
  offline: boolean;
}

const COLUMNS = `id, workflow_id, owner_id, prompt_id, status, graph, result, output, model,
  offline, tokens_in, tokens_out, cost::float AS cost, started_at, ended_at, resumed_at, attempt,
  job_id`;
const SUMMARY = COLUMNS.replace('graph, result,', 'NULL::jsonb AS graph, NULL::jsonb AS result,');

/** The only place with queries on `workflow_executions`. */
@Injectable()
export class WorkflowExecutionsRepository {
  constructor(private readonly db: DataSource) {}

  async insertRunning(
    values: {
      workflow_id: string;
      owner_id: string;
      prompt_id: string | null;
      graph: Record<string, unknown>;
      model: string;
      offline: boolean;
    },
    manager: EntityManager,
  ): Promise<ExecutionRow> {
    const rows: ExecutionRow[] = await manager.query(
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

  /**
   * Stores the outcome of `attempt` (the totals stay what the events added); null when the
   * attempt may not write any more (cancelled, or taken over by a later attempt).
   */
  async finish(
    id: string,
    attempt: number,
    outcome: ExecutionOutcome,
    manager: EntityManager,
  ): Promise<ExecutionRow | null> {
    const r = outcome.result;
    const rows = returned<ExecutionRow>(
      await manager.query(
        `UPDATE workflow_executions SET status = $3, result = $4, output = $5, model = $6,
         offline = $7, ended_at = now()
       WHERE id = $1 AND attempt = $2 AND status = 'running' RETURNING ${COLUMNS}`,
        [id, attempt, outcome.status, JSON.stringify(r), r.output, outcome.model, outcome.offline],
      ),
    );
    if (!rows[0]) return null;
    await this.endAttempt(id, outcome.status, manager);
    return rows[0];
  }

  async setJob(id: string, jobId: string, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE workflow_executions SET job_id = $2 WHERE id = $1`, [id, jobId]);
  }

  /** Takes a partial/failed execution for a resume; null when another request was faster. */
  async claimForResume(id: string, manager: EntityManager): Promise<ExecutionRow | null> {
    const rows = returned<ExecutionRow>(
      await manager.query(
        `UPDATE workflow_executions SET status = 'running', resumed_at = now(), ended_at = NULL
        WHERE id = $1 AND status IN ('partial', 'failed') RETURNING ${COLUMNS}`,
        [id],
      ),
    );
    return rows[0] ?? null;
  }

  /**
   * Starts the next attempt of a running execution: the open attempt (its worker died) ended
   * interrupted, the fence moves on. Null when the execution is not running any more.
   */
  async beginAttempt(
    id: string,
    jobId: string,
    trigger: (retried: boolean) => AttemptTrigger,
  ): Promise<ExecutionRow | null> {
    return this.db.transaction(async (m) => {
      const rows = returned<ExecutionRow>(
        await m.query(
          `UPDATE workflow_executions SET attempt = attempt + 1
           WHERE id = $1 AND status = 'running' RETURNING ${COLUMNS}`,
          [id],
        ),
      );
      const row = rows[0];
      if (!row) return null;
      await this.endAttempt(id, 'interrupted', m);
      const [{ retried }] = await m.query(
        `SELECT EXISTS (SELECT 1 FROM workflow_execution_attempts
           WHERE execution_id = $1 AND job_id = $2) AS retried`,
        [id, jobId],
      );
      await m.query(
        `INSERT INTO workflow_execution_attempts (execution_id, attempt, trigger, job_id)
         VALUES ($1, $2, $3, $4)`,
        [id, row.attempt, trigger(retried as boolean), jobId],
      );
      return row;
    });
  }

  private async endAttempt(id: string, outcome: string, manager: EntityManager): Promise<void> {
    await manager.query(
      `UPDATE workflow_execution_attempts SET ended_at = now(), outcome = $2
       WHERE execution_id = $1 AND ended_at IS NULL`,
      [id, outcome],
    );
    await manager.query(`SELECT pg_notify($1, $2)`, [EXECUTION_CHANNEL, id]);
  }

  /** Cancels a running execution; null when it is not running. */
  async cancel(id: string, manager: EntityManager): Promise<ExecutionRow | null> {
    const rows = returned<ExecutionRow>(
      await manager.query(
        `UPDATE workflow_executions SET status = 'cancelled', ended_at = now()
        WHERE id = $1 AND status = 'running' RETURNING ${COLUMNS}`,
        [id],
      ),
    );
    if (!rows[0]) return null;
    await this.endAttempt(id, 'cancelled', manager);
    return rows[0];
  }

  /**
   * Appends a node event of `attempt` and adds what it spent to the totals, in one statement
   * (notified at its commit); false when the attempt may not write any more.
   */
  async appendEvent(
    id: string,
    attempt: number,
    event: {
      node: NodeExecutionState;
      checkpoint: Omit<NodeCheckpoint, 'node'> | null;
      /** What the attempt spent on the node (its tokens when it ended in this attempt). */
      spent: Pick<NodeExecutionState, 'tokens_in' | 'tokens_out' | 'cost'> | null;
    },
    manager?: EntityManager,
  ): Promise<boolean> {
    const { node, checkpoint } = event;
    const spent = event.spent ?? { tokens_in: 0, tokens_out: 0, cost: 0 };
    const rows: { seq: number }[] = await (manager ?? this.db).query(
      `WITH fence AS (
         UPDATE workflow_executions SET tokens_in = tokens_in + $7, tokens_out = tokens_out + $8,
           cost = cost + $9
         WHERE id = $1 AND status = 'running' AND attempt = $2 RETURNING id),
       added AS (
         INSERT INTO workflow_execution_events
           (execution_id, seq, attempt, node_id, state, node, edges, undecided, tokens_in, tokens_out, cost)
         SELECT $1, coalesce((SELECT max(seq) FROM workflow_execution_events WHERE execution_id = $1), 0) + 1,
           $2, $3, $4, $5, $6::jsonb -> 'edges', $6::jsonb -> 'undecided', $7, $8, $9
         FROM fence RETURNING seq)
       SELECT seq, pg_notify('${EXECUTION_CHANNEL}', $1::text) FROM added`,
      [
        id,
        attempt,
        node.node_id,
        node.state,
        JSON.stringify(node),
        checkpoint ? JSON.stringify(checkpoint) : null,
        Math.round(spent.tokens_in ?? 0),
        Math.round(spent.tokens_out ?? 0),
        spent.cost ?? 0,
      ],
    );
    return rows.length === 1;
  }

  /** Whether any node event of the execution was stored (executions before checkpoints had none). */
  async hasEvents(id: string, manager: EntityManager): Promise<boolean> {
    const rows = await manager.query(
      `SELECT 1 FROM workflow_execution_events WHERE execution_id = $1 LIMIT 1`,
      [id],
    );
    return rows.length > 0;
  }

  /** The latest event of every node that has ended there: the checkpoints to continue from. */
  async checkpoints(id: string): Promise<NodeCheckpoint[]> {
    const rows: {
      node: NodeExecutionState;
      edges: NodeCheckpoint['edges'] | null;
      undecided: NodeCheckpoint['undecided'];
    }[] = await this.db.query(
      `SELECT node, edges, undecided FROM (
           SELECT DISTINCT ON (node_id) node_id, state, node, edges, undecided
           FROM workflow_execution_events WHERE execution_id = $1 ORDER BY node_id, seq DESC) latest
         WHERE state IN ('COMPLETED', 'SKIPPED', 'FAILED')`,
      [id],
    );
    return rows.map((r) => ({ node: r.node, edges: r.edges ?? [], undecided: r.undecided }));
  }

  async events(id: string, afterSeq: number, limit: number): Promise<ExecutionEventRow[]> {
    return this.db.query(
      `SELECT seq, attempt, node_id, state, node, at FROM workflow_execution_events
       WHERE execution_id = $1 AND seq > $2 ORDER BY seq LIMIT $3`,
      [id, afterSeq, limit],
    );
  }

  /** Every attempt with what it spent (the sums of its checkpoints). */
  async attempts(id: string): Promise<AttemptRow[]> {
    return this.db.query(
      `SELECT a.attempt, a.trigger, a.started_at, a.ended_at, a.outcome,
         coalesce(sum(e.tokens_in), 0)::int AS tokens_in,
         coalesce(sum(e.tokens_out), 0)::int AS tokens_out,
         coalesce(sum(e.cost), 0)::float AS cost,
         coalesce(array_agg(e.node_id ORDER BY e.seq) FILTER (WHERE e.state IN ('COMPLETED', 'SKIPPED', 'FAILED')), '{}') AS nodes_ended
       FROM workflow_execution_attempts a
       LEFT JOIN workflow_execution_events e ON e.execution_id = a.execution_id AND e.attempt = a.attempt
       WHERE a.execution_id = $1
       GROUP BY a.attempt, a.trigger, a.started_at, a.ended_at, a.outcome ORDER BY a.attempt`,
      [id],
    );
  }

  async findOwn(ownerId: string, id: string): Promise<ExecutionRow | null> {
    const rows: ExecutionRow[] = await this.db.query(
      `SELECT ${COLUMNS} FROM workflow_executions WHERE id = $1 AND owner_id = $2`,
      [id, ownerId],
    );
    return rows[0] ?? null;
  }

  async listOwn(
    ownerId: string,
    filter: ExecutionFilter,
    limit: number,
    offset: number,
  ): Promise<[ExecutionRow[], number]> {
    const where = `owner_id = $1 AND ($2::text IS NULL OR status = $2)
      AND ($3::uuid IS NULL OR workflow_id = $3)`;
    const params = [ownerId, filter.status ?? null, filter.workflow_id ?? null];
    const [{ total }]: { total: number }[] = await this.db.query(
      `SELECT count(*)::int AS total FROM workflow_executions WHERE ${where}`,
      params,
    );
    const rows: ExecutionRow[] = await this.db.query(
      `SELECT ${SUMMARY} FROM workflow_executions WHERE ${where}
        ORDER BY started_at DESC, id DESC LIMIT $4 OFFSET $5`,
      [...params, limit, offset],
    );
    return [rows, total];
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
