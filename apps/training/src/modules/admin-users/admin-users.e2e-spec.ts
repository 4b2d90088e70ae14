import {
  startTrainingTestApp,
  TestProfile,
  TrainingTestApp,
} from '../../testing/training-test-app';

describe('GET /api/admin/users', () => {
  let t: TrainingTestApp;
  let admin: TestProfile;
  let user: TestProfile;
  let clubId: string;

  beforeAll(async () => {
    // The list of every profile, compared whole: this file needs a database of its own.
    t = await startTrainingTestApp({}, { own: true });
    admin = await t.newProfile({ role: 'admin', name: 'Adam Admin' });
    user = await t.newProfile({ role: 'user', name: 'Uma User' });
    [{ id: clubId }] = await t.db.query(
      `INSERT INTO clubs (name) VALUES ('TSV Nord') RETURNING id`,
    );
    await t.db.query(
      `INSERT INTO club_members (club_id, profile_id, roles) VALUES ($1, $2, ARRAY['club_admin'])`,
      [clubId, user.id],
    );
  });
  afterAll(() => t.close());

  it('refuses anonymous callers with 401 and users with 403', async () => {
    expect((await t.http.get('/api/admin/users')).status).toBe(401);
    const res = await t.http.get('/api/admin/users').set('Authorization', user.auth);
    expect(res.status).toBe(403);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
  });

  it('lists every profile with its clubs and never a PIN hash', async () => {
    const res = await t.http.get('/api/admin/users').set('Authorization', admin.auth);
    expect(res.status).toBe(200);
    expect(res.text).not.toMatch(/pin_hash|pinHash|\$argon2/);
    expect(res.body).toMatchObject({ total: 2, limit: 50, offset: 0 });
    expect(res.body.items).toEqual([
      expect.objectContaining({ id: admin.id, name: 'Adam Admin', role: 'admin', clubs: [] }),
      expect.objectContaining({
        id: user.id,
        clubs: [{ id: clubId, name: 'TSV Nord', roles: ['club_admin'] }],
      }),
    ]);
  });

  it('pages and searches', async () => {
    const res = await t.http
      .get('/api/admin/users?search=uma&limit=1')
      .set('Authorization', admin.auth);
    expect(res.body.total).toBe(1);
    expect(res.body.items[0].id).toBe(user.id);
    const bad = await t.http.get('/api/admin/users?offset=-1').set('Authorization', admin.auth);
    expect(bad.status).toBe(400);
  });
});
