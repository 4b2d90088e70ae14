import 'reflect-metadata';
import { runMigrationCli } from '@sports/common';
import { loadHealthConfig } from '../config';
import { MIGRATIONS } from '../database/migrations';
import { RELEASE } from '../release';

/** `pnpm --filter @sports/health migrate`: applies pending migrations and exits (Kubernetes Job). */
runMigrationCli({ service: RELEASE.service, loadConfig: loadHealthConfig, migrations: MIGRATIONS });
