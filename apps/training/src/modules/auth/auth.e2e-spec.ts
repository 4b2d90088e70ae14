import { createHmac } from 'node:crypto';
import { startTrainingTestApp, TrainingTestApp } from '../../testing/training-test-app';

describe('training auth (HTTP)', () => {
  let t: TrainingTestApp;

  beforeAll(async () => {
    t = await startTrainingTestApp({ ADMIN_BOOTSTRAP_EMAILS: 'boss@example.org' });
  });
  afterAll(() => t.close());

  it('makes the first registered profile a superadmin and later ones users', async () => {
    const first = await t.http
      .post('/api/auth/register')
      .send({ name: 'First', email: 'first@example.org', pin: '1234' });
    expect(first.status).toBe(201);
    expect(first.body.profile.role).toBe('superadmin');
    const second = await t.http
      .post('/api/auth/register')
      .send({ name: 'Second', email: 'second@example.org', pin: '5678' });
    expect(second.body.profile.role).toBe('user');
  });

  it('makes every email of the bootstrap setting a superadmin', async () => {
    const res = await t.http
      .post('/api/auth/register')
      .send({ name: 'Boss', email: 'Boss@Example.org', pin: '123456' });
    expect(res.status).toBe(201);
    expect(res.body.profile.role).toBe('superadmin');
  });

  it('never returns the PIN hash', async () => {
    const res = await t.http
      .post('/api/auth/register')
      .send({ name: 'Hidden', email: 'hidden@example.org', pin: '9999' });
    expect(JSON.stringify(res.body)).not.toMatch(/pin_hash|pinHash|\$argon2/);
  });

  it('refuses a duplicate email with 409 and writes nothing', async () => {
    const before = await t.db.query('SELECT count(*)::int AS n FROM profiles');
    const res = await t.http
      .post('/api/auth/register')
      .send({ name: 'Again', email: 'FIRST@example.org', pin: '1234' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('EMAIL_TAKEN');
    const after = await t.db.query('SELECT count(*)::int AS n FROM profiles');
    expect(after[0].n).toBe(before[0].n);
  });

  it.each([['12'], ['123456789'], ['12a4'], [1234]])(
    'refuses the PIN %p with 400 VALIDATION_FAILED',
    async (pin) => {
      const res = await t.http
        .post('/api/auth/register')
        .send({ name: 'Bad', email: 'bad-pin@example.org', pin });
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors).toEqual(
        expect.arrayContaining([expect.objectContaining({ path: 'pin' })]),
      );
    },
  );

  it('signs in with the right PIN and refuses a wrong one with 401', async () => {
    const ok = await t.http
      .post('/api/auth/login')
      .send({ email: 'second@example.org', pin: '5678' });
    expect(ok.status).toBe(200);
    expect(ok.body.access_token).toEqual(expect.any(String));
    const bad = await t.http
      .post('/api/auth/login')
      .send({ email: 'second@example.org', pin: '0000' });
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe('UNAUTHENTICATED');
    const unknown = await t.http
      .post('/api/auth/login')
      .send({ email: 'nobody@example.org', pin: '0000' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.detail).toBe(bad.body.detail);
  });

  it('refuses an access token signed with another secret or with its claims changed', async () => {
    const ok = await t.http
      .post('/api/auth/login')
      .send({ email: 'second@example.org', pin: '5678' });
    const token: string = ok.body.access_token;
    expect(
      (await t.http.get('/api/profiles/me').set('Authorization', `Bearer ${token}`)).status,
    ).toBe(200);
    const [header, payload] = token.split('.');
    const sign = (body: string, secret: string): string =>
      createHmac('sha256', secret).update(`${header}.${body}`).digest('base64url');
    const otherSecret = `${header}.${payload}.${sign(payload, 'another-secret-another-secret-0123')}`;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const raised = Buffer.from(JSON.stringify({ ...claims, role: 'superadmin' })).toString(
      'base64url',
    );
    const tampered = `${header}.${raised}.${token.split('.')[2]}`;
    for (const bad of [otherSecret, tampered]) {
      const res = await t.http.get('/api/profiles/me').set('Authorization', `Bearer ${bad}`);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHENTICATED');
    }
  });

  it('rotates refresh tokens and revokes the family when a used token comes back', async () => {
    const login = await t.http
      .post('/api/auth/login')
      .send({ email: 'second@example.org', pin: '5678' });
    const first = login.body.refresh_token as string;
    const rotated = await t.http.post('/api/auth/refresh').send({ refresh_token: first });
    expect(rotated.status).toBe(200);
    expect(rotated.body.refresh_token).not.toBe(first);
    const reuse = await t.http.post('/api/auth/refresh').send({ refresh_token: first });
    expect(reuse.status).toBe(401);
    // the reuse revoked the whole family, so the newer token is dead too
    const afterReuse = await t.http
      .post('/api/auth/refresh')
      .send({ refresh_token: rotated.body.refresh_token });
    expect(afterReuse.status).toBe(401);
  });

  it('logs out by revoking the refresh token', async () => {
    const login = await t.http
      .post('/api/auth/login')
      .send({ email: 'second@example.org', pin: '5678' });
    const out = await t.http
      .post('/api/auth/logout')
      .send({ refresh_token: login.body.refresh_token });
    expect(out.status).toBe(204);
    const again = await t.http
      .post('/api/auth/refresh')
      .send({ refresh_token: login.body.refresh_token });
    expect(again.status).toBe(401);
  });
});
