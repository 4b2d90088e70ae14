import type { DynamicModule, INestApplicationContext, Type } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import type { CommonEnv } from '../config/common-env';
import type { ReleaseInfo } from '../versioning/release';
import { cloneTestDatabase, TestDatabase } from './test-database';
import { openTestDb, TestDb } from './test-db';

export interface TestApp {
  app: NestExpressApplication;
  /** Base URL of the running server, e.g. http://127.0.0.1:40123 */
  url: string;
  /** supertest bound to the server over real HTTP. */
  http: TestAgent;
  /** A connection pool of the test file's own to the application's database. */
  db: TestDb;
  database: TestDatabase;
  /** Ends this file's use of the application (a shared one keeps running for the next file). */
  close(): Promise<void>;
}

/** A running application as booted, before a test file connects to it. */
export interface BootedTestApp<C = unknown> {
  app: NestExpressApplication;
  url: string;
  config: C;
  database: TestDatabase;
  close(): Promise<void>;
}

export interface BootOptions<C extends CommonEnv> {
  release: ReleaseInfo;
  config: C;
  createModule: (config: C, databaseUrl: string) => DynamicModule;
  database?: TestDatabase;
  /** The service description of the OpenAPI document (the served one's, to compare it). */
  description?: string;
}

/**
 * Boots a service on a random loopback port against a database of its own (cloned from the
 * migrated template unless `database` is given). The heavy imports are loaded here, on first
 * use, so that a test file that only connects to a shared application never loads them.
 */
export async function bootTestApp<C extends CommonEnv>(
  options: BootOptions<C>,
): Promise<BootedTestApp<C>> {
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded on boot only, see above */
  const { NestFactory } = require('@nestjs/core') as typeof import('@nestjs/core');
  const { configureApp } =
    require('../http/configure-app') as typeof import('../http/configure-app');
  const { installContractValidation } =
    require('./contract-validator') as typeof import('./contract-validator');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const database = options.database ?? (await cloneTestDatabase());
  const app = await NestFactory.create<NestExpressApplication>(
    options.createModule(options.config, database.url),
    { bufferLogs: true, bodyParser: false, abortOnError: false },
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
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  return {
    app,
    url,
    config: options.config,
    database,
    close: async () => {
      await app.close();
      if (!options.database) await database.drop();
    },
  };
}

/**
 * A test file's handle on a running application: supertest over real HTTP and a small pool of
 * its own to the application's database. `release` ends the file's use of the application.
 */
export async function connectTestApp(
  booted: Pick<BootedTestApp, 'app' | 'url' | 'database'>,
  release: () => Promise<void>,
): Promise<TestApp> {
  const db = openTestDb(booted.database.url);
  return {
    app: withNamedProviders(booted.app),
    url: booted.url,
    http: request(booted.url),
    db,
    database: booted.database,
    close: async () => {
      await db.destroy().catch(() => undefined);
      await release();
    },
  };
}

/** Boots a service of the test file's own, as `bootTestApp`, and connects to it. */
export async function startTestApp<C extends CommonEnv>(options: BootOptions<C>): Promise<TestApp> {
  const booted = await bootTestApp(options);
  return connectTestApp(booted, () => booted.close());
}

/**
 * A shared application was booted from another module registry than the test file's, so a
 * class the file imports is not the class the application registered: `app.get(Class)` finds
 * the provider by its class name there instead (the names of providers are unique in both
 * services). Tokens that are not classes are passed on unchanged.
 */
function withNamedProviders(app: NestExpressApplication): NestExpressApplication {
  const get = app.get.bind(app) as INestApplicationContext['get'];
  const byName = (token: unknown): unknown => {
    if (typeof token !== 'function') return token;
    try {
      get(token as Type, { strict: false });
      return token;
    } catch {
      return providerNamed(app, (token as Type).name) ?? token;
    }
  };
  return new Proxy(app, {
    get(target, property, receiver) {
      if (property === 'get')
        return (token: unknown, options?: { strict?: boolean }) =>
          get(byName(token) as Type, { strict: false, ...options });
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(target)
        : value;
    },
  });
}

interface ContainerLike {
  getModules(): Map<string, { providers: Map<unknown, unknown> }>;
}

function providerNamed(app: NestExpressApplication, name: string): unknown {
  const container = (app as unknown as { container: ContainerLike }).container;
  for (const module of container.getModules().values())
    for (const token of module.providers.keys())
      if (typeof token === 'function' && token.name === name) return token;
  return undefined;
}
