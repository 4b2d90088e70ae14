import type { DynamicModule } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import { DataSource } from 'typeorm';
import type { CommonEnv } from '../config/common-env';
import { configureApp } from '../http/configure-app';
import type { ReleaseInfo } from '../versioning/release';
import { installContractValidation } from './contract-validator';
import { cloneTestDatabase, TestDatabase } from './test-database';

export interface TestApp {
  app: NestExpressApplication;
  /** Base URL of the running server, e.g. http://127.0.0.1:40123 */
  url: string;
  /** supertest bound to the server over real HTTP. */
  http: TestAgent;
  db: DataSource;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * Boots a service on a random loopback port against a database of its own and returns a
 * client that speaks real HTTP to it.
 */
export async function startTestApp<C extends CommonEnv>(options: {
  release: ReleaseInfo;
  config: C;
  createModule: (config: C, databaseUrl: string) => DynamicModule;
  database?: TestDatabase;
  /** The service description of the OpenAPI document (the served one's, to compare it). */
  description?: string;
}): Promise<TestApp> {
  const database = options.database ?? (await cloneTestDatabase());
  const app = await NestFactory.create<NestExpressApplication>(
    options.createModule(options.config, database.url),
    {
      bufferLogs: true,
      bodyParser: false,
      abortOnError: false,
    },
  );
  const document = configureApp(app, {
    release: options.release,
    config: options.config,
    description: options.description ?? 'test',
  });
  installContractValidation(app, document);
  try {
    await app.listen(0, '127.0.0.1');
  } catch (error) {
    // A start refused half-way (e.g. by the route access audit) leaves nothing running.
    await app.close().catch(() => undefined);
    if (!options.database) await database.drop();
    throw error;
  }
  const url = await app.getUrl();
  const base = url.replace('[::1]', '127.0.0.1');
  return {
    app,
    url: base,
    http: request(base),
    db: app.get(DataSource),
    database,
    close: async () => {
      await app.close();
      if (!options.database) await database.drop();
    },
  };
}
