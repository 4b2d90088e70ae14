import 'reflect-metadata';
import { runMigrationCli } from '@sports/common';
import { loadTrainingConfig } from '../config';
import { MIGRATIONS } from '../database/migrations';
import { RELEASE } from '../release';

/** `pnpm --filter @sports/training migrate`: applies pending migrations and exits (Kubernetes Job). */
runMigrationCli({
  service: RELEASE.service,
  loadConfig: loadTrainingConfig,
  migrations: MIGRATIONS,
});
