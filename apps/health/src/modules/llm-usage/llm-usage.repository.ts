import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

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

/**
 * Language-model usage, read from where it is stored: every ended node of every attempt of a
 * workflow execution has its own event with what that attempt spent on it
 * (`workflow_execution_events`, failed and interrupted attempts included, a node run again
 * counted again), dated by the event's time. Read-only; the workflow module writes the rows.
 */
@Injectable()
export class LlmUsageRepository {
  constructor(private readonly db: DataSource) {}

  /** Totals per period (UTC), user and workflow, periods in order. */
  totals(filter: UsageFilter): Promise<UsageRow[]> {
    return this.db.query(
      `SELECT to_char(date_trunc($1, e.at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS period_start,
              x.owner_id, x.workflow_id, d.name AS workflow_name,
              count(DISTINCT e.execution_id)::int AS executions,
              count(DISTINCT (e.execution_id, e.attempt))::int AS attempts,
              sum(e.tokens_in)::float8 AS tokens_in,
              sum(e.tokens_out)::float8 AS tokens_out,
              sum(e.cost)::float8 AS cost
         FROM workflow_execution_events e
         JOIN workflow_executions x ON x.id = e.execution_id
         LEFT JOIN workflow_definitions d ON d.id = x.workflow_id
        WHERE e.at >= ($2::date)::timestamp AT TIME ZONE 'UTC'
          AND e.at < ($3::date + 1)::timestamp AT TIME ZONE 'UTC'
          AND ($4::uuid IS NULL OR x.owner_id = $4)
          AND ($5::uuid IS NULL OR x.workflow_id = $5)
          AND (e.tokens_in > 0 OR e.tokens_out > 0 OR e.cost > 0)
        GROUP BY 1, x.owner_id, x.workflow_id, d.name
        ORDER BY 1, x.owner_id, d.name, x.workflow_id`,
      [filter.period, filter.from, filter.to, filter.owner_id, filter.workflow_id],
    );
  }

  /** What a user spent from `since` (inclusive) to `until` (exclusive). */
  async spent(ownerId: string, since: Date, until: Date): Promise<SpentRow> {
    const rows: SpentRow[] = await this.db.query(
      `SELECT coalesce(sum(e.tokens_in), 0)::float8 AS tokens_in,
              coalesce(sum(e.tokens_out), 0)::float8 AS tokens_out,
              coalesce(sum(e.cost), 0)::float8 AS cost
         FROM workflow_executions x
         JOIN workflow_execution_events e ON e.execution_id = x.id
        WHERE x.owner_id = $1 AND x.started_at < $3 AND e.at >= $2 AND e.at < $3`,
      [ownerId, since, until],
    );
    return rows[0];
  }
}
