import { randomBytes } from 'node:crypto';
import { requireRedis, TEST_REDIS_URL } from '@sports/common/testing';
import { startTrainingTestApp, TrainingTestApp } from '../../testing/training-test-app';

// 30+ argon2 verifications per test: generous under a loaded parallel run

const attempt = (t: TrainingTestApp, email = 'nobody@example.org', pin = '0000') =>
  t.http.post('/api/auth/login').send({ email, pin });

describe('login rate limit per IP (in memory, no REDIS_URL)', () => {
  let t: TrainingTestApp;

  beforeAll(async () => {
    // The specification's limit and the default spraying threshold; the test app raises both
    // for other test files.
    t = await startTrainingTestApp({
      LOGIN_RATE_LIMIT: '30',
      LOGIN_ADDRESS_BACKOFF_THRESHOLD: '30',
    });
  });
  afterAll(() => t.close());

  it('allows 30 attempts a minute from one IP and refuses the 31st with 429 RATE_LIMITED and Retry-After', async () => {
    expect(t.config.LOGIN_RATE_LIMIT).toBe(30);
    const statuses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        attempt(t, `nobody${i}@example.org`).then((r) => r.status),
      ),
    );
    expect(statuses).toEqual(Array(30).fill(401));
    const refused = await attempt(t);
    expect(refused.status).toBe(429);
    expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(refused.body.code).toBe('RATE_LIMITED');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('refuses even a correct PIN once the IP is over the limit', async () => {
    const [row] = await t.db.query(`SELECT count(*)::int AS n FROM profiles`);
    expect(row.n).toBe(0);
    const reg = await t.http
      .post('/api/auth/register')
      .send({ name: 'Late', email: 'late@example.org', pin: '4321' });
    expect(reg.status).toBe(201); // registration is not counted as a login attempt
    const res = await attempt(t, 'late@example.org', '4321');
    expect(res.status).toBe(429);
    expect(res.body.access_token).toBeUndefined();
  });

  it('does not let a forged X-Forwarded-For escape the limit when TRUST_PROXY is 0', async () => {
    const res = await t.http
      .post('/api/auth/login')
      .set('X-Forwarded-For', '203.0.113.9')
      .send({ email: 'nobody@example.org', pin: '0000' });
    expect(res.status).toBe(429);
  });
});

describe('login rate limit behind a trusted proxy', () => {
  let t: TrainingTestApp;

  beforeAll(async () => {
    t = await startTrainingTestApp({ TRUST_PROXY: '1', LOGIN_RATE_LIMIT: '3' });
  });
  afterAll(() => t.close());

  it('counts per client address from X-Forwarded-For', async () => {
    const from = (ip: string) =>
      t.http
        .post('/api/auth/login')
        .set('X-Forwarded-For', ip)
        .send({ email: 'nobody@example.org', pin: '0000' });
    for (let i = 0; i < 3; i++) expect((await from('198.51.100.1')).status).toBe(401);
    expect((await from('198.51.100.1')).status).toBe(429);
    expect((await from('198.51.100.2')).status).toBe(401);
  });
});

describe('login rate limit shared by two instances through Redis', () => {
  let up = false;
  let a: TrainingTestApp | undefined;
  let b: TrainingTestApp | undefined;

  beforeAll(async () => {
    up = await requireRedis('the shared rate limit');
    if (!up) return;
    const env = {
      REDIS_URL: TEST_REDIS_URL,
      // about sharing, not latency: a loaded test machine must not push a Redis answer past
      // the command timeout (that attempt would be counted in memory)
      REDIS_COMMAND_TIMEOUT_MS: '5000',
      LOGIN_RATE_LIMIT: '30',
      // the second test comes from another (forwarded) address than the first one's 31 attempts
      TRUST_PROXY: '1',
      JWT_SECRET: randomBytes(24).toString('hex'),
      LOGIN_RATE_KEY_PREFIX: `test-login-rate:${randomBytes(8).toString('hex')}`,
    };
    a = await startTrainingTestApp(env);
    // A second replica of the same settings: an application of its own.
    b = await startTrainingTestApp(env, { own: true });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('refuses the 31st attempt of a minute even when the attempts are spread over both instances', async () => {
    if (!up || !a || !b) return;
    const [first, second] = [a, b];
    expect(first.url).not.toBe(second.url);
    const spread = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        attempt(i % 2 ? second : first, `spread${i}@example.org`).then((r) => r.status),
      ),
    );
    expect(spread).toEqual(Array(30).fill(401));
    const onA = await attempt(a);
    expect(onA.status).toBe(429);
    expect(onA.body.code).toBe('RATE_LIMITED');
    expect(Number(onA.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const onB = await attempt(b);
    expect(onB.status).toBe(429);
    expect(onB.headers['retry-after']).toBeDefined();
    const ready = await a.http.get('/api/health/ready');
    expect(ready.body.login_protection).toEqual({
      store: 'redis',
      redis: 'connected',
      degraded: false,
    });
  });

  it('locks an account after 5 failures even when 12 simultaneous wrong PINs are spread over both instances', async () => {
    if (!up || !a || !b) return;
    const p = await a.newProfile();
    const from = (t: TrainingTestApp, pin: string) =>
      t.http
        .post('/api/auth/login')
        .set('X-Forwarded-For', '203.0.113.77')
        .send({ email: p.email, pin });
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => from(i % 2 ? b! : a!, '0000').then((r) => r.status)),
    );
    expect((await a.http.get('/api/health/ready')).body.login_protection.store).toBe('redis');
    expect((await b.http.get('/api/health/ready')).body.login_protection.store).toBe('redis');
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expect((await from(b, p.pin)).status).toBe(429);
  });
});
