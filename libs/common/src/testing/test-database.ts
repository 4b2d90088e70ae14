import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { MixedList } from 'typeorm';
import { quoteDatabaseName, withDatabase, withServerClient } from '../database/database-url';
import type { EmbeddedServer } from '../database/embedded-postgres';

const ENV_SERVER = 'TEST_DB_SERVER_URL';
const ENV_TEMPLATE = 'TEST_DB_TEMPLATE';

interface HarnessState {
  service: string;
  embedded?: EmbeddedServer;
  dataDir?: string;
  serverUrl: string;
  template: string;
  bootLog: string;
}

const STATE_KEY = '__sportsTestDatabase';

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * Jest global setup of a service: the server of `DATABASE_URL` or a fresh embedded one, and
 * a template database with every migration applied, which each test file then clones.
 */
export function createGlobalSetup(options: {
  service: string;
  migrations: MixedList<string | (new () => unknown)>;
}): () => Promise<void> {
  return async () => {
    /* eslint-disable @typescript-eslint/no-require-imports -- the global setup's own imports:
       test files, which load this module too, never need them */
    const { startEmbeddedPostgres } =
      require('../database/embedded-postgres') as typeof import('../database/embedded-postgres');
    const { runMigrations } =
      require('../database/migrate') as typeof import('../database/migrate');
    /* eslint-enable @typescript-eslint/no-require-imports */
    let serverUrl = process.env.DATABASE_URL;
    let embedded: EmbeddedServer | undefined;
    let dataDir: string | undefined;
    if (!serverUrl) {
      dataDir = mkdtempSync(path.join(os.tmpdir(), `${options.service}-test-pg-`));
      // As root, the server runs as a `postgres` user that must be able to enter this folder.
      chmodSync(dataDir, 0o755);
      embedded = await startEmbeddedPostgres({
        dataDir: path.join(dataDir, 'data'),
        port: await freePort(),
        fsync: false,
      });
      serverUrl = embedded.url;
    }
    const template = `t_${options.service}_${process.pid}_${randomBytes(3).toString('hex')}`;
    await withServerClient(serverUrl, (c) =>
      c.query(`CREATE DATABASE ${quoteDatabaseName(template)}`),
    );
    await runMigrations({ url: withDatabase(serverUrl, template), migrations: options.migrations });
    process.env[ENV_SERVER] = serverUrl;
    process.env[ENV_TEMPLATE] = template;
    // Every application boot of the run is a line here (app-pool-host), summed up at teardown.
    const bootLog = path.join(os.tmpdir(), `${template}-boots.log`);
    writeFileSync(bootLog, '');
    process.env.TEST_APP_BOOT_LOG = bootLog;
    (globalThis as Record<string, unknown>)[STATE_KEY] = {
      service: options.service,
      bootLog,
      embedded,
      dataDir,
      serverUrl,
      template,
    } satisfies HarnessState;
  };
}

/** What the shared app pool reports at the end of a run: boots, configurations, workers. */
function reportBoots(state: HarnessState): void {
  if (!existsSync(state.bootLog)) return;
  const boots = readFileSync(state.bootLog, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split(' '));
  rmSync(state.bootLog, { force: true });
  if (!boots.length) return;
  const configurations = new Set(boots.map(([, config]) => config)).size;
  const workers = new Set(boots.map(([worker]) => worker)).size;
  const ms = boots.map(([, , time]) => Number(time)).sort((a, b) => a - b);
  process.stdout.write(
    `\n${state.service}: ${boots.length} application boots (${configurations} configurations, ` +
      `${workers} workers; boot median ${ms[Math.floor(ms.length / 2)]} ms, max ${ms[ms.length - 1]} ms)\n`,
  );
}

/**
 * Jest global teardown: closes the applications of an in-band run (the pool then lives in this
 * process), reports the boots, drops the template and every clone of it, stops an embedded server.
 */
export function createGlobalTeardown(): () => Promise<void> {
  return async () => {
    const state = (globalThis as Record<string, unknown>)[STATE_KEY] as HarnessState | undefined;
    if (!state) return;
    const pool = (globalThis as Record<symbol, { closeAll(): Promise<void> } | undefined>)[
      Symbol.for('sports.testAppPool')
    ];
    await pool?.closeAll();
    reportBoots(state);
    await withServerClient(state.serverUrl, async (client) => {
      const { rows } = await client.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $1 || '\\_%'`,
        [state.template],
      );
      for (const { datname } of rows) {
        await client.query(`DROP DATABASE IF EXISTS ${quoteDatabaseName(datname)} WITH (FORCE)`);
      }
    });
    if (state.embedded) await state.embedded.stop();
    if (state.dataDir) rmSync(state.dataDir, { recursive: true, force: true });
  };
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A database of its own for one test file, cloned from the migrated template. */
export async function cloneTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env[ENV_SERVER];
  const template = process.env[ENV_TEMPLATE];
  if (!serverUrl || !template)
    throw new Error('The test database harness did not run (jest globalSetup missing)');
  const name = `${template}_${randomBytes(4).toString('hex')}`;
  for (let attempt = 0; ; attempt++) {
    try {
      await withServerClient(serverUrl, (c) =>
        c.query(
          `CREATE DATABASE ${quoteDatabaseName(name)} TEMPLATE ${quoteDatabaseName(template)}`,
        ),
      );
      break;
    } catch (error) {
      // 55006: the template is briefly busy because another worker is cloning it.
      if ((error as { code?: string }).code !== '55006' || attempt > 50) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  return {
    url: withDatabase(serverUrl, name),
    name,
    drop: () =>
      withServerClient(serverUrl, (c) =>
        c.query(`DROP DATABASE IF EXISTS ${quoteDatabaseName(name)} WITH (FORCE)`),
      ).then(() => undefined),
  };
}
