import { Client } from 'pg';
import {
  cloneTestDatabase,
  startTestApp,
  TcpProxy,
  TestApp,
  TestDatabase,
  waitFor,
} from '@sports/common/testing';
import { AppModule } from './app.module';
import { loadHealthConfig } from './config';
import { RELEASE } from './release';

describe('health service while its database is unreachable', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let t: TestApp;
  let auth: string;
  const account = { email: 'outage@example.org', password: 'long enough 1' };

  beforeAll(async () => {
    database = await cloneTestDatabase();
    proxy = await TcpProxy.start(database.url);
    t = await startTestApp({
      release: RELEASE,
      config: loadHealthConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
      createModule: (c, url) => AppModule.forRoot(c, url),
      database: { ...database, url: proxy.urlFor(database.url) },
    });
    const reg = await t.http.post('/api/auth/register').send(account);
    auth = `Bearer ${reg.body.access_token}`;
    await proxy.refuse();
  });
  afterAll(async () => {
    await t.app.close();
    await proxy.close();
    await database.drop();
  });

  it.each([
    ['sign-in', () => t.http.post('/api/auth/login').send(account)],
    [
      'registration',
      () =>
        t.http
          .post('/api/auth/register')
          .send({ email: 'new@example.org', password: 'long enough 2' }),
    ],
    ['an authenticated read', () => t.http.get('/api/profile').set('Authorization', auth)],
  ])(
    'answers %s with 503 SERVICE_UNAVAILABLE and Retry-After, never 401 or 500',
    async (_what, send) => {
      const res = await send();
      expect(res.status).toBe(503);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
    },
  );
});

describe('health CSV import when the database goes away mid-import', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let t: TestApp;
  let direct: Client;

  beforeAll(async () => {
    database = await cloneTestDatabase();
    proxy = await TcpProxy.start(database.url);
    t = await startTestApp({
      release: RELEASE,
      config: loadHealthConfig({ LOG_LEVEL: 'silent', NODE_ENV: 'test' }),
      createModule: (c, url) => AppModule.forRoot(c, url),
      database: { ...database, url: proxy.urlFor(database.url) },
    });
    direct = new Client({ connectionString: database.url });
    await direct.connect();
  });
  afterAll(async () => {
    await direct.end();
    await t.app.close();
    await proxy.close();
    await database.drop();
  });

  /**
   * Resolves once the service is writing imported rows (seen from outside the proxy). Polled
   * every 2 ms, without backing off: the writing is a moment to be caught, not a lasting state.
   */
  const writing = () =>
    waitFor(
      async () => {
        const { rows } = await direct.query(
          `SELECT 1 FROM pg_stat_activity
            WHERE datname = current_database() AND pid <> pg_backend_pid()
              AND state = 'active'
              AND (query ILIKE 'COPY weight_entries%' OR query ILIKE 'WITH written AS (INSERT INTO weight_entries%')`,
        );
        return rows.length > 0;
      },
      { intervalMs: 2, maxIntervalMs: 2, message: 'the import writing rows' },
    );

  it('answers 503 SERVICE_UNAVAILABLE (not row errors) and leaves no rows', async () => {
    const account = { email: 'csv-outage@example.org', password: 'long enough 3' };
    const reg = await t.http.post('/api/auth/register').send(account);
    const auth = `Bearer ${reg.body.access_token}`;
    const { rows } = await direct.query(`SELECT id FROM users WHERE email = $1`, [account.email]);
    await direct.query(`UPDATE users SET tier = 'pro' WHERE id = $1`, [rows[0].id]);
    const mappings = await t.http.get('/api/csv/mappings').set('Authorization', auth);
    const generic = mappings.body.items.find(
      (m: { name: string }) => m.name === 'Generic date,weight',
    );
    const start = Date.UTC(1950, 0, 1);
    const lines = ['date,weight'];
    for (let i = 0; i < 20000; i++)
      lines.push(`${new Date(start + i * 86_400_000).toISOString().slice(0, 10)},${70 + (i % 10)}`);

    const answer = t.http
      .post('/api/csv/import')
      .set('Authorization', auth)
      .field('mapping_id', generic.id)
      .attach('file', Buffer.from(lines.join('\n')), 'weights.csv')
      .then((res) => res);
    await writing();
    await proxy.refuse();
    const res = await answer;

    expect(res.status).toBe(503);
    expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
    expect(res.headers['retry-after']).toBe('5');
    const stored = await direct.query(`SELECT count(*)::int AS n FROM weight_entries`);
    expect(stored.rows[0].n).toBe(0);
  });
});
