import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Workflow editor support: `workflow_definitions.layout` keeps where the editor placed each node
 * (`{ "<node id>": { "x": n, "y": n } }`, `{}` for workflows saved before), and the usage
 * ledger gets the source `node_test`: one model call of a single analysis node tested from the
 * editor (`POST /api/workflows/{id}/nodes/{nodeId}/test-run`), attributed to its workflow
 * (`workflow_id`, `workflow_name`, `node_id`) but to no execution.
 */
export class WorkflowLayoutNodeTests1795464500000 implements MigrationInterface {
  name = 'WorkflowLayoutNodeTests1795464500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE workflow_definitions ADD COLUMN layout jsonb NOT NULL DEFAULT '{}'::jsonb`,
    );
    await q.query(`ALTER TABLE llm_usage DROP CONSTRAINT llm_usage_source_check`);
    await q.query(
      `ALTER TABLE llm_usage ADD CONSTRAINT llm_usage_source_check
         CHECK (source IN ('workflow', 'prompt', 'node_test'))`,
    );
    await q.query(
      `ALTER TABLE llm_usage ADD CONSTRAINT llm_usage_node_test_check
         CHECK (source <> 'node_test' OR (workflow_id IS NOT NULL AND node_id IS NOT NULL))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM llm_usage WHERE source = 'node_test'`);
    await q.query(`ALTER TABLE llm_usage DROP CONSTRAINT llm_usage_node_test_check`);
    await q.query(`ALTER TABLE llm_usage DROP CONSTRAINT llm_usage_source_check`);
    await q.query(
      `ALTER TABLE llm_usage ADD CONSTRAINT llm_usage_source_check
         CHECK (source IN ('workflow', 'prompt'))`,
    );
    await q.query(`ALTER TABLE workflow_definitions DROP COLUMN layout`);
  }
}
