import { HealthTestApp, startHealthTestApp, TestUser } from '../../testing/health-test-app';

describe('circumference (HTTP)', () => {
  let t: HealthTestApp;
  let kim: TestUser;
  let lou: TestUser;

  beforeAll(async () => {
    t = await startHealthTestApp();
    kim = await t.newUser();
    lou = await t.newUser();
  });
  afterAll(() => t.close());

  const create = (user: TestUser, body: Record<string, unknown>) =>
    t.http.post('/api/circumference').set('Authorization', user.auth).send(body);

  it('creates a measurement with source manual by default and stores it', async () => {
    const res = await create(kim, { date: '2026-03-01', site: 'waist', value_cm: 84.5 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      date: '2026-03-01',
      site: 'waist',
      value_cm: 84.5,
      note: null,
      source: 'manual',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const rows = await t.db.query(
      'SELECT user_id, site, value_cm::float AS cm FROM circumference_entries WHERE id = $1',
      [res.body.id],
    );
    expect(rows).toEqual([{ user_id: kim.id, site: 'waist', cm: 84.5 }]);
  });

  it('allows several sites on one day', async () => {
    for (const site of ['neck', 'chest', 'hip', 'thigh', 'arm', 'calf', 'forearm', 'shoulders']) {
      const res = await create(kim, { date: '2026-03-01', site, value_cm: 40, source: 'import' });
      expect(res.status).toBe(201);
    }
  });

  it('refuses a second measurement of the same site on the same day with 409', async () => {
    const res = await create(kim, {
      date: '2026-03-01',
      site: 'waist',
      value_cm: 85,
      source: 'csv',
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CIRCUMFERENCE_EXISTS_FOR_DAY');
    expect(res.body.existing_id).toEqual(expect.any(String));
    const [{ n }] = await t.db.query(
      `SELECT count(*)::int AS n FROM circumference_entries WHERE user_id = $1 AND site = 'waist'`,
      [kim.id],
    );
    expect(n).toBe(1);
  });

  it.each([
    ['a value below 10 cm', { value_cm: 9.9 }, 'value_cm'],
    ['a value above 250 cm', { value_cm: 250.1 }, 'value_cm'],
    ['a value with two decimals', { value_cm: 80.25 }, 'value_cm'],
    ['an unknown site', { site: 'ankle' }, 'site'],
    ['an unknown source', { source: 'scale' }, 'source'],
    ['an impossible date', { date: '2026-13-01' }, 'date'],
    ['a future date', { date: '2999-01-01' }, 'date'],
  ])('refuses %s with 400', async (_label, override, path) => {
    const res = await create(kim, { date: '2026-03-05', site: 'hip', value_cm: 100, ...override });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it("lists only the caller's measurements, filtered by site and dates", async () => {
    await create(lou, { date: '2026-03-01', site: 'waist', value_cm: 70 });
    const res = await t.http
      .get('/api/circumference?site=waist&from=2026-03-01&to=2026-03-01')
      .set('Authorization', kim.auth);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.items[0]).toMatchObject({ site: 'waist', value_cm: 84.5 });
    const lous = await t.http.get('/api/circumference').set('Authorization', lou.auth);
    expect(lous.body.total).toBe(1);
  });

  it('answers the same bytes when written, listed and read, with exact decimals', async () => {
    const user = await t.newUser();
    const written: Record<string, { id: string }> = {};
    for (const [site, value_cm] of [
      ['neck', 33.3],
      ['waist', 10.1],
      ['hip', 249.9],
    ] as const) {
      const res = await create(user, { date: '2026-02-02', site, value_cm, note: 'tape' });
      expect(res.status).toBe(201);
      written[site] = res.body;
    }
    const list = await t.http.get('/api/circumference?limit=10').set('Authorization', user.auth);
    expect(JSON.stringify(list.body)).toBe(
      JSON.stringify({
        items: [written.hip, written.neck, written.waist],
        total: 3,
        limit: 10,
        offset: 0,
      }),
    );
    const detail = await t.http
      .get(`/api/circumference/${written.waist.id}`)
      .set('Authorization', user.auth);
    expect(JSON.stringify(detail.body)).toBe(JSON.stringify(written.waist));
    expect(detail.body.value_cm).toBe(10.1);
    expect(Object.keys(detail.body)).toEqual([
      'id',
      'date',
      'site',
      'value_cm',
      'note',
      'source',
      'created_at',
      'updated_at',
    ]);
    const past = await t.http
      .get('/api/circumference?site=waist&limit=1&offset=3')
      .set('Authorization', user.auth);
    expect(past.body).toEqual({ items: [], total: 1, limit: 1, offset: 3 });
  });

  it("reads, updates and deletes the caller's own measurement", async () => {
    const created = await create(kim, { date: '2026-03-10', site: 'calf', value_cm: 38 });
    const id = created.body.id as string;
    expect(
      (await t.http.get(`/api/circumference/${id}`).set('Authorization', kim.auth)).body,
    ).toMatchObject({ value_cm: 38 });
    const upd = await t.http
      .put(`/api/circumference/${id}`)
      .set('Authorization', kim.auth)
      .send({ value_cm: 38.5, note: 'left leg' });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ value_cm: 38.5, note: 'left leg', site: 'calf' });
    expect(
      (await t.http.delete(`/api/circumference/${id}`).set('Authorization', kim.auth)).status,
    ).toBe(204);
    expect(
      await t.db.query('SELECT 1 FROM circumference_entries WHERE id = $1', [id]),
    ).toHaveLength(0);
  });

  it('refuses to change a measurement onto an existing day and site with 409', async () => {
    const created = await create(kim, { date: '2026-03-11', site: 'waist', value_cm: 84 });
    const res = await t.http
      .put(`/api/circumference/${created.body.id}`)
      .set('Authorization', kim.auth)
      .send({ date: '2026-03-01' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CIRCUMFERENCE_EXISTS_FOR_DAY');
  });

  it('refuses an implausible update with 400', async () => {
    const created = await create(kim, { date: '2026-03-12', site: 'waist', value_cm: 84 });
    const res = await t.http
      .put(`/api/circumference/${created.body.id}`)
      .set('Authorization', kim.auth)
      .send({ value_cm: 500 });
    expect(res.status).toBe(400);
  });

  it('answers 404 to another user for read, update and delete, and changes nothing', async () => {
    const created = await create(kim, { date: '2026-03-13', site: 'neck', value_cm: 39 });
    const id = created.body.id as string;
    expect(
      (await t.http.get(`/api/circumference/${id}`).set('Authorization', lou.auth)).status,
    ).toBe(404);
    expect(
      (
        await t.http
          .put(`/api/circumference/${id}`)
          .set('Authorization', lou.auth)
          .send({ value_cm: 50 })
      ).status,
    ).toBe(404);
    expect(
      (await t.http.delete(`/api/circumference/${id}`).set('Authorization', lou.auth)).status,
    ).toBe(404);
    const [row] = await t.db.query(
      'SELECT value_cm::float AS cm FROM circumference_entries WHERE id = $1',
      [id],
    );
    expect(row.cm).toBe(39);
  });

  it('answers 401 to an anonymous caller on every route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await t.http.get('/api/circumference')).status).toBe(401);
    expect((await t.http.post('/api/circumference').send({})).status).toBe(401);
    expect((await t.http.get(`/api/circumference/${id}`)).status).toBe(401);
    expect((await t.http.put(`/api/circumference/${id}`).send({})).status).toBe(401);
    expect((await t.http.delete(`/api/circumference/${id}`)).status).toBe(401);
  });
});
