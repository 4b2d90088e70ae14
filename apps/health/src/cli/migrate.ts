import 'reflect-metadata';
import { prepareDatabase, runMigrations } from '@sports/common';
import { loadHealthConfig } from '../config';
import { MIGRATIONS } from '../database/migrations';
import { RELEASE } from '../release';

/** `pnpm --filter @sports/health migrate`: applies pending migrations and exits (Kubernetes Job). */
async function main(): Promise<void> {
  const config = loadHealthConfig();
  const database = await prepareDatabase(config, RELEASE.service);
  try {
    const applied = await runMigrations({ url: database.url, migrations: MIGRATIONS });
    process.stdout.write(
      applied.length ? `Applied: ${applied.join(', ')}\n` : 'Schema is up to date.\n',
    );
  } finally {
    await database.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `Migration failed: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
