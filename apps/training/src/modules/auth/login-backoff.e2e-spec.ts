import { startTrainingTestApp, TrainingTestApp } from '../../testing/training-test-app';

describe('exponential backoff of one account after failed sign-ins', () => {
  let t: TrainingTestApp;
  let seq = 0;

  beforeAll(async () => {
    // a trusted proxy lets each attempt come from another address: the backoff must not care
    t = await startTrainingTestApp({ TRUST_PROXY: '1', LOGIN_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());

  const login = (email: string, pin: string) => {
    seq += 1;
    return t.http
      .post('/api/auth/login')
      .set('X-Forwarded-For', `198.51.100.${seq % 250}`)
      .send({ email, pin });
  };

  const stateOf = async (email: string) => {
    const [row] = await t.db.query(
      `SELECT failed_login_count AS count,
              EXTRACT(EPOCH FROM (login_locked_until - now()))::float8 AS locked_for
         FROM profiles WHERE email = $1`,
      [email],
    );
    return row as { count: number; locked_for: number | null };
  };

  const unlock = (email: string) =>
    t.db.query(
      `UPDATE profiles SET login_locked_until = now() - interval '1 second' WHERE email = $1`,
      [email],
    );

  it('locks the account from the 5th consecutive failure on, whatever the IP, and refuses even the right PIN with 429', async () => {
    const p = await t.newProfile();
    for (let i = 1; i <= 4; i++) {
      expect((await login(p.email, '0000')).status).toBe(401);
      expect((await stateOf(p.email)).locked_for).toBeNull();
    }
    expect((await login(p.email, '0000')).status).toBe(401);
    const state = await stateOf(p.email);
    expect(state.count).toBe(5);
    expect(state.locked_for).toBeGreaterThan(0);

    const locked = await login(p.email, p.pin);
    expect(locked.status).toBe(429);
    expect(locked.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(locked.body.code).toBe('RATE_LIMITED');
    expect(Number(locked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(locked.body.access_token).toBeUndefined();
    // a refused attempt during the lock does not count as a failure
    expect((await stateOf(p.email)).count).toBe(5);
  });

  it('doubles the lock with each further failure and caps it at 15 minutes', async () => {
    const p = await t.newProfile();
    await t.db.query(`UPDATE profiles SET failed_login_count = 7 WHERE id = $1`, [p.id]);
    expect((await login(p.email, '0000')).status).toBe(401);
    let s = await stateOf(p.email);
    expect(s.count).toBe(8);
    expect(s.locked_for).toBeGreaterThan(6); // 2^(8-5) = 8 seconds
    expect(s.locked_for).toBeLessThanOrEqual(8);

    await unlock(p.email);
    expect((await login(p.email, '0000')).status).toBe(401);
    s = await stateOf(p.email);
    expect(s.locked_for).toBeGreaterThan(14); // 16 seconds
    expect(s.locked_for).toBeLessThanOrEqual(16);

    await t.db.query(`UPDATE profiles SET failed_login_count = 60 WHERE id = $1`, [p.id]);
    await unlock(p.email);
    expect((await login(p.email, '0000')).status).toBe(401);
    s = await stateOf(p.email);
    expect(s.locked_for).toBeGreaterThan(890);
    expect(s.locked_for).toBeLessThanOrEqual(900);
  });

  it('resets the count on a successful sign-in once the lock is over', async () => {
    const p = await t.newProfile();
    for (let i = 0; i < 5; i++) await login(p.email, '9999');
    await unlock(p.email);
    const ok = await login(p.email, p.pin);
    expect(ok.status).toBe(200);
    expect(await stateOf(p.email)).toEqual({ count: 0, locked_for: null });
  });

  it('counts concurrent failures without losing one', async () => {
    const p = await t.newProfile();
    await Promise.all([1, 2, 3, 4].map(() => login(p.email, '0000')));
    expect((await stateOf(p.email)).count).toBe(4);
  });
});
