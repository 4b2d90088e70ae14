import { LoginProtection } from '@sports/common';
import { startTrainingTestApp, TrainingTestApp } from '../../testing/training-test-app';

// The account backoff of the shared login protection (libs/common/src/auth/login-protection),
// seen through the answers of the sign-in route: 2^(n−5) s locks from the 5th failure on.
// The protection's clock stands still and the tests move it on: a lock ends when the test says
// so, however slow the machine (no waiting for it to run out, and it never runs out early).
describe('exponential backoff of one account after failed sign-ins', () => {
  let t: TrainingTestApp;
  let seq = 0;
  let now = Date.now();
  const advance = (ms: number) => (now += ms);

  beforeAll(async () => {
    // a trusted proxy lets each attempt come from another address: the backoff must not care
    t = await startTrainingTestApp({ TRUST_PROXY: '1' });
    // The clock LoginProtection takes as a constructor argument (Date.now in the app).
    const protection = t.app.get(LoginProtection);
    expect(protection).toHaveProperty('clock', expect.any(Function));
    Object.assign(protection, { clock: () => now });
  });
  afterAll(() => t.close());

  const login = (email: string, pin: string) => {
    seq += 1;
    return t.http
      .post('/api/auth/login')
      .set('X-Forwarded-For', `198.51.100.${seq % 250}`)
      .send({ email, pin });
  };
  const retryAfter = (res: { headers: Record<string, string> }) =>
    Number(res.headers['retry-after']);

  it('locks the account from the 5th consecutive failure on, whatever the IP, and refuses even the right PIN with 429', async () => {
    const p = await t.newProfile();
    for (let i = 1; i <= 5; i++) expect((await login(p.email, '0000')).status).toBe(401);

    const locked = await login(p.email, p.pin);
    expect(locked.status).toBe(429);
    expect(locked.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(locked.body.code).toBe('RATE_LIMITED');
    expect(retryAfter(locked)).toBe(1);
    expect(locked.body.access_token).toBeUndefined();
    for (let i = 0; i < 5; i++) expect((await login(p.email, '0000')).status).toBe(429);

    // refused attempts did not count: the next failure is the 6th, locking for 2 s (not 2^10)
    advance(999);
    expect((await login(p.email, '0000')).status).toBe(429);
    advance(1);
    expect((await login(p.email, '0000')).status).toBe(401);
    expect(retryAfter(await login(p.email, p.pin))).toBe(2);
  });

  it('doubles the lock with each further failure', async () => {
    const p = await t.newProfile();
    for (let i = 1; i <= 5; i++) await login(p.email, '0000');
    expect(retryAfter(await login(p.email, '0000'))).toBe(1);
    advance(1000);
    expect((await login(p.email, '0000')).status).toBe(401);
    expect(retryAfter(await login(p.email, '0000'))).toBe(2);
    advance(1999);
    expect(retryAfter(await login(p.email, '0000'))).toBe(1);
    advance(1);
    expect((await login(p.email, '0000')).status).toBe(401);
    expect(retryAfter(await login(p.email, '0000'))).toBe(4);
  });

  it('resets the count on a successful sign-in once the lock is over', async () => {
    const p = await t.newProfile();
    for (let i = 0; i < 5; i++) await login(p.email, '9999');
    expect((await login(p.email, p.pin)).status).toBe(429);
    advance(1000);
    expect((await login(p.email, p.pin)).status).toBe(200);
    // four new failures lock nothing: the count started again at 0
    for (let i = 0; i < 4; i++) expect((await login(p.email, '9999')).status).toBe(401);
    expect((await login(p.email, p.pin)).status).toBe(200);
  });

  it('checks at most 5 of 12 simultaneous wrong PINs: the rest are refused before the check', async () => {
    const p = await t.newProfile();
    const statuses = await Promise.all(
      Array.from({ length: 12 }, () => login(p.email, '0000').then((r) => r.status)),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    expect((await login(p.email, p.pin)).status).toBe(429);
  });

  it('ends the backoff when a platform admin sets a new PIN', async () => {
    const admin = await t.newProfile({ role: 'superadmin' });
    const p = await t.newProfile();
    for (let i = 0; i < 5; i++) await login(p.email, '0000');
    expect((await login(p.email, p.pin)).status).toBe(429);
    const reset = await t.http
      .put(`/api/profiles/${p.id}`)
      .set('Authorization', admin.auth)
      .send({ pin: '97531' });
    expect(reset.status).toBe(200);
    expect((await login(p.email, '97531')).status).toBe(200);
  });
});
