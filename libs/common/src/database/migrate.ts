import { DataSource } from 'typeorm';
import { installJobQueueSchema } from '../jobs/job-queue-schema';
import { typeOrmOptions } from './typeorm-options';
import type { DatabaseOptions } from './typeorm-options';

/** Arbitrary constant: the advisory lock every replica takes before it migrates. */
const MIGRATION_LOCK_KEY = 7_351_902_114;

/**
 * Applies pending migrations to `url`, then installs or upgrades the job queue's schema
 * (pg-boss), and returns the names of those applied now. Replicas starting together serialise
 * on an advisory lock, so each migration runs exactly once.
 */
export async function runMigrations(
  options: Omit<DatabaseOptions, 'migrationsRun'>,
): Promise<string[]> {
  const dataSource = new DataSource({
    ...typeOrmOptions({ ...options, migrationsRun: false, poolSize: 2 }),
    entities: [],
  });
  await dataSource.initialize();
  const lock = dataSource.createQueryRunner();
  try {
    await lock.connect();
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const applied = (await dataSource.runMigrations({ transaction: 'each' })).map((m) => m.name);
    const jobQueue = await installJobQueueSchema(options.url);
    return jobQueue ? [...applied, jobQueue] : applied;
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await lock.release();
    await dataSource.destroy();
  }
}
