import { PasswordHasher } from '@sports/common';
import { HealthTestApp, startHealthTestApp } from '../../testing/health-test-app';

const PROBLEM = /^application\/problem\+json/;

describe('health sign-up and sign-in (HTTP)', () => {
  let t: HealthTestApp;

  beforeAll(async () => {
    t = await startHealthTestApp({ ADMIN_BOOTSTRAP_EMAILS: 'boss@example.org' });
  });
  afterAll(() => t.close());

  const register = (body: Record<string, unknown>) => t.http.post('/api/auth/register').send(body);
  const signIn = (email: string, password: string) =>
    t.http.post('/api/auth/login').send({ email, password });

  it('makes the first registered account an admin and later ones users, answered under `user`', async () => {
    const first = await register({
      email: ' First@Example.org ',
      password: 'first-password',
      display_name: 'First',
    });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      access_token: expect.any(String),
      token_type: 'Bearer',
      expires_in: expect.any(Number),
      refresh_token: expect.any(String),
      refresh_expires_at: expect.any(String),
      user: expect.objectContaining({
        email: 'first@example.org',
        display_name: 'First',
        role: 'admin',
        tier: 'free',
        is_active: true,
      }),
    });
    const second = await register({ email: 'second@example.org', password: 'second-password' });
    expect(second.status).toBe(201);
    expect(second.body.user).toMatchObject({ role: 'user', display_name: null });
    expect(JSON.stringify(second.body)).not.toMatch(/password|\$argon2/);
  });

  it('makes every email of the bootstrap setting an admin', async () => {
    const res = await register({ email: 'Boss@Example.org', password: 'boss-password' });
    expect(res.status).toBe(201);
    expect(res.body.user.role).toBe('admin');
  });

  it('refuses a taken email in any case with 409 EMAIL_TAKEN and writes nothing', async () => {
    const [before] = await t.db.query('SELECT count(*)::int AS n FROM users');
    const res = await register({ email: 'SECOND@example.org', password: 'another-password' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('EMAIL_TAKEN');
    const [after] = await t.db.query('SELECT count(*)::int AS n FROM users');
    expect(after.n).toBe(before.n);
  });

  it.each([
    ['a password of 7 characters', { email: 'short@example.org', password: '1234567' }, 'password'],
    ['an invalid email', { email: 'not-an-email', password: 'long-enough' }, 'email'],
    [
      'an unknown field',
      { email: 'x@example.org', password: 'long-enough', role: 'admin' },
      'role',
    ],
  ])('refuses %s with 400 VALIDATION_FAILED naming the field', async (_case, body, path) => {
    const res = await register(body);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(PROBLEM);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ path })]));
  });

  it('signs in with the right password and refuses a wrong one or an unknown email alike with 401', async () => {
    const ok = await signIn('second@example.org', 'second-password');
    expect(ok.status).toBe(200);
    expect(ok.body.user.email).toBe('second@example.org');
    const wrong = await signIn('second@example.org', 'wrong-password');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({
      code: 'UNAUTHENTICATED',
      detail: 'Email or password is wrong.',
      hint: 'Check both and try again.',
    });
    const unknown = await signIn('nobody@example.org', 'second-password');
    expect(unknown.status).toBe(401);
    expect(unknown.body.detail).toBe(wrong.body.detail);
  });

  it('refuses an access token at once after logout or deactivation, though its verification is cached', async () => {
    await register({ email: 'cached@example.org', password: 'cached-password' });
    const profile = (token: string) =>
      t.http.get('/api/profile').set('Authorization', `Bearer ${token}`);
    const first = (await signIn('cached@example.org', 'cached-password')).body;
    // Used before: the token's verification is cached, its session and account are not.
    expect((await profile(first.access_token)).status).toBe(200);
    expect((await profile(first.access_token)).status).toBe(200);
    const out = await t.http.post('/api/auth/logout').send({ refresh_token: first.refresh_token });
    expect(out.status).toBe(204);
    const loggedOut = await profile(first.access_token);
    expect(loggedOut.status).toBe(401);
    expect(loggedOut.headers['content-type']).toMatch(PROBLEM);
    const second = (await signIn('cached@example.org', 'cached-password')).body;
    expect((await profile(second.access_token)).status).toBe(200);
    await t.db.query(`UPDATE users SET is_active = false WHERE email = 'cached@example.org'`);
    expect((await profile(second.access_token)).status).toBe(401);
  });

  it('refuses a deactivated account with the right password like a wrong one', async () => {
    await register({ email: 'gone@example.org', password: 'gone-password' });
    await t.db.query(`UPDATE users SET is_active = false WHERE email = 'gone@example.org'`);
    const res = await signIn('gone@example.org', 'gone-password');
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe('Email or password is wrong.');
    expect(res.body.access_token).toBeUndefined();
  });

  it('stores new hashes with the OWASP parameters and re-hashes an older one at sign-in', async () => {
    await register({ email: 'old@example.org', password: 'old-password' });
    const hashOf = async (): Promise<string> =>
      (await t.db.query(`SELECT password_hash FROM users WHERE email = 'old@example.org'`))[0]
        .password_hash;
    expect(await hashOf()).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    // A hash of the library's former default (m = 64 MiB, t = 3, p = 4).
    const former = new PasswordHasher({
      passwordHashCost: { memoryKib: 65_536, timeCost: 3, parallelism: 4 },
    });
    const legacy = await former.hash('old-password');
    expect(legacy).toMatch(/m=65536,p=4,t=3/);
    await t.db.query(`UPDATE users SET password_hash = $1 WHERE email = 'old@example.org'`, [
      legacy,
    ]);
    expect((await signIn('old@example.org', 'wrong-password')).status).toBe(401);
    expect(await hashOf()).toBe(legacy);
    expect((await signIn('old@example.org', 'old-password')).status).toBe(200);
    const rehashed = await hashOf();
    expect(rehashed).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect(await former.verify(rehashed, 'old-password')).toBe(true);
    expect((await signIn('old@example.org', 'old-password')).status).toBe(200);
  });
});
