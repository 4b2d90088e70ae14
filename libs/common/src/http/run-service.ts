import { DynamicModule, Logger as NestLogger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { MixedList } from 'typeorm';
import type { CommonEnv } from '../config/common-env';
import { ConfigError } from '../config/load-config';
import { runMigrations } from '../database/migrate';
import { prepareDatabase } from '../database/prepare-database';
import type { ReleaseInfo } from '../versioning/release';
import { configureApp } from './configure-app';

export interface RunServiceOptions<C extends CommonEnv> {
  release: ReleaseInfo;
  description: string;
  loadConfig: () => C;
  migrations: MixedList<string | (new () => unknown)>;
  createModule: (config: C, databaseUrl: string) => DynamicModule;
}

/**
 * main.ts of both services: config, database, migrations, then the HTTP server. A failed
 * start ends the process with a one-line reason instead of a stack trace.
 */
export async function runService<C extends CommonEnv>(
  options: RunServiceOptions<C>,
): Promise<void> {
  try {
    await startService(options);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${options.release.service}: failed to start: ${reason}\n`);
    process.exit(1);
  }
}

async function startService<C extends CommonEnv>(options: RunServiceOptions<C>): Promise<void> {
  const started = Date.now();
  const log = new NestLogger(options.release.service);
  let config: C;
  try {
    config = options.loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${options.release.service}: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const database = await prepareDatabase(config, options.release.service);
  let app: NestExpressApplication;
  try {
    if (config.MIGRATIONS_RUN) {
      const applied = await runMigrations({ url: database.url, migrations: options.migrations });
      if (applied.length) log.log(`Applied migrations: ${applied.join(', ')}`);
    }
    app = await NestFactory.create<NestExpressApplication>(
      options.createModule(config, database.url),
      {
        bufferLogs: true,
        bodyParser: false,
      },
    );
  } catch (error) {
    // Do not leave an embedded server behind when the start fails half-way.
    await database.stop();
    throw error;
  }
  configureApp(app, { release: options.release, config, description: options.description });
  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    log.log(`${signal} received, shutting down`);
    await app.close();
    await database.stop();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop('SIGTERM'));
  process.once('SIGINT', () => void stop('SIGINT'));
  await app.listen(config.PORT, config.HOST);
  log.log(
    `${options.release.service} ${options.release.app_version} listening on http://${config.HOST}:${config.PORT}/api ` +
      `(database ${database.embedded ? 'embedded' : 'external'}, ready in ${Date.now() - started} ms)`,
  );
}
