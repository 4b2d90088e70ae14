import { randomUUID } from 'node:crypto';
import { statusesOfConcurrent } from '@sports/common/testing';
import {
  startTrainingTestApp,
  TestProfile,
  TrainingTestApp,
} from '../../testing/training-test-app';

describe('catalogs (HTTP)', () => {
  let t: TrainingTestApp;
  let admin: TestProfile;
  let superadmin: TestProfile;
  let user: TestProfile;

  beforeAll(async () => {
    t = await startTrainingTestApp();
    [admin, superadmin, user] = await Promise.all([
      t.newProfile({ role: 'admin' }),
      t.newProfile({ role: 'superadmin' }),
      t.newProfile(),
    ]);
  });
  afterAll(() => t.close());

  const idOf = async (table: string, slug: string): Promise<string> =>
    (await t.db.query(`SELECT id FROM ${table} WHERE slug = $1`, [slug]))[0].id;

  it.each([
    ['focus-areas', 'koordination'],
    ['style-directions', 'kampfsport'],
    ['training-styles', 'karate'],
    ['training-types', 'spielform'],
    ['target-groups', 'jugend'],
    ['age-groups', 'u12'],
    ['skill-categories', 'grundtechniken'],
    ['training-characters', 'spielerisch'],
  ])(
    'lists the seeded %s to any signed-in user and refuses anonymous callers',
    async (path, slug) => {
      const res = await t.http.get(`/api/${path}?limit=500`).set('Authorization', user.auth);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ limit: 500, offset: 0 });
      expect(res.body.total).toBeGreaterThan(3);
      expect(res.body.items.map((x: { slug: string }) => x.slug)).toContain(slug);
      expect((await t.http.get(`/api/${path}`)).status).toBe(401);
    },
  );

  it('shows target groups with their age range and linked style directions', async () => {
    const id = await idOf('target_groups', 'jugend');
    const res = await t.http.get(`/api/target-groups/${id}`).set('Authorization', user.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ slug: 'jugend', name: 'Jugend', age_min: 11, age_max: 14 });
    expect(res.body.style_direction_ids).toContain(await idOf('style_directions', 'kampfsport'));
  });

  it('lets a platform admin create, update and delete a target group', async () => {
    const created = await t.http
      .post('/api/target-groups')
      .set('Authorization', admin.auth)
      .send({ name: 'Eltern & Kind', age_min: 3, age_max: 99 });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ slug: 'eltern-kind', age_min: 3, age_max: 99 });
    const updated = await t.http
      .put(`/api/target-groups/${created.body.id}`)
      .set('Authorization', superadmin.auth)
      .send({ age_max: 8, description: 'Eltern-Kind-Turnen' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      age_min: 3,
      age_max: 8,
      description: 'Eltern-Kind-Turnen',
    });
    const del = await t.http
      .delete(`/api/target-groups/${created.body.id}`)
      .set('Authorization', admin.auth);
    expect(del.status).toBe(204);
    expect(
      await t.db.query('SELECT 1 FROM target_groups WHERE id = $1', [created.body.id]),
    ).toEqual([]);
  });

  it('refuses catalog writes by an ordinary user with 403 and writes nothing', async () => {
    const id = await idOf('focus_areas', 'kraft');
    const post = await t.http
      .post('/api/focus-areas')
      .set('Authorization', user.auth)
      .send({ name: 'Hacked' });
    expect(post.status).toBe(403);
    const put = await t.http
      .put(`/api/focus-areas/${id}`)
      .set('Authorization', user.auth)
      .send({ name: 'Hacked' });
    expect(put.status).toBe(403);
    expect(
      (await t.http.delete(`/api/focus-areas/${id}`).set('Authorization', user.auth)).status,
    ).toBe(403);
    expect((await t.http.post('/api/focus-areas').send({ name: 'Anon' })).status).toBe(401);
    expect(await t.db.query(`SELECT 1 FROM focus_areas WHERE name = 'Hacked'`)).toEqual([]);
  });

  it('validates bodies: unknown fields, an inverted age range, a taken slug', async () => {
    const unknown = await t.http
      .post('/api/focus-areas')
      .set('Authorization', admin.auth)
      .send({ name: 'X', age_min: 3 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ path: 'age_min', message: 'unknown field' }]);
    const inverted = await t.http
      .post('/api/target-groups')
      .set('Authorization', admin.auth)
      .send({ name: 'Inverted', age_min: 20, age_max: 10 });
    expect(inverted.status).toBe(400);
    const taken = await t.http
      .post('/api/focus-areas')
      .set('Authorization', admin.auth)
      .send({ name: 'Kraft 2', slug: 'kraft' });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('SLUG_TAKEN');
  });

  it('derives a free slug from the name when none is given', async () => {
    const a = await t.http
      .post('/api/training-types')
      .set('Authorization', admin.auth)
      .send({ name: 'Übungsspiel Größe' });
    const b = await t.http
      .post('/api/training-types')
      .set('Authorization', admin.auth)
      .send({ name: 'Übungsspiel Größe' });
    expect(a.body.slug).toBe('uebungsspiel-groesse');
    expect(b.body.slug).toBe('uebungsspiel-groesse-2');
  });

  it('refuses to delete a target group that has exercises with 409 RESOURCE_IN_USE', async () => {
    // A target group of this test's own: the seeded ones are used by other files' exercises.
    const group = await t.http
      .post('/api/target-groups')
      .set('Authorization', admin.auth)
      .send({ name: `Staffelgruppe ${randomUUID().slice(0, 8)}` });
    const tg = group.body.id as string;
    const [{ id: ex }] = await t.db.query(
      `INSERT INTO exercises (title, owner_profile_id) VALUES ('Staffellauf', $1) RETURNING id`,
      [user.id],
    );
    await t.db.query('INSERT INTO exercise_target_groups VALUES ($1, $2)', [ex, tg]);
    const res = await t.http.delete(`/api/target-groups/${tg}`).set('Authorization', admin.auth);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'RESOURCE_IN_USE', usages: { exercises: 1 } });
    expect(await t.db.query('SELECT 1 FROM target_groups WHERE id = $1', [tg])).toHaveLength(1);
  });

  it('refuses to delete a style direction that still has training styles', async () => {
    const id = await idOf('style_directions', 'ballsport');
    const res = await t.http.delete(`/api/style-directions/${id}`).set('Authorization', admin.auth);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('RESOURCE_IN_USE');
  });

  it('creates training styles under an existing style direction only', async () => {
    const dir = await idOf('style_directions', 'kampfsport');
    const ok = await t.http
      .post('/api/training-styles')
      .set('Authorization', admin.auth)
      .send({ name: 'Aikido', style_direction_id: dir });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ slug: 'aikido', style_direction_id: dir });
    const missing = await t.http
      .post('/api/training-styles')
      .set('Authorization', admin.auth)
      .send({ name: 'Nowhere', style_direction_id: '00000000-0000-4000-8000-000000000000' });
    expect(missing.status).toBe(422);
    const noParent = await t.http
      .post('/api/training-styles')
      .set('Authorization', admin.auth)
      .send({ name: 'Orphan' });
    expect(noParent.status).toBe(400);
    const filtered = await t.http
      .get(`/api/training-styles?style_direction_id=${dir}&limit=500`)
      .set('Authorization', user.auth);
    expect(filtered.body.items.map((s: { slug: string }) => s.slug).sort()).toEqual([
      'aikido',
      'judo',
      'karate',
      'kickboxen',
      'taekwondo',
    ]);
  });

  it('answers the hierarchy: style directions with training styles and target groups', async () => {
    const res = await t.http.get('/api/training-styles/hierarchy').set('Authorization', user.auth);
    expect(res.status).toBe(200);
    const ball = res.body.items.find((d: { slug: string }) => d.slug === 'ballsport');
    expect(ball.training_styles.map((s: { slug: string }) => s.slug)).toEqual([
      'fussball',
      'handball',
      'basketball',
      'volleyball',
    ]);
    expect(ball.target_groups.map((g: { slug: string }) => g.slug)).toContain('jugend');
    expect((await t.http.get('/api/training-styles/hierarchy')).status).toBe(401);
  });

  it('links and unlinks style directions and target groups (admin), refusing duplicates', async () => {
    const dir = await idOf('style_directions', 'fitness');
    const tg = await idOf('target_groups', 'jugend');
    const denied = await t.http
      .post('/api/training-style-target-groups')
      .set('Authorization', user.auth)
      .send({ style_direction_id: dir, target_group_id: tg });
    expect(denied.status).toBe(403);
    const link = await t.http
      .post('/api/training-style-target-groups')
      .set('Authorization', admin.auth)
      .send({ style_direction_id: dir, target_group_id: tg });
    expect(link.status).toBe(201);
    expect(link.body).toMatchObject({
      style_direction_name: 'Fitness',
      target_group_name: 'Jugend',
    });
    const dup = await t.http
      .post('/api/training-style-target-groups')
      .set('Authorization', admin.auth)
      .send({ style_direction_id: dir, target_group_id: tg });
    expect(dup.status).toBe(409);
    const list = await t.http
      .get(`/api/training-style-target-groups?style_direction_id=${dir}`)
      .set('Authorization', user.auth);
    expect(list.body.items.map((l: { target_group_id: string }) => l.target_group_id)).toContain(
      tg,
    );
    const del = await t.http
      .delete(`/api/training-style-target-groups/${link.body.id}`)
      .set('Authorization', admin.auth);
    expect(del.status).toBe(204);
  });

  describe('concurrent entries of one slug', () => {
    const bodyFor = async (path: string, slug: string): Promise<object> => ({
      name: `Gleich ${slug}`,
      slug,
      ...(path === 'training-styles'
        ? { style_direction_id: await idOf('style_directions', 'fitness') }
        : {}),
    });

    it.each([
      ['focus-areas', 'focus_areas'],
      ['style-directions', 'style_directions'],
      ['training-styles', 'training_styles'],
      ['training-types', 'training_types'],
      ['target-groups', 'target_groups'],
      ['age-groups', 'age_groups'],
      ['skill-categories', 'skill_categories'],
      ['training-characters', 'training_characters'],
    ])(
      'answers eight simultaneous %s with one chosen slug with one 201 and 409 SLUG_TAKEN',
      async (path, table) => {
        const body = await bodyFor(path, `gleich-${path}`);
        const statuses = await statusesOfConcurrent(8, () =>
          t.http.post(`/api/${path}`).set('Authorization', admin.auth).send(body),
        );
        expect(statuses).toEqual({ 201: 1, 409: 7 });
        const rows = await t.db.query(`SELECT count(*)::int AS n FROM ${table} WHERE slug = $1`, [
          `gleich-${path}`,
        ]);
        expect(rows[0].n).toBe(1);
      },
    );

    it('gives eight simultaneous entries without a slug eight distinct derived slugs', async () => {
      const statuses = await statusesOfConcurrent(8, () =>
        t.http
          .post('/api/training-characters')
          .set('Authorization', admin.auth)
          .send({ name: 'Zeitgleich' }),
      );
      expect(statuses).toEqual({ 201: 8 });
      const rows: { slug: string }[] = await t.db.query(
        `SELECT slug FROM training_characters WHERE name = 'Zeitgleich'`,
      );
      expect(new Set(rows.map((r) => r.slug)).size).toBe(8);
    });

    it('answers eight simultaneous equal style direction ↔ target group links with one 201 and 409', async () => {
      const body = {
        style_direction_id: await idOf('style_directions', 'turnen'),
        target_group_id: await idOf('target_groups', 'senioren'),
      };
      const statuses = await statusesOfConcurrent(8, () =>
        t.http
          .post('/api/training-style-target-groups')
          .set('Authorization', admin.auth)
          .send(body),
      );
      expect(statuses).toEqual({ 201: 1, 409: 7 });
    });
  });
});
