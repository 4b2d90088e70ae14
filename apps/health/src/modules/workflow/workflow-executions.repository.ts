import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { ExecutionResult, NodeCheckpoint, NodeExecutionState } from '@sports/workflow-engine';
import { returned } from '../insights/sql-rows';

export type ExecutionStatusValue = 'running' | 'completed' | 'partial' | 'failed' | 'cancelled';

/** The channel a change of an execution (a node event, its end) is notified on, with its id. */
export const EXECUTION_CHANNEL = 'workflow_execution';
/** The channel the end of an execution's attempt is notified on as well (what waiters wait for). */
export const EXECUTION_END_CHANNEL = 'workflow_execution_end';

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

/** A node state change to store; with `checkpoint` when the node ended. */
export interface NodeEventValues {
  node: NodeExecutionState;
  checkpoint: Omit<NodeCheckpoint, 'node'> | null;
  /** What the attempt spent on the node (its tokens when it ended in this attempt). */
  spent: Pick<NodeExecutionState, 'tokens_in' | 'tokens_out' | 'cost'> | null;
}

/** What every attempt of an execution spent (the sums of its events). */
export interface ExecutionTotals {
  tokens_in: number;
  tokens_out: number;
  cost: number;
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
/** Ends the open attempt of execution $1 with `outcome` (SQL: a parameter or a literal). */
const endAttempt = (outcome: string) => `UPDATE workflow_execution_attempts
  SET ended_at = now(), outcome = ${outcome} WHERE execution_id = $1 AND ended_at IS NULL`;
/** Notifies a change of execution $1 (at the commit). */
const NOTIFY_CHANGE = `pg_notify('${EXECUTION_CHANNEL}', $1::text) IS NULL AS notified`;
/** Notifies the end of an attempt of execution $1: on both channels (see EXECUTION_END_CHANNEL). */
const NOTIFY_END = `pg_notify('${EXECUTION_CHANNEL}', $1::text) IS NULL
  AND pg_notify('${EXECUTION_END_CHANNEL}', $1::text) IS NULL AS notified`;

/** The column a statement that notifies adds to its rows. */
interface Notified {
  notified: unknown;
}

function withoutNotified<T extends object>(row: T & Notified): T {
  const { notified: _notified, ...rest } = row;
  return rest as unknown as T;
}

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
      /** The job that runs it (sent in the same transaction). */
      job_id: string;
    },
    manager: EntityManager,
  ): Promise<ExecutionRow> {
    const rows: ExecutionRow[] = await manager.query(
      `INSERT INTO workflow_executions (workflow_id, owner_id, prompt_id, status, graph, model, offline, job_id)
       VALUES ($1, $2, $3, 'running', $4, $5, $6, $7) RETURNING ${COLUMNS}`,
      [
        values.workflow_id,
        values.owner_id,
        values.prompt_id,
        JSON.stringify(values.graph),
        values.model,
        values.offline,
        values.job_id,
      ],
    );
    return rows[0];
  }

  /**
   * Stores the outcome of `attempt` and ends the attempt, in one statement (notified at its
   * commit); answers the execution's totals (what the events added), or null when the attempt
   * may not write any more (cancelled, or taken over by a later attempt).
   */
  async finish(
    id: string,
    attempt: number,
    outcome: ExecutionOutcome,
    manager: EntityManager,
  ): Promise<ExecutionTotals | null> {
    const r = outcome.result;
    const rows: (ExecutionTotals & Notified)[] = await manager.query(
      `WITH saved AS (
         UPDATE workflow_executions SET status = $3, result = $4, output = $5, model = $6,
           offline = $7, ended_at = now()
         WHERE id = $1 AND attempt = $2 AND status = 'running'
         RETURNING tokens_in, tokens_out, cost::float AS cost),
       ended AS (${endAttempt('$3')} AND EXISTS (SELECT 1 FROM saved))
       SELECT saved.*, ${NOTIFY_END} FROM saved`,
      [id, attempt, outcome.status, JSON.stringify(r), r.output, outcome.model, outcome.offline],
    );
    return rows[0] ? withoutNotified(rows[0]) : null;
  }

  /**
   * Takes a partial/failed execution for a resume by job `jobId` (sent in the same
   * transaction); null when another request was faster.
   */
  async claimForResume(
    id: string,
    jobId: string,
    manager: EntityManager,
  ): Promise<ExecutionRow | null> {
    const rows = returned<ExecutionRow>(
      await manager.query(
        `UPDATE workflow_executions SET status = 'running', resumed_at = now(), ended_at = NULL,
          job_id = $2
        WHERE id = $1 AND status IN ('partial', 'failed') RETURNING ${COLUMNS}`,
        [id, jobId],
      ),
    );
    return rows[0] ?? null;
  }

  /**
   * Starts the next attempt of a running execution by job `jobId`, in one statement: the open
   * attempt (its worker died) ends interrupted, the fence moves on, and the new attempt's
   * trigger is `trigger.retried` when this job ran the execution before, else `trigger.first`.
   * Null when the execution is not running any more. (A begin of the same execution at the
   * same moment waits for the row lock; an attempt it opened is then closed by the next end.)
   */
  async beginAttempt(
    id: string,
    jobId: string,
    trigger: { first: AttemptTrigger; retried: AttemptTrigger },
  ): Promise<ExecutionRow | null> {
    const rows: (ExecutionRow & Notified)[] = await this.db.query(
      `WITH begun AS (
         UPDATE workflow_executions SET attempt = attempt + 1
         WHERE id = $1 AND status = 'running' RETURNING ${COLUMNS}),
       ended AS (${endAttempt(`'interrupted'`)} AND EXISTS (SELECT 1 FROM begun)),
       added AS (
         INSERT INTO workflow_execution_attempts (execution_id, attempt, trigger, job_id)
         SELECT $1, begun.attempt,
           CASE WHEN EXISTS (SELECT 1 FROM workflow_execution_attempts
                             WHERE execution_id = $1 AND job_id = $2) THEN $4 ELSE $3 END, $2
         FROM begun)
       SELECT begun.*, ${NOTIFY_CHANGE} FROM begun`,
      [id, jobId, trigger.first, trigger.retried],
    );
    return rows[0] ? withoutNotified(rows[0]) : null;
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
    await manager.query(`WITH ended AS (${endAttempt(`'cancelled'`)}) SELECT ${NOTIFY_END}`, [id]);
    return rows[0];
  }

  /**
   * Appends node events of `attempt` in order, adds what they spent to the totals and records
   * that spend in the usage ledger (`llm_usage`, which outlives the workflow), in one statement
   * (notified once at its commit); false when the attempt may not write any more.
   */
  async appendEvents(
    id: string,
    attempt: number,
    events: readonly NodeEventValues[],
    manager?: EntityManager,
  ): Promise<boolean> {
    if (events.length === 0) return true;
    const input = events.map((event, i) => {
      const spent = event.spent ?? { tokens_in: 0, tokens_out: 0, cost: 0 };
      return {
        ord: i + 1,
        node_id: event.node.node_id,
        state: event.node.state,
        node: event.node,
        checkpoint: event.checkpoint,
        tokens_in: Math.round(spent.tokens_in ?? 0),
        tokens_out: Math.round(spent.tokens_out ?? 0),
        cost: spent.cost ?? 0,
      };
    });
    const rows: { written: boolean }[] = await (manager ?? this.db).query(
      `WITH input AS (
         SELECT * FROM jsonb_to_recordset($3::jsonb) AS t(ord int, node_id text, state text,
           node jsonb, checkpoint jsonb, tokens_in int, tokens_out int, cost numeric)),
       fence AS (
         UPDATE workflow_executions SET
           tokens_in = tokens_in + (SELECT sum(tokens_in) FROM input),
           tokens_out = tokens_out + (SELECT sum(tokens_out) FROM input),
           cost = cost + (SELECT sum(cost) FROM input)
         WHERE id = $1 AND status = 'running' AND attempt = $2
         RETURNING id, owner_id, workflow_id, prompt_id, model),
       base AS (
         SELECT coalesce(max(seq), 0) AS seq FROM workflow_execution_events WHERE execution_id = $1),
       added AS (
         INSERT INTO workflow_execution_events
           (execution_id, seq, attempt, node_id, state, node, edges, undecided, tokens_in, tokens_out, cost)
         SELECT $1, base.seq + i.ord, $2, i.node_id, i.state, i.node, i.checkpoint -> 'edges',
           i.checkpoint -> 'undecided', i.tokens_in, i.tokens_out, i.cost
         FROM fence, base, input i ORDER BY i.ord RETURNING seq),
       usage AS (
         INSERT INTO llm_usage (owner_id, source, workflow_id, workflow_name, execution_id,
           attempt, node_id, prompt_id, model, tokens_in, tokens_out, cost)
         SELECT f.owner_id, 'workflow', f.workflow_id, d.name, f.id, $2, i.node_id, f.prompt_id,
           f.model, i.tokens_in, i.tokens_out, i.cost
         FROM fence f LEFT JOIN workflow_definitions d ON d.id = f.workflow_id, input i
         WHERE i.tokens_in > 0 OR i.tokens_out > 0 OR i.cost > 0)
       SELECT (SELECT count(*) FROM added) > 0 AS written, pg_notify('${EXECUTION_CHANNEL}', $1::text)
       FROM fence`,
      [id, attempt, JSON.stringify(input)],
    );
    return rows[0]?.written === true;
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
