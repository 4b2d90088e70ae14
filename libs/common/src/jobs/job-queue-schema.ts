import PgBoss from 'pg-boss';
import { Client } from 'pg';
import pgBossVersion from 'pg-boss/version.json';
import { JOB_QUEUE_SCHEMA } from './job-leases';

/** The pg-boss schema version this release runs with. */
export const JOB_QUEUE_SCHEMA_VERSION: number = pgBossVersion.schema;

/** The installed pg-boss schema version of a database, null when there is none. */
export async function installedJobQueueVersion(
  query: (sql: string) => Promise<Record<string, unknown>[]>,
): Promise<number | null> {
  const [{ present }] = await query(
    `SELECT to_regclass('${JOB_QUEUE_SCHEMA}.version') IS NOT NULL AS present`,
  );
  if (!present) return null;
  const rows = await query(`SELECT max(version)::int AS version FROM ${JOB_QUEUE_SCHEMA}.version`);
  return (rows[0]?.version as number | null) ?? null;
}

/**
 * Installs or upgrades the job queue's tables (pg-boss, schema `pgboss`) in the database of
 * `url`: part of the migrations, so replicas started with MIGRATIONS_RUN=false never change
 * the schema. pg-boss serialises concurrent installers on an advisory lock. Answers what it
 * did, or null when the schema was current.
 */
export async function installJobQueueSchema(url: string): Promise<string | null> {
  const client = new Client({ connectionString: url, application_name: 'migrations' });
  await client.connect();
  let before: number | null;
  try {
    before = await installedJobQueueVersion(async (sql) => (await client.query(sql)).rows);
  } finally {
    await client.end();
  }
  if (before === JOB_QUEUE_SCHEMA_VERSION) return null;
  const boss = new PgBoss({
    connectionString: url,
    schema: JOB_QUEUE_SCHEMA,
    application_name: 'migrations',
    max: 1,
    migrate: true,
    supervise: false,
    schedule: false,
  });
  let failure: Error | undefined;
  boss.on('error', (error) => (failure = error));
  await boss.start();
  await boss.stop({ graceful: false, close: true });
  if (failure) throw failure;
  return before === null
    ? `job queue schema (pg-boss ${JOB_QUEUE_SCHEMA_VERSION})`
    : `job queue schema (pg-boss ${before} → ${JOB_QUEUE_SCHEMA_VERSION})`;
}
