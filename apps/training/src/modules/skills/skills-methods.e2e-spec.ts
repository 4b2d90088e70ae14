import { statusesOfConcurrent } from '@sports/common/testing';
import {
  startTrainingTestApp,
  TestProfile,
  TrainingTestApp,
} from '../../testing/training-test-app';

describe('skills and methods (HTTP)', () => {
  let t: TrainingTestApp;
  let admin: TestProfile;
  let user: TestProfile;

  beforeAll(async () => {
    t = await startTrainingTestApp();
    [admin, user] = await Promise.all([t.newProfile({ role: 'admin' }), t.newProfile()]);
  });
  afterAll(() => t.close());

  it('answers the ordered skill levels', async () => {
    const res = await t.http.get('/api/skills/levels').set('Authorization', user.auth);
    expect(res.body.items).toEqual([
      { level: 'basis', rank: 1 },
      { level: 'grundlagen', rank: 2 },
      { level: 'aufbau', rank: 3 },
      { level: 'vertiefung', rank: 4 },
      { level: 'optimierung', rank: 5 },
    ]);
  });

  it('lists seeded skills; admins write, users are refused', async () => {
    const list = await t.http.get('/api/skills?limit=500').set('Authorization', user.auth);
    expect(list.body.items.map((s: { slug: string }) => s.slug)).toContain('fallschule');
    const [{ id: cat }] = await t.db.query(
      `SELECT id FROM skill_categories WHERE slug = 'athletik'`,
    );
    expect(
      (await t.http.post('/api/skills').set('Authorization', user.auth).send({ name: 'X' })).status,
    ).toBe(403);
    const created = await t.http
      .post('/api/skills')
      .set('Authorization', admin.auth)
      .send({ name: 'Seilspringen', skill_category_id: cat });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ slug: 'seilspringen', skill_category_id: cat });
    const updated = await t.http
      .put(`/api/skills/${created.body.id}`)
      .set('Authorization', admin.auth)
      .send({ description: 'Doppeldurchschläge' });
    expect(updated.body.description).toBe('Doppeldurchschläge');
    expect(
      (await t.http.delete(`/api/skills/${created.body.id}`).set('Authorization', admin.auth))
        .status,
    ).toBe(204);
  });

  it('refuses to delete a skill used by an exercise (409)', async () => {
    const [{ id: skill }] = await t.db.query(`SELECT id FROM skills WHERE slug = 'passspiel'`);
    const ex = await t.http
      .post('/api/exercises')
      .set('Authorization', user.auth)
      .send({ title: 'Passen', skills: [{ skill_id: skill, level: 'grundlagen' }] });
    expect(ex.status).toBe(201);
    const res = await t.http.delete(`/api/skills/${skill}`).set('Authorization', admin.auth);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('RESOURCE_IN_USE');
  });

  it('lets admins create, update and delete methods (sanitized), users only read', async () => {
    const list = await t.http.get('/api/methods').set('Authorization', user.auth);
    expect(list.body.items.map((m: { slug: string }) => m.slug)).toContain('intervallmethode');
    expect(
      (await t.http.post('/api/methods').set('Authorization', user.auth).send({ name: 'X' }))
        .status,
    ).toBe(403);
    const created = await t.http
      .post('/api/methods')
      .set('Authorization', admin.auth)
      .send({ name: 'Fartlek', description: '<p>Fahrtspiel</p><script>alert(1)</script>' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      slug: 'fartlek',
      description: '<p>Fahrtspiel</p>',
      created_by_profile_id: admin.id,
    });
    const put = await t.http
      .put(`/api/methods/${created.body.id}`)
      .set('Authorization', admin.auth)
      .send({ name: 'Fartlek-Lauf' });
    expect(put.body.name).toBe('Fartlek-Lauf');
    expect(
      (await t.http.get(`/api/methods/${created.body.id}`).set('Authorization', user.auth)).status,
    ).toBe(200);
    expect(
      (await t.http.delete(`/api/methods/${created.body.id}`).set('Authorization', user.auth))
        .status,
    ).toBe(403);
    expect(
      (await t.http.delete(`/api/methods/${created.body.id}`).set('Authorization', admin.auth))
        .status,
    ).toBe(204);
    expect((await t.http.get('/api/methods')).status).toBe(401);
  });

  describe.each([['skills'], ['methods']])('concurrent %s of one name', (path) => {
    it('answers eight simultaneous creations of one chosen slug with one 201 and 409 SLUG_TAKEN', async () => {
      const statuses = await statusesOfConcurrent(8, () =>
        t.http
          .post(`/api/${path}`)
          .set('Authorization', admin.auth)
          .send({ name: 'Gleichzeitig', slug: `gleichzeitig-${path}` }),
      );
      expect(statuses).toEqual({ 201: 1, 409: 7 });
      const rows = await t.db.query(`SELECT count(*)::int AS n FROM ${path} WHERE slug = $1`, [
        `gleichzeitig-${path}`,
      ]);
      expect(rows[0].n).toBe(1);
    });

    it('gives eight simultaneous creations without a slug eight distinct derived slugs', async () => {
      const name = `Parallel ${path}`;
      const statuses = await statusesOfConcurrent(8, () =>
        t.http.post(`/api/${path}`).set('Authorization', admin.auth).send({ name }),
      );
      expect(statuses).toEqual({ 201: 8 });
      const rows: { slug: string }[] = await t.db.query(
        `SELECT slug FROM ${path} WHERE name = $1 ORDER BY slug`,
        [name],
      );
      expect(new Set(rows.map((r) => r.slug)).size).toBe(8);
      expect(rows.map((r) => r.slug)).toContain(`parallel-${path}`);
    });
  });
});
