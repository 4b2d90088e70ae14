import 'reflect-metadata';
import { runService } from '@sports/common';
import { AppModule } from './app.module';
import { loadTrainingConfig } from './config';
import { MIGRATIONS } from './database/migrations';
import { RELEASE, SERVICE_DESCRIPTION } from './release';

runService({
  release: RELEASE,
  description: SERVICE_DESCRIPTION,
  loadConfig: loadTrainingConfig,
  migrations: MIGRATIONS,
  createModule: (config, url) => AppModule.forRoot(config, url),
});
