import 'reflect-metadata';
import { runService } from '@sports/common';
import { AppModule } from './app.module';
import { loadHealthConfig } from './config';
import { MIGRATIONS } from './database/migrations';
import { RELEASE, SERVICE_DESCRIPTION } from './release';

runService({
  release: RELEASE,
  description: SERVICE_DESCRIPTION,
  loadConfig: loadHealthConfig,
  migrations: MIGRATIONS,
  createModule: (config, url) => AppModule.forRoot(config, url),
});
