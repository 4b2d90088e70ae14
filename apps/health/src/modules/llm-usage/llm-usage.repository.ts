import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

export type UsagePeriod = 'day' | 'month';

export interface UsageFilter {
  period: UsagePeriod;
  /** First day, inclusive (YYYY-MM-DD, UTC). */
  from: string;
  /** Last day, inclusive (YYYY-MM-DD, UTC). */
  to: string;
  owner_id: string | null;
  workflow_id: string | null;
}

export interface UsageRow {
  period_start: string;
  owner_id: string;
  workflow_id: string;
  workflow_name: string | null;
  workflow_deleted: boolean;
  executions: number;
  attempts: number;
  tokens_in: number;
  tokens_out: number;
  cost: number;
}

export interface SpentRow {
  tokens_in: number;
  tokens_out: number;
  cost: number;
}

export interface PromptUsageRow {
  period_start: string;
  owner_id: string;
  prompt_id: string | null;
  prompt_name: string | null;
  runs: number;
  tokens_in: number;
  tokens_out: number;
  cost: number;
}

/** What one run of a base prompt outside a workflow spent. */
export interface PromptRunUsage {
  owner_id: string;
  prompt_id: string;
  model: string;
  tokens_in: number;
  tokens_out: number;
  cost: number;
}

/** What one test run of a workflow's analysis node (from the editor) spent. */
export interface NodeTestUsage {
  owner_id: string;
  workflow_id: string;
  workflow_name: string;
  node_id: string;
  model: string;
  tokens_in: number;
  tokens_out: number;
  cost: number;
}

const RANGE = `u.at >= ($2::date)::timestamp AT TIME ZONE 'UTC'
  AND u.at < ($3::date + 1)::timestamp AT TIME ZONE 'UTC'
  AND ($4::uuid IS NULL OR u.owner_id = $4)`;

/**
 * Language-model usage, read from its ledger `llm_usage`: one row per model call that spent,
 * for every ended node of every attempt of a workflow execution (failed and interrupted
 * attempts included, a node run again counted again; written by the workflow module with the
 * node's checkpoint), every run of a base prompt outside a workflow (`record`) and every test run
 * of one analysis node (`recordNodeTest`, counted with its workflow, in no execution). Rows have no
 * foreign key but the user's: a deleted workflow's usage still counts, under its last name.
 */
@Injectable()
export class LlmUsageRepository {
  constructor(private readonly db: DataSource) {}

  /**
   * Totals of workflow executions and node test runs per period (UTC), user and workflow,
   * periods in order (test runs add to tokens and cost, not to executions or attempts).
   */
  totals(filter: UsageFilter): Promise<UsageRow[]> {
    return this.db.query(
      `SELECT to_char(date_trunc($1, u.at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS period_start,
              u.owner_id, u.workflow_id,
              coalesce(d.name, (array_agg(u.workflow_name ORDER BY u.at DESC))[1]) AS workflow_name,
              d.id IS NULL AS workflow_deleted,
              count(DISTINCT u.execution_id)::int AS executions,
              count(DISTINCT (u.execution_id, u.attempt))
                FILTER (WHERE u.execution_id IS NOT NULL)::int AS attempts,
              sum(u.tokens_in)::float8 AS tokens_in,
              sum(u.tokens_out)::float8 AS tokens_out,
              sum(u.cost)::float8 AS cost
         FROM llm_usage u
         LEFT JOIN workflow_definitions d ON d.id = u.workflow_id
        WHERE u.source IN ('workflow', 'node_test') AND ${RANGE}
          AND ($5::uuid IS NULL OR u.workflow_id = $5)
        GROUP BY 1, u.owner_id, u.workflow_id, d.id, d.name
        ORDER BY 1, u.owner_id, 4, u.workflow_id`,
      [filter.period, filter.from, filter.to, filter.owner_id, filter.workflow_id],
    );
  }

  /** Totals of base prompt runs outside workflows per period (UTC), user and prompt. */
  promptTotals(filter: UsageFilter): Promise<PromptUsageRow[]> {
    return this.db.query(
      `SELECT to_char(date_trunc($1, u.at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS period_start,
              u.owner_id, p.id AS prompt_id, p.name AS prompt_name,
              count(*)::int AS runs,
              sum(u.tokens_in)::float8 AS tokens_in,
              sum(u.tokens_out)::float8 AS tokens_out,
              sum(u.cost)::float8 AS cost
         FROM llm_usage u
         LEFT JOIN prompts p ON p.id = u.prompt_id
        WHERE u.source = 'prompt' AND ${RANGE}
        GROUP BY 1, u.owner_id, p.id, p.name
        ORDER BY 1, u.owner_id, p.name, p.id`,
      [filter.period, filter.from, filter.to, filter.owner_id],
    );
  }

  /** Records what a run of a base prompt spent (in the caller's transaction). */
  async record(usage: PromptRunUsage, manager: EntityManager): Promise<void> {
    if (usage.tokens_in <= 0 && usage.tokens_out <= 0 && usage.cost <= 0) return;
    await manager.query(
      `INSERT INTO llm_usage (owner_id, source, prompt_id, model, tokens_in, tokens_out, cost)
       VALUES ($1, 'prompt', $2, $3, $4, $5, $6)`,
      [
        usage.owner_id,
        usage.prompt_id,
        usage.model,
        Math.round(usage.tokens_in),
        Math.round(usage.tokens_out),
        usage.cost,
      ],
    );
  }

  /** Records what a test run of one analysis node spent. */
  async recordNodeTest(usage: NodeTestUsage): Promise<void> {
    if (usage.tokens_in <= 0 && usage.tokens_out <= 0 && usage.cost <= 0) return;
    await this.db.query(
      `INSERT INTO llm_usage (owner_id, source, workflow_id, workflow_name, node_id, model,
         tokens_in, tokens_out, cost)
       VALUES ($1, 'node_test', $2, $3, $4, $5, $6, $7, $8)`,
      [
        usage.owner_id,
        usage.workflow_id,
        usage.workflow_name,
        usage.node_id,
        usage.model,
        Math.round(usage.tokens_in),
        Math.round(usage.tokens_out),
        usage.cost,
      ],
    );
  }

  /** What a user spent from `since` (inclusive) to `until` (exclusive). */
  async spent(ownerId: string, since: Date, until: Date): Promise<SpentRow> {
    const rows: SpentRow[] = await this.db.query(
      `SELECT coalesce(sum(tokens_in), 0)::float8 AS tokens_in,
              coalesce(sum(tokens_out), 0)::float8 AS tokens_out,
              coalesce(sum(cost), 0)::float8 AS cost
         FROM llm_usage WHERE owner_id = $1 AND at >= $2 AND at < $3`,
      [ownerId, since, until],
    );
    return rows[0];
  }
}
