import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `llm_usage`: the ledger of language-model usage, one row per model call that spent (tokens
 * or cost): a node of a workflow execution's attempt (written in the statement that stores the
 * node's checkpoint) or a run of a base prompt outside a workflow (written with its insight).
 * It has no foreign key to workflows, executions or prompts: usage stays counted after they
 * are deleted (`workflow_name` keeps the workflow's name when the usage was recorded); only
 * deleting the user removes it.
 *
 * Filled from what was stored before: the spend of every checkpoint of the executions that
 * still exist, and the insights of base prompt runs (the usage of executions deleted with
 * their workflow before this release is gone and cannot be told apart).
 */
export class LlmUsageLedger1795464400000 implements MigrationInterface {
  name = 'LlmUsageLedger1795464400000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE llm_usage (
        id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        owner_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        source text NOT NULL CHECK (source IN ('workflow', 'prompt')),
        workflow_id uuid,
        workflow_name text,
        execution_id uuid,
        attempt integer,
        node_id text,
        prompt_id uuid,
        model text,
        tokens_in integer NOT NULL DEFAULT 0 CHECK (tokens_in >= 0),
        tokens_out integer NOT NULL DEFAULT 0 CHECK (tokens_out >= 0),
        cost numeric(14,6) NOT NULL DEFAULT 0 CHECK (cost >= 0),
        at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT llm_usage_attribution_check CHECK (
          (source = 'workflow') = (workflow_id IS NOT NULL AND execution_id IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX llm_usage_owner_at_idx ON llm_usage (owner_id, at)`);
    await q.query(`CREATE INDEX llm_usage_at_idx ON llm_usage (at)`);
    await q.query(`
      INSERT INTO llm_usage (owner_id, source, workflow_id, workflow_name, execution_id, attempt,
        node_id, prompt_id, model, tokens_in, tokens_out, cost, at)
      SELECT x.owner_id, 'workflow', x.workflow_id, d.name, e.execution_id, e.attempt, e.node_id,
        x.prompt_id, x.model, e.tokens_in, e.tokens_out, e.cost, e.at
      FROM workflow_execution_events e
      JOIN workflow_executions x ON x.id = e.execution_id
      LEFT JOIN workflow_definitions d ON d.id = x.workflow_id
      WHERE e.tokens_in > 0 OR e.tokens_out > 0 OR e.cost > 0
      ORDER BY e.at, e.execution_id, e.seq`);
    await q.query(`
      INSERT INTO llm_usage (owner_id, source, prompt_id, model, tokens_in, tokens_out, cost, at)
      SELECT i.owner_id, 'prompt', i.prompt_id, i.model, i.tokens_in, i.tokens_out, i.cost, i.created_at
      FROM insights i JOIN prompts p ON p.id = i.prompt_id AND p.type = 'base'
      WHERE i.workflow_execution_id IS NULL AND (i.tokens_in > 0 OR i.tokens_out > 0 OR i.cost > 0)
      ORDER BY i.created_at`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE llm_usage`);
  }
}
