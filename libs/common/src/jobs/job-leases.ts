import type PgBoss from 'pg-boss';

/** The schema pg-boss keeps its tables in, inside each service's own database. */
export const JOB_QUEUE_SCHEMA = 'pgboss';

/**
 * Which run of a job a worker holds: pg-boss counts a run in `retry_count` when it starts a
 * job again and stamps `started_on` (a JavaScript Date keeps the millisecond of that stamp).
 */
export interface LeaseToken {
  retryCount: number;
  startedOn: Date;
}

const HELD = `name = $1 AND id = $2 AND state = 'active' AND retry_count = $3
  AND started_on >= $4::timestamptz AND started_on < $4::timestamptz + interval '1 millisecond'`;

export type LeaseState = 'held' | 'cancelled' | 'lost';

/**
 * Leases of running jobs, on pg-boss's job table. pg-boss 10 fails an active job once
 * `started_on + expire_in` has passed (its maintenance), whatever the worker does; a worker
 * therefore renews `expire_in` while its handler runs, so that only a job whose worker died is
 * expired and retried. Completing and giving back are guarded by the token, so a worker that
 * lost its lease never touches the run of another one.
 */
export class JobLeases {
  constructor(
    private readonly db: () => PgBoss.Db,
    private readonly schema = JOB_QUEUE_SCHEMA,
  ) {}

  /** Extends the lease to `seconds` from now; tells whether the run is still held. */
  async renew(queue: string, id: string, token: LeaseToken, seconds: number): Promise<LeaseState> {
    const { rows } = await this.db().executeSql(
      `WITH renewed AS (
         UPDATE ${this.schema}.job SET expire_in = (now() - started_on) + $5 * interval '1 second'
         WHERE ${HELD} RETURNING 1)
       SELECT EXISTS (SELECT 1 FROM renewed) AS held,
         (SELECT state::text FROM ${this.schema}.job WHERE name = $1 AND id = $2) AS state`,
      [queue, id, token.retryCount, token.startedOn, seconds],
    );
    const row = rows[0] as { held: boolean; state: string | null };
    if (row.held) return 'held';
    return row.state === 'cancelled' ? 'cancelled' : 'lost';
  }

  /** Marks the held run completed; false when it was not held any more. */
  async complete(queue: string, id: string, token: LeaseToken): Promise<boolean> {
    const { rows } = await this.db().executeSql(
      `UPDATE ${this.schema}.job SET state = 'completed', completed_on = now()
       WHERE ${HELD} RETURNING 1`,
      [queue, id, token.retryCount, token.startedOn],
    );
    return rows.length === 1;
  }

  /**
   * Returns a held run to the queue to start again at once without counting an attempt
   * (`started_on` cleared: pg-boss counts a retry only for a job started before).
   */
  async giveBack(queue: string, id: string, token: LeaseToken, seconds: number): Promise<boolean> {
    const { rows } = await this.db().executeSql(
      `UPDATE ${this.schema}.job SET state = 'retry', start_after = now(), started_on = NULL,
         expire_in = $5 * interval '1 second'
       WHERE ${HELD} RETURNING 1`,
      [queue, id, token.retryCount, token.startedOn, seconds],
    );
    return rows.length === 1;
  }
}
