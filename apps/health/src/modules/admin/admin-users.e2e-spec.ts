import { HealthTestApp, startHealthTestApp, TestUser } from '../../testing/health-test-app';

describe('admin users (HTTP)', () => {
  let t: HealthTestApp;
  let admin: TestUser;
  let kim: TestUser;

  beforeAll(async () => {
    t = await startHealthTestApp();
    admin = await t.newUser({ role: 'admin' });
    kim = await t.newUser();
  });
  afterAll(() => t.close());

  const as = (u: TestUser) => ({ Authorization: u.auth });

  it('lists accounts with paging and a search over email, never with a hash', async () => {
    const res = await t.http.get('/api/admin/users?limit=1&offset=0').set(as(admin));
    expect(res.status).toBe(200);
    // Other test files' accounts share this database: every account counts.
    const [{ count }] = await t.db.query('SELECT count(*)::int AS count FROM users');
    expect(res.body.total).toBe(count);
    expect(res.body.total).toBeGreaterThanOrEqual(2);
    expect(res.body.items).toHaveLength(1);
    expect(JSON.stringify(res.body)).not.toMatch(/password|hash/i);
    const found = await t.http
      .get(`/api/admin/users?q=${encodeURIComponent(kim.email.slice(0, 20))}`)
      .set(as(admin));
    expect(found.body.items.map((u: { id: string }) => u.id)).toEqual([kim.id]);
  });

  it('shows one account with its membership', async () => {
    const res = await t.http.get(`/api/admin/users/${kim.id}`).set(as(admin));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: kim.id,
      role: 'user',
      membership: { tier: 'free', features: ['charts.basic'], overrides: [] },
    });
    const missing = await t.http
      .get('/api/admin/users/00000000-0000-4000-8000-000000000000')
      .set(as(admin));
    expect(missing.status).toBe(404);
  });

  it('changes a role, which takes effect on the next request', async () => {
    const res = await t.http
      .put(`/api/admin/users/${kim.id}/role`)
      .set(as(admin))
      .send({ role: 'admin' });
    expect(res.status).toBe(200);
    expect(res.body.role).toBe('admin');
    expect((await t.http.get('/api/admin/users').set(as(kim))).status).toBe(200);
    await t.http.put(`/api/admin/users/${kim.id}/role`).set(as(admin)).send({ role: 'user' });
    expect((await t.http.get('/api/admin/users').set(as(kim))).status).toBe(403);
  });

  it('refuses an unknown role with 400', async () => {
    const res = await t.http
      .put(`/api/admin/users/${kim.id}/role`)
      .set(as(admin))
      .send({ role: 'root' });
    expect(res.status).toBe(400);
  });

  it('refuses to let an admin demote or deactivate themselves with 409', async () => {
    const demote = await t.http
      .put(`/api/admin/users/${admin.id}/role`)
      .set(as(admin))
      .send({ role: 'user' });
    expect(demote.status).toBe(409);
    expect(demote.body.code).toBe('ADMIN_SELF_LOCKOUT');
    const off = await t.http.post(`/api/admin/users/${admin.id}/deactivate`).set(as(admin));
    expect(off.status).toBe(409);
    const [row] = await t.db.query('SELECT role, is_active FROM users WHERE id = $1', [admin.id]);
    expect(row).toEqual({ role: 'admin', is_active: true });
  });

  it('deactivates an account: its access token and refresh token stop working; activation restores sign-in', async () => {
    const lou = await t.newUser();
    const res = await t.http.post(`/api/admin/users/${lou.id}/deactivate`).set(as(admin));
    expect(res.status).toBe(200);
    expect(res.body.is_active).toBe(false);
    expect((await t.http.get('/api/profile').set(as(lou))).status).toBe(401);
    const refresh = await t.http
      .post('/api/auth/refresh')
      .send({ refresh_token: lou.refreshToken });
    expect(refresh.status).toBe(401);
    const [{ n }] = await t.db.query(
      'SELECT count(*)::int AS n FROM refresh_tokens WHERE subject_id = $1 AND revoked_at IS NULL',
      [lou.id],
    );
    expect(n).toBe(0);

    const on = await t.http.post(`/api/admin/users/${lou.id}/activate`).set(as(admin));
    expect(on.status).toBe(200);
    expect(on.body.is_active).toBe(true);
    const login = await t.http
      .post('/api/auth/login')
      .send({ email: lou.email, password: lou.password });
    expect(login.status).toBe(200);
  });

  it("sets a user's tier", async () => {
    const res = await t.http
      .put(`/api/admin/users/${kim.id}/tier`)
      .set(as(admin))
      .send({ tier: 'pro' });
    expect(res.status).toBe(200);
    expect(res.body.tier).toBe('pro');
    expect(res.body.membership.features).toContain('workflow.run');
    expect(
      (await t.http.put(`/api/admin/users/${kim.id}/tier`).set(as(admin)).send({ tier: 'gold' }))
        .status,
    ).toBe(400);
    await t.http.put(`/api/admin/users/${kim.id}/tier`).set(as(admin)).send({ tier: 'free' });
  });

  it('grants and revokes single features per user, and clears the override', async () => {
    const grant = await t.http
      .put(`/api/admin/users/${kim.id}/features/photos`)
      .set(as(admin))
      .send({ granted: true });
    expect(grant.status).toBe(200);
    expect(grant.body.membership.features).toEqual(['charts.basic', 'photos']);

    const revoke = await t.http
      .put(`/api/admin/users/${kim.id}/features/charts.basic`)
      .set(as(admin))
      .send({ granted: false });
    expect(revoke.body.membership.features).toEqual(['photos']);
    expect(revoke.body.membership.overrides).toEqual([
      { feature: 'charts.basic', granted: false },
      { feature: 'photos', granted: true },
    ]);
    const mine = await t.http.get('/api/membership').set(as(kim));
    expect(mine.body.features).toEqual(['photos']);

    const cleared = await t.http
      .delete(`/api/admin/users/${kim.id}/features/charts.basic`)
      .set(as(admin));
    expect(cleared.status).toBe(200);
    expect(cleared.body.membership.features).toEqual(['charts.basic', 'photos']);
    expect(
      (await t.http.delete(`/api/admin/users/${kim.id}/features/charts.basic`).set(as(admin)))
        .status,
    ).toBe(404);
  });

  it('refuses an unknown feature with 422 and a non-boolean with 400', async () => {
    const unknown = await t.http
      .put(`/api/admin/users/${kim.id}/features/teleport`)
      .set(as(admin))
      .send({ granted: true });
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe('UNKNOWN_FEATURE');
    const bad = await t.http
      .put(`/api/admin/users/${kim.id}/features/photos`)
      .set(as(admin))
      .send({ granted: 'yes' });
    expect(bad.status).toBe(400);
  });

  it('refuses every admin route to a user with 403 and to an anonymous caller with 401', async () => {
    const id = admin.id;
    const routes = [
      ['get', '/api/admin/users'],
      ['get', `/api/admin/users/${id}`],
      ['put', `/api/admin/users/${id}/role`],
      ['post', `/api/admin/users/${id}/deactivate`],
      ['post', `/api/admin/users/${id}/activate`],
      ['put', `/api/admin/users/${id}/tier`],
      ['put', `/api/admin/users/${id}/features/photos`],
      ['delete', `/api/admin/users/${id}/features/photos`],
    ] as const;
    for (const [method, path] of routes) {
      expect((await t.http[method](path).set(as(kim)).send({})).status).toBe(403);
      expect((await t.http[method](path).send({})).status).toBe(401);
    }
    const [row] = await t.db.query('SELECT role, is_active FROM users WHERE id = $1', [id]);
    expect(row).toEqual({ role: 'admin', is_active: true });
  });
});
