import { HealthTestApp, startHealthTestApp, TestUser } from '../../testing/health-test-app';

describe('caliper (HTTP)', () => {
  let t: HealthTestApp;
  let kim: TestUser; // man born 1996-03-01: 30 on 2026-03-01
  let lou: TestUser; // woman born 1970-06-15: 55 on 2026-03-01, 56 from 2026-06-15
  let bare: TestUser; // profile without sex and birth date

  const setBody = (u: TestUser, sex: string, birth: string) =>
    t.db.query('UPDATE users SET sex = $2, birth_date = $3 WHERE id = $1', [u.id, sex, birth]);

  beforeAll(async () => {
    t = await startHealthTestApp();
    kim = await t.newUser();
    lou = await t.newUser();
    bare = await t.newUser();
    await setBody(kim, 'male', '1996-03-01');
    await setBody(lou, 'female', '1970-06-15');
  });
  afterAll(() => t.close());

  const create = (user: TestUser, body: Record<string, unknown>) =>
    t.http.post('/api/caliper').set('Authorization', user.auth).send(body);

  it('computes JP3 for a man from the profile (worked example S = 53, age 30 -> 16.0 %)', async () => {
    const res = await create(kim, {
      date: '2026-03-01',
      formula: 'jp3',
      sites: { chest: 15, abdomen: 18, thigh: 20 },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      date: '2026-03-01',
      formula: 'jp3',
      sites: { chest: 15, abdomen: 18, thigh: 20 },
      body_fat_pct: 16,
      density: 1.0623,
      age_years: 30,
      sex: 'male',
      note: null,
      source: 'manual',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const [row] = await t.db.query(
      'SELECT body_fat_pct::float AS pct, density::float AS d, age_years FROM caliper_entries WHERE id = $1',
      [res.body.id],
    );
    expect(row).toEqual({ pct: 16, d: 1.0623, age_years: 30 });
  });

  it('computes DW4 for a woman aged 55 (sum 60 mm -> 35.7 %) with source csv', async () => {
    const res = await create(lou, {
      date: '2026-03-01',
      formula: 'dw4',
      sites: { biceps: 10, triceps: 20, subscapular: 15, suprailiac: 15 },
      source: 'csv',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      body_fat_pct: 35.7,
      density: 1.0192,
      age_years: 55,
      source: 'csv',
    });
  });

  it('refuses a second measurement with the same formula on the same day with 409', async () => {
    const res = await create(kim, {
      date: '2026-03-01',
      formula: 'jp3',
      sites: { chest: 10, abdomen: 10, thigh: 10 },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CALIPER_EXISTS_FOR_DAY');
    const [{ n }] = await t.db.query(
      'SELECT count(*)::int AS n FROM caliper_entries WHERE user_id = $1',
      [kim.id],
    );
    expect(n).toBe(1);
  });

  it('allows another formula on the same day', async () => {
    const res = await create(kim, {
      date: '2026-03-01',
      formula: 'dw4',
      sites: { biceps: 10, triceps: 10, subscapular: 10, suprailiac: 10 },
    });
    expect(res.status).toBe(201);
  });

  it('refuses a missing site with 422 CALIPER_SITE_MISSING naming the sites, and writes nothing', async () => {
    const res = await create(lou, {
      date: '2026-03-02',
      formula: 'jp3',
      sites: { chest: 10, thigh: 20 },
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('CALIPER_SITE_MISSING');
    expect(res.body.missing_sites).toEqual(['triceps', 'suprailiac']);
    expect(res.body.detail).toContain('triceps, suprailiac');
    const rows = await t.db.query(`SELECT 1 FROM caliper_entries WHERE date = '2026-03-02'`);
    expect(rows).toHaveLength(0);
  });

  it('refuses JP for a woman aged 56 with 422 CALIPER_AGE_OUT_OF_RANGE', async () => {
    const res = await create(lou, {
      date: '2026-07-01',
      formula: 'jp3',
      sites: { triceps: 20, suprailiac: 18, thigh: 22 },
    });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: 'CALIPER_AGE_OUT_OF_RANGE',
      age_years: 56,
      min_age: 18,
      max_age: 55,
    });
  });

  it('refuses when the profile lacks sex and birth date with 422 PROFILE_INCOMPLETE', async () => {
    const res = await create(bare, {
      date: '2026-03-01',
      formula: 'jp3',
      sites: { chest: 15, abdomen: 18, thigh: 20 },
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('PROFILE_INCOMPLETE');
    expect(res.body.missing_fields).toEqual(['sex', 'birth_date']);
  });

  it('refuses a result outside plausible body fat with 422 CALIPER_RESULT_IMPLAUSIBLE', async () => {
    const res = await create(kim, {
      date: '2026-03-03',
      formula: 'jp7',
      sites: {
        chest: 1,
        midaxillary: 1,
        triceps: 1,
        subscapular: 1,
        abdomen: 1,
        suprailiac: 1,
        thigh: 1,
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('CALIPER_RESULT_IMPLAUSIBLE');
  });

  it.each([
    [
      'a skinfold below 1 mm',
      { formula: 'jp3', sites: { chest: 0.5, abdomen: 10, thigh: 10 } },
      'sites.chest',
    ],
    [
      'a skinfold above 80 mm',
      { formula: 'jp3', sites: { chest: 81, abdomen: 10, thigh: 10 } },
      'sites.chest',
    ],
    [
      'an unknown site',
      { formula: 'jp3', sites: { chest: 10, abdomen: 10, thigh: 10, knee: 3 } },
      'sites.knee',
    ],
    ['an unknown formula', { formula: 'navy', sites: { chest: 10 } }, 'formula'],
    ['a missing sites object', { formula: 'jp3' }, 'sites'],
    [
      'an unknown source',
      { formula: 'jp3', sites: { chest: 10, abdomen: 10, thigh: 10 }, source: 'x' },
      'source',
    ],
  ])('refuses %s with 400', async (_label, body, path) => {
    const res = await create(kim, { date: '2026-03-04', ...body });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it("reads, updates (recomputing) and deletes the caller's own measurement", async () => {
    const created = await create(kim, {
      date: '2026-03-05',
      formula: 'jp3',
      sites: { chest: 15, abdomen: 18, thigh: 20 },
    });
    const id = created.body.id as string;
    const read = await t.http.get(`/api/caliper/${id}`).set('Authorization', kim.auth);
    expect(read.status).toBe(200);
    expect(read.body.body_fat_pct).toBe(16);

    // S = 45, age 30: 1.10938 - 0.0372015 + 0.00324 - 0.007722 = 1.0676965 -> 13.6 %
    const upd = await t.http
      .put(`/api/caliper/${id}`)
      .set('Authorization', kim.auth)
      .send({ sites: { chest: 10, abdomen: 20, thigh: 15 }, note: 'morning' });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ body_fat_pct: 13.6, density: 1.0677, note: 'morning' });

    const list = await t.http.get('/api/caliper?formula=jp3').set('Authorization', kim.auth);
    expect(list.body.items.map((i: { id: string }) => i.id)).toContain(id);

    expect((await t.http.delete(`/api/caliper/${id}`).set('Authorization', kim.auth)).status).toBe(
      204,
    );
    expect(await t.db.query('SELECT 1 FROM caliper_entries WHERE id = $1', [id])).toHaveLength(0);
  });

  it('refuses an update that drops a needed site with 422 and keeps the stored result', async () => {
    const created = await create(kim, {
      date: '2026-03-06',
      formula: 'jp3',
      sites: { chest: 15, abdomen: 18, thigh: 20 },
    });
    const res = await t.http
      .put(`/api/caliper/${created.body.id}`)
      .set('Authorization', kim.auth)
      .send({ formula: 'dw4' });
    expect(res.status).toBe(422);
    expect(res.body.missing_sites).toEqual(['biceps', 'triceps', 'subscapular', 'suprailiac']);
    const [row] = await t.db.query('SELECT formula FROM caliper_entries WHERE id = $1', [
      created.body.id,
    ]);
    expect(row.formula).toBe('jp3');
  });

  it('answers the same bytes when written, listed and read, with exact decimals', async () => {
    const user = await t.newUser();
    await setBody(user, 'male', '1996-03-01');
    const jp3 = await create(user, {
      date: '2026-03-02',
      formula: 'jp3',
      sites: { chest: 15.5, abdomen: 18.5, thigh: 20 },
      note: 'left side',
    });
    const jp7 = await create(user, {
      date: '2026-03-02',
      formula: 'jp7',
      sites: {
        chest: 15,
        midaxillary: 12.5,
        triceps: 11,
        subscapular: 14,
        abdomen: 18,
        suprailiac: 13,
        thigh: 20,
      },
    });
    expect([jp3.status, jp7.status]).toEqual([201, 201]);
    const list = await t.http.get('/api/caliper?limit=10').set('Authorization', user.auth);
    expect(JSON.stringify(list.body)).toBe(
      JSON.stringify({ items: [jp3.body, jp7.body], total: 2, limit: 10, offset: 0 }),
    );
    const detail = await t.http.get(`/api/caliper/${jp3.body.id}`).set('Authorization', user.auth);
    expect(JSON.stringify(detail.body)).toBe(JSON.stringify(jp3.body));
    expect(detail.body.sites).toEqual({ chest: 15.5, abdomen: 18.5, thigh: 20 });
    expect(Object.keys(detail.body)).toEqual([
      'id',
      'date',
      'formula',
      'sites',
      'body_fat_pct',
      'density',
      'age_years',
      'sex',
      'note',
      'source',
      'created_at',
      'updated_at',
    ]);
    const [row] = await t.db.query(
      'SELECT body_fat_pct::text AS pct, density::text AS d FROM caliper_entries WHERE id = $1',
      [jp3.body.id],
    );
    expect([detail.body.body_fat_pct, detail.body.density]).toEqual([
      Number(row.pct),
      Number(row.d),
    ]);
    const past = await t.http
      .get('/api/caliper?formula=jp7&limit=1&offset=1')
      .set('Authorization', user.auth);
    expect(past.body).toEqual({ items: [], total: 1, limit: 1, offset: 1 });
  });

  it("lists only the caller's measurements", async () => {
    const res = await t.http.get('/api/caliper').set('Authorization', lou.auth);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(1);
    expect(res.body.items[0].formula).toBe('dw4');
  });

  it('answers 404 to another user for read, update and delete', async () => {
    const created = await create(kim, {
      date: '2026-03-07',
      formula: 'jp3',
      sites: { chest: 15, abdomen: 18, thigh: 20 },
    });
    const id = created.body.id as string;
    expect((await t.http.get(`/api/caliper/${id}`).set('Authorization', lou.auth)).status).toBe(
      404,
    );
    expect(
      (await t.http.put(`/api/caliper/${id}`).set('Authorization', lou.auth).send({ note: 'x' }))
        .status,
    ).toBe(404);
    expect((await t.http.delete(`/api/caliper/${id}`).set('Authorization', lou.auth)).status).toBe(
      404,
    );
    expect(await t.db.query('SELECT 1 FROM caliper_entries WHERE id = $1', [id])).toHaveLength(1);
  });

  it('answers 401 to an anonymous caller on every route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await t.http.get('/api/caliper')).status).toBe(401);
    expect((await t.http.post('/api/caliper').send({})).status).toBe(401);
    expect((await t.http.get(`/api/caliper/${id}`)).status).toBe(401);
    expect((await t.http.put(`/api/caliper/${id}`).send({})).status).toBe(401);
    expect((await t.http.delete(`/api/caliper/${id}`)).status).toBe(401);
  });
});
