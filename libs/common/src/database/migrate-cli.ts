import type { CommonEnv } from '../config/common-env';
import { runMigrations } from './migrate';
import { prepareDatabase } from './prepare-database';
import type { DatabaseOptions } from './typeorm-options';

/**
 * The body of a service's `cli/migrate.ts` (`pnpm --filter @sports/<service> migrate`, the
 * Kubernetes migration Job): applies pending migrations, prints what it applied and exits 0,
 * or prints why it failed and exits 1.
 */
export function runMigrationCli(options: {
  service: string;
  loadConfig: () => Pick<CommonEnv, 'DATABASE_URL' | 'DATA_DIR' | 'EMBEDDED_PG_PORT'>;
  migrations: DatabaseOptions['migrations'];
}): void {
  const main = async (): Promise<void> => {
    const database = await prepareDatabase(options.loadConfig(), options.service);
    try {
      const applied = await runMigrations({ url: database.url, migrations: options.migrations });
      process.stdout.write(
        applied.length ? `Applied: ${applied.join(', ')}\n` : 'Schema is up to date.\n',
      );
    } finally {
      await database.stop();
    }
  };
  main().catch((error: unknown) => {
    process.stderr.write(
      `Migration failed: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exit(1);
  });
}
