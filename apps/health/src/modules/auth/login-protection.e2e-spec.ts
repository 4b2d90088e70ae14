import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { requireRedis, TEST_REDIS_URL } from '@sports/common/testing';
import { HealthTestApp, startHealthTestApp } from '../../testing/health-test-app';

// Dozens of argon2 verifications per test: generous under a loaded run.

const PROBLEM = /^application\/problem\+json/;
let seq = 0;

/** Registers an account over HTTP (registration is not a sign-in attempt). */
async function register(t: HealthTestApp): Promise<{ email: string; password: string }> {
  seq += 1;
  const account = {
    email: `lp${seq}-${randomBytes(4).toString('hex')}@example.org`,
    password: `right-password-${seq}`,
  };
  const res = await t.http.post('/api/auth/register').send(account);
  if (res.status !== 201) throw new Error(`register: ${res.status} ${res.text}`);
  return account;
}

const signIn = (t: HealthTestApp, email: string, password: string, from?: string) => {
  const req = t.http.post('/api/auth/login');
  if (from) req.set('X-Forwarded-For', from);
  return req.send({ email, password });
};

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;

describe('health sign-in: account backoff (in memory)', () => {
  let t: HealthTestApp;
  beforeAll(async () => {
    // each attempt from another address: only the account backoff can refuse
    t = await startHealthTestApp({ TRUST_PROXY: '1' });
  });
  afterAll(() => t.close());

  it('limits 40 wrong passwords from 40 addresses with 429 and refuses the right one while locked', async () => {
    const a = await register(t);
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) {
      statuses.push(
        (await signIn(t, a.email, `wrong-password-${i}`, `198.51.100.${i + 1}`)).status,
      );
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    // only a lapsed lock lets another wrong password be checked (1 s, then 2 s, 4 s, ...)
    expect(count(statuses, 429)).toBeGreaterThanOrEqual(30);
    const right = await signIn(t, a.email, a.password, '198.51.100.200');
    expect(right.status).toBe(429);
    expect(right.headers['content-type']).toMatch(PROBLEM);
    expect(right.body.code).toBe('RATE_LIMITED');
    expect(Number(right.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(right.body.access_token).toBeUndefined();
  });

  it('checks at most 5 of 12 simultaneous wrong passwords: 5 answers 401, 7 answer 429', async () => {
    const a = await register(t);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        signIn(t, a.email, `wrong-password-${i}`, `192.0.2.${i + 1}`),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect([...statuses].sort()).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    for (const r of answers) {
      expect(r.body.code).toBe(r.status === 401 ? 'UNAUTHENTICATED' : 'RATE_LIMITED');
    }
    expect((await signIn(t, a.email, a.password, '192.0.2.100')).status).toBe(429);
  });

  it('signs in with the right password after fewer failures than the threshold, and the count starts again', async () => {
    const a = await register(t);
    for (let i = 0; i < 4; i++)
      expect((await signIn(t, a.email, 'wrong-password')).status).toBe(401);
    expect((await signIn(t, a.email, a.password)).status).toBe(200);
    for (let i = 0; i < 4; i++)
      expect((await signIn(t, a.email, 'wrong-password')).status).toBe(401);
    expect((await signIn(t, a.email, a.password)).status).toBe(200);
  });
});

describe('health sign-in: limits per client address (defaults of the specification)', () => {
  let t: HealthTestApp;
  beforeAll(async () => {
    t = await startHealthTestApp({
      TRUST_PROXY: '1',
      LOGIN_RATE_LIMIT: '30',
      LOGIN_ADDRESS_BACKOFF_THRESHOLD: '30',
    });
  });
  afterAll(() => t.close());

  it('slows password spraying over 20 accounts from one address: 30 attempts checked, then 429', async () => {
    const accounts = [];
    for (let i = 0; i < 21; i++) accounts.push(await register(t));
    const statuses: number[] = [];
    for (const guess of ['Summer2026!', 'Password1']) {
      for (const a of accounts.slice(0, 20)) {
        statuses.push((await signIn(t, a.email, guess, '203.0.113.50')).status);
      }
    }
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
    // an untouched account's right password from that address is refused as well ...
    const late = accounts[20];
    const refused = await signIn(t, late.email, late.password, '203.0.113.50');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(1);
    // ... while another address is not affected
    expect((await signIn(t, late.email, late.password, '203.0.113.51')).status).toBe(200);
  });
});

describe('health sign-in: failures from one address over many accounts', () => {
  let t: HealthTestApp;
  beforeAll(async () => {
    t = await startHealthTestApp({ TRUST_PROXY: '1', LOGIN_ADDRESS_BACKOFF_THRESHOLD: '10' });
  });
  afterAll(() => t.close());

  it('locks the address from its 10th failure on, whatever the window allows', async () => {
    const accounts = [];
    for (let i = 0; i < 20; i++) accounts.push(await register(t));
    const statuses: number[] = [];
    for (const a of accounts) {
      statuses.push((await signIn(t, a.email, 'wrong-password', '203.0.113.60')).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    expect(count(statuses, 429)).toBeGreaterThanOrEqual(7);
  });
});

describe('health sign-in with Redis', () => {
  let up = false;
  let a: HealthTestApp | undefined;
  let b: HealthTestApp | undefined;
  beforeAll(async () => {
    up = await requireRedis('the health sign-in limits shared through Redis');
    if (!up) return;
    const env = {
      REDIS_URL: TEST_REDIS_URL,
      // this test is about sharing, not latency: a loaded test machine must not make a slow
      // Redis answer fall back to memory
      REDIS_COMMAND_TIMEOUT_MS: '5000',
      TRUST_PROXY: '1',
      JWT_SECRET: randomBytes(24).toString('hex'),
      LOGIN_RATE_KEY_PREFIX: `test-health-login:${randomBytes(8).toString('hex')}`,
    };
    a = await startHealthTestApp(env);
    // A second replica of the same settings: an application of its own.
    b = await startHealthTestApp(env, { own: true });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('checks at most 5 of 12 simultaneous wrong passwords spread over two replicas', async () => {
    if (!up || !a || !b) return;
    const readiness = await a.http.get('/api/health/ready');
    expect(readiness.body.login_protection).toEqual({
      store: 'redis',
      redis: 'connected',
      degraded: false,
    });
    // b has a database of its own: the same e-mail registered on both
    const acc = await register(a);
    await b.http.post('/api/auth/register').send(acc);
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        signIn(i % 2 ? b! : a!, acc.email, 'wrong-password', `192.0.2.${i + 1}`).then(
          (r) => r.status,
        ),
      ),
    );
    expect([...statuses].sort()).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    expect((await signIn(b, acc.email, acc.password, '192.0.2.99')).status).toBe(429);
  });
});

/** A port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

describe('health sign-in with Redis unreachable', () => {
  let t: HealthTestApp;
  let baseline: HealthTestApp;
  beforeAll(async () => {
    t = await startHealthTestApp({ REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
    baseline = await startHealthTestApp();
  });
  afterAll(async () => {
    await t.close();
    await baseline.close();
  });

  it('answers within 200 ms, counting in memory, and says so in readiness and metrics', async () => {
    const a = await register(t);
    const b = await register(baseline);
    const timed = async (app: HealthTestApp, email: string, password: string) => {
      const started = performance.now();
      const res = await signIn(app, email, password);
      return { status: res.status, ms: Math.round(performance.now() - started) };
    };
    // A sign-in is mostly its argon2 check, whose time depends on the machine's load: each
    // sign-in is compared with one on a replica without Redis, made right after it.
    const unreachable: number[] = [];
    const without: number[] = [];
    for (let i = 0; i < 5; i++) {
      const u = await timed(t, a.email, a.password);
      const w = await timed(baseline, b.email, b.password);
      expect([u.status, w.status]).toEqual([200, 200]);
      unreachable.push(u.ms);
      without.push(w.ms);
    }
    for (let i = 0; i < 5; i++)
      expect((await timed(t, a.email, 'wrong-password')).status).toBe(401);
    const refusals: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await timed(t, a.email, a.password);
      expect(r.status).toBe(429);
      refusals.push(r.ms);
    }
    console.log(
      `Redis unreachable: sign-ins ${unreachable.join(', ')} ms (without Redis: ${without.join(', ')} ms); refused attempts ${refusals.join(', ')} ms`,
    );
    expect(Math.min(...unreachable)).toBeLessThan(Math.min(...without) + 200);
    expect(Math.min(...refusals)).toBeLessThan(200);

    const ready = await t.http.get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.login_protection).toEqual({
      store: 'memory',
      redis: 'unreachable',
      degraded: true,
    });
    const metrics = await t.http.get('/api/metrics');
    expect(metrics.text).toMatch(/^login_protection_degraded 1$/m);
    expect(metrics.text).toMatch(/^login_protection_memory_fallbacks_total 15$/m);

    // the limits still hold, per replica
    const other = await register(t);
    const statuses = await Promise.all(
      Array.from({ length: 12 }, () =>
        signIn(t, other.email, 'wrong-password').then((r) => r.status),
      ),
    );
    expect(count(statuses, 401)).toBe(5);
    expect(count(statuses, 429)).toBe(7);
  });
});
