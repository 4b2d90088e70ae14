import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Workflow executions run as jobs of the job queue, with checkpoints:
 * - `workflow_execution_events`: every node state change of an execution in order (`seq`, the
 *   Server-Sent Events id). An ended node's event is its checkpoint (`node`, the outgoing
 *   `edges`, the `undecided` condition) with what that attempt spent on it; a node's latest
 *   event tells whether a later attempt runs it again (PENDING or RUNNING) or not (ended).
 * - `workflow_execution_attempts`: one row per attempt (first run, retry after a crash, resume).
 * - `workflow_executions.job_id`: the job running it (cancel cancels it too);
 * - `workflow_executions.attempt`: the attempt that may write (a fence: an attempt whose job
 *   was taken over writes nothing more); totals add what every attempt spent; `cancelled`.
 */
export class WorkflowExecutionJobs1795464200000 implements MigrationInterface {
  name = 'WorkflowExecutionJobs1795464200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE workflow_executions
      ADD COLUMN attempt integer NOT NULL DEFAULT 0 CHECK (attempt >= 0),
      ADD COLUMN job_id uuid,
      DROP CONSTRAINT workflow_executions_status_check,
      ADD CONSTRAINT workflow_executions_status_check
        CHECK (status IN ('running', 'completed', 'partial', 'failed', 'cancelled')),
      DROP CONSTRAINT workflow_executions_result_check,
      ADD CONSTRAINT workflow_executions_result_check
        CHECK (status IN ('running', 'cancelled') OR result IS NOT NULL)`);
    await q.query(`
      CREATE TABLE workflow_execution_attempts (
        execution_id uuid NOT NULL REFERENCES workflow_executions(id) ON DELETE CASCADE,
        attempt integer NOT NULL CHECK (attempt >= 1),
        trigger text NOT NULL CHECK (trigger IN ('run', 'retry', 'resume', 'given_up')),
        job_id uuid,
        started_at timestamptz NOT NULL DEFAULT now(),
        ended_at timestamptz,
        outcome text CHECK (outcome IN ('completed', 'partial', 'failed', 'interrupted', 'cancelled')),
        PRIMARY KEY (execution_id, attempt)
      )`);
    await q.query(`
      CREATE TABLE workflow_execution_events (
        execution_id uuid NOT NULL REFERENCES workflow_executions(id) ON DELETE CASCADE,
        seq integer NOT NULL CHECK (seq >= 1),
        attempt integer NOT NULL CHECK (attempt >= 0),
        node_id text NOT NULL,
        state text NOT NULL CHECK (state IN ('PENDING', 'RUNNING', 'COMPLETED', 'SKIPPED', 'FAILED')),
        node jsonb NOT NULL,
        edges jsonb,
        undecided jsonb,
        tokens_in integer NOT NULL DEFAULT 0 CHECK (tokens_in >= 0),
        tokens_out integer NOT NULL DEFAULT 0 CHECK (tokens_out >= 0),
        cost numeric(14,6) NOT NULL DEFAULT 0 CHECK (cost >= 0),
        at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (execution_id, seq)
      )`);
    await q.query(
      `CREATE INDEX workflow_executions_owner_status_idx ON workflow_executions (owner_id, status, started_at)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX workflow_executions_owner_status_idx`);
    await q.query(`DROP TABLE workflow_execution_events`);
    await q.query(`DROP TABLE workflow_execution_attempts`);
    await q.query(`DELETE FROM workflow_executions WHERE status = 'cancelled'`);
    await q.query(`ALTER TABLE workflow_executions
      DROP COLUMN attempt,
      DROP COLUMN job_id,
      DROP CONSTRAINT workflow_executions_status_check,
      ADD CONSTRAINT workflow_executions_status_check
        CHECK (status IN ('running', 'completed', 'partial', 'failed')),
      DROP CONSTRAINT workflow_executions_result_check,
      ADD CONSTRAINT workflow_executions_result_check CHECK (status = 'running' OR result IS NOT NULL)`);
  }
}
