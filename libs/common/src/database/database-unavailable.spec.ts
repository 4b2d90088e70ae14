import { createServer, Server, Socket } from 'node:net';
import { Client, Pool } from 'pg';
import { QueryFailedError } from 'typeorm';
import { freePort } from '../testing/test-database';
import { isDatabaseUnavailable } from './database-unavailable';

const serverUrl = (): string => {
  const url = process.env.TEST_DB_SERVER_URL;
  if (!url) throw new Error('the database harness did not run');
  return url;
};

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

/** A TCP server that accepts connections and never answers: a frozen database. */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((s) => sockets.add(s));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as { port: number }).port,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    },
  };
}

describe('isDatabaseUnavailable', () => {
  it('recognises a refused connection', async () => {
    const port = await freePort();
    const client = new Client({ host: '127.0.0.1', port, user: 'postgres' });
    expect(isDatabaseUnavailable(await failure(() => client.connect()))).toBe(true);
  });

  it('recognises a connect that times out against a server that answers nothing', async () => {
    const silent = await silentServer();
    const pool = new Pool({ host: '127.0.0.1', port: silent.port, connectionTimeoutMillis: 200 });
    try {
      const error = await failure(() => pool.query('SELECT 1'));
      expect((error as Error).message).toMatch(/connection timeout/);
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      await pool.end();
      await silent.close();
    }
  });

  it('recognises a pool whose connections are all taken beyond the acquire timeout', async () => {
    const pool = new Pool({ connectionString: serverUrl(), max: 1, connectionTimeoutMillis: 200 });
    const held = await pool.connect();
    try {
      const error = await failure(() => pool.connect());
      expect((error as Error).message).toBe('timeout exceeded when trying to connect');
      expect(isDatabaseUnavailable(error)).toBe(true);
    } finally {
      held.release();
      await pool.end();
    }
  });

  it('recognises a closed pool', async () => {
    const pool = new Pool({ connectionString: serverUrl() });
    await pool.end();
    expect(isDatabaseUnavailable(await failure(() => pool.query('SELECT 1')))).toBe(true);
  });

  it('recognises a statement cancelled by statement_timeout, also inside TypeORM’s QueryFailedError', async () => {
    const client = new Client({ connectionString: serverUrl(), statement_timeout: 50 });
    await client.connect();
    try {
      const error = await failure(() => client.query('SELECT pg_sleep(1)'));
      expect((error as { code?: string }).code).toBe('57014');
      expect(isDatabaseUnavailable(error)).toBe(true);
      expect(
        isDatabaseUnavailable(new QueryFailedError('SELECT pg_sleep(1)', [], error as Error)),
      ).toBe(true);
    } finally {
      await client.end();
    }
  });

  it('recognises a connection ended by the server (admin shutdown) and a database that no longer exists', async () => {
    expect(isDatabaseUnavailable({ code: '57P01' })).toBe(true);
    expect(isDatabaseUnavailable({ code: '53300' })).toBe(true);
    const url = new URL(serverUrl());
    url.pathname = '/no_such_database_here';
    const client = new Client({ connectionString: url.toString() });
    const error = await failure(() => client.connect());
    expect((error as { code?: string }).code).toBe('3D000');
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('follows causes, and leaves request and programming errors alone', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused]))).toBe(true);
    const client = new Client({ connectionString: serverUrl() });
    await client.connect();
    try {
      const missing = await failure(() => client.query('SELECT * FROM no_such_table'));
      expect((missing as { code?: string }).code).toBe('42P01');
      expect(isDatabaseUnavailable(missing)).toBe(false);
    } finally {
      await client.end();
    }
    expect(isDatabaseUnavailable({ code: '23505' })).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});
