import { randomUUID } from 'node:crypto';
import { ShutdownState } from '../src/http/shutdown-state';
import { cloneTestDatabase, startTestApp, TcpProxy, TestApp, TestDatabase } from '../src/testing';
import { FIXTURE_RELEASE, fixtureConfig, fixtureModule } from './fixture-app';

const PROBLEM = /^application\/problem\+json/;

/** The service reaches its database through a relay the test can cut or freeze. */
describe('a service whose database becomes unavailable', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    database = await cloneTestDatabase();
    proxy = await TcpProxy.start(database.url);
    t = await startTestApp({
      release: FIXTURE_RELEASE,
      config: fixtureConfig({ DB_STATEMENT_TIMEOUT_MS: '800', DB_ACQUIRE_TIMEOUT_MS: '500' }),
      createModule: fixtureModule,
      database: { ...database, url: proxy.urlFor(database.url) },
    });
    const account = { id: randomUUID(), email: 'a@example.org', role: 'user' };
    await t.db.query('INSERT INTO accounts VALUES ($1, $2, $3)', [
      account.id,
      account.email,
      account.role,
    ]);
    token = (await t.http.post('/api/fixture/token').send(account)).body.access_token;
  });
  afterEach(() => proxy.restore());
  afterAll(async () => {
    await t.app.close();
    await proxy.close();
    await database.drop();
  });

  function expectUnavailable(res: {
    status: number;
    headers: Record<string, string>;
    body: Record<string, unknown>;
    text: string;
  }): void {
    expect(res.status).toBe(503);
    expect(res.headers['content-type']).toMatch(PROBLEM);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      retry_after_seconds: 5,
    });
    expect(res.text).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|terminated|timeout exceeded|stack/);
  }

  it('answers an authenticated request 503 with Retry-After, not 401, while the account lookup cannot reach the database', async () => {
    await proxy.refuse();
    const res = await t.http.get('/api/fixture/me').set('Authorization', `Bearer ${token}`);
    expectUnavailable(res);
  });

  it('answers a public route whose query cannot reach the database 503, not 500', async () => {
    await proxy.refuse();
    expectUnavailable(await t.http.get('/api/fixture/accounts/count'));
  });

  it('serves the same token again once the database is back, without a restart', async () => {
    await proxy.refuse();
    expect((await t.http.get('/api/fixture/accounts/count')).status).toBe(503);
    await proxy.restore();
    const res = await t.http.get('/api/fixture/me').set('Authorization', `Bearer ${token}`);
    expect(res.status).toBe(200);
    expect(res.body.email).toBe('a@example.org');
  });

  it('answers 503 within the statement timeout while the database answers nothing', async () => {
    // Warm the pool so that its connections are open when the server stops answering.
    await Promise.all([1, 2, 3].map(() => t.http.get('/api/fixture/accounts/count')));
    proxy.freeze();
    const started = Date.now();
    const [query, auth] = await Promise.all([
      t.http.get('/api/fixture/accounts/count'),
      t.http.get('/api/fixture/me').set('Authorization', `Bearer ${token}`),
    ]);
    const elapsed = Date.now() - started;
    expectUnavailable(query);
    expectUnavailable(auth);
    // Statement timeout 800 ms + 1 s client margin (a new connection gives up after 500 ms),
    // with room for a busy machine; without the timeouts both would wait for the thaw.
    expect(elapsed).toBeLessThan(4000);
    await proxy.restore();
    // The connections that timed out were dropped, not handed to the next request.
    const after = await Promise.all(
      [1, 2, 3, 4].map(() => t.http.get('/api/fixture/accounts/count')),
    );
    expect(after.map((r) => r.status)).toEqual([200, 200, 200, 200]);
  });

  it('answers readiness 503 with Retry-After while the database is unreachable', async () => {
    await proxy.refuse();
    const res = await t.http.get('/api/health/ready');
    expectUnavailable(res);
    expect(res.body.database).toEqual({ connected: false });
    expect((await t.http.get('/api/health/live')).status).toBe(200);
  });
});

describe('readiness', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp({
      release: FIXTURE_RELEASE,
      config: fixtureConfig(),
      createModule: fixtureModule,
    });
  });
  afterEach(() => t.close());

  it('answers 503 naming each migration of the release that the database has not applied', async () => {
    expect((await t.http.get('/api/health/ready')).status).toBe(200);
    await t.db.query(`DELETE FROM migrations WHERE name = 'Fixture1700000000000'`);
    const res = await t.http.get('/api/health/ready');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
    expect(res.body.detail).toBe('Migrations are not applied: Fixture1700000000000.');
    expect(res.body.migrations).toEqual({
      applied: 0,
      latest: null,
      pending: ['Fixture1700000000000'],
    });
  });

  it('answers 503 as soon as the service is shutting down, while the database is fine', async () => {
    t.app.get(ShutdownState).draining = true;
    const res = await t.http.get('/api/health/ready');
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', shutting_down: true });
  });
});
