import { HealthTestApp, startHealthTestApp, TestUser } from '../../testing/health-test-app';
import { latestAllowedDate } from '../../tracking/calendar-date';

describe('weight (HTTP)', () => {
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
    t.http.post('/api/weight').set('Authorization', user.auth).send(body);

  it('creates an entry with source manual by default and stores it', async () => {
    const res = await create(kim, { date: '2026-03-01', weight_kg: 78.45, body_fat_pct: 18.5 });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      date: '2026-03-01',
      weight_kg: 78.45,
      body_fat_pct: 18.5,
      note: null,
      source: 'manual',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const rows = await t.db.query(
      'SELECT user_id, weight_kg::float AS kg, source FROM weight_entries WHERE id = $1',
      [res.body.id],
    );
    expect(rows).toEqual([{ user_id: kim.id, kg: 78.45, source: 'manual' }]);
  });

  it.each(['csv', 'import'])('accepts source %s', async (source) => {
    const date = source === 'csv' ? '2026-03-02' : '2026-03-03';
    const res = await create(kim, { date, weight_kg: 78, source });
    expect(res.status).toBe(201);
    expect(res.body.source).toBe(source);
  });

  it('refuses an unknown source with 400', async () => {
    const res = await create(kim, { date: '2026-03-04', weight_kg: 78, source: 'scale' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(['source']);
  });

  it('refuses a second entry for the same day with 409 WEIGHT_EXISTS_FOR_DAY and keeps one row', async () => {
    const res = await create(kim, { date: '2026-03-01', weight_kg: 80 });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('WEIGHT_EXISTS_FOR_DAY');
    expect(res.body.existing_id).toEqual(expect.any(String));
    const [{ n }] = await t.db.query(
      `SELECT count(*)::int AS n FROM weight_entries WHERE user_id = $1 AND date = '2026-03-01'`,
      [kim.id],
    );
    expect(n).toBe(1);
  });

  it('lets another user record the same day', async () => {
    expect((await create(lou, { date: '2026-03-01', weight_kg: 60 })).status).toBe(201);
  });

  it.each([
    ['a weight below 20 kg', { date: '2026-03-05', weight_kg: 19.99 }, 'weight_kg'],
    ['a weight above 400 kg', { date: '2026-03-05', weight_kg: 400.01 }, 'weight_kg'],
    ['a weight with 3 decimals', { date: '2026-03-05', weight_kg: 70.123 }, 'weight_kg'],
    ['a weight sent as text', { date: '2026-03-05', weight_kg: '70' }, 'weight_kg'],
    [
      'body fat below 2 %',
      { date: '2026-03-05', weight_kg: 70, body_fat_pct: 1.9 },
      'body_fat_pct',
    ],
    [
      'body fat above 70 %',
      { date: '2026-03-05', weight_kg: 70, body_fat_pct: 70.1 },
      'body_fat_pct',
    ],
    ['a note over 500 chars', { date: '2026-03-05', weight_kg: 70, note: 'x'.repeat(501) }, 'note'],
    ['an impossible date', { date: '2026-02-30', weight_kg: 70 }, 'date'],
    ['a non-ISO date', { date: '05.03.2026', weight_kg: 70 }, 'date'],
    ['a missing date', { weight_kg: 70 }, 'date'],
    ['an unknown field', { date: '2026-03-05', weight_kg: 70, user_id: 'x' }, 'user_id'],
  ])('refuses %s with 400', async (_label, body, path) => {
    const res = await create(kim, body);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('refuses a date in the future with 400', async () => {
    const future = new Date(Date.now() + 3 * 86400000).toISOString().slice(0, 10);
    const res = await create(kim, { date: future, weight_kg: 70 });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe('date');
    expect(future > latestAllowedDate()).toBe(true);
  });

  it('accepts the range edges 20 and 400 kg', async () => {
    expect((await create(lou, { date: '2026-01-01', weight_kg: 20 })).status).toBe(201);
    expect((await create(lou, { date: '2026-01-02', weight_kg: 400 })).status).toBe(201);
  });

  it("lists only the caller's entries, newest first, filtered by from/to with paging", async () => {
    const res = await t.http
      .get('/api/weight?from=2026-03-01&to=2026-03-02&limit=1&offset=0')
      .set('Authorization', kim.auth);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(2);
    expect(res.body.limit).toBe(1);
    expect(res.body.offset).toBe(0);
    expect(res.body.items.map((i: { date: string }) => i.date)).toEqual(['2026-03-02']);
    const all = await t.http.get('/api/weight').set('Authorization', lou.auth);
    expect(all.body.items.every((i: { weight_kg: number }) => i.weight_kg !== 78)).toBe(true);
    expect(all.body.total).toBe(3);
  });

  it('answers the total of the range on a page past its end, and the same item in list and detail', async () => {
    const past = await t.http
      .get('/api/weight?from=2026-03-01&to=2026-03-02&limit=1&offset=5')
      .set('Authorization', kim.auth);
    expect(past.status).toBe(200);
    expect(past.body).toEqual({ items: [], total: 2, limit: 1, offset: 5 });
    const list = await t.http.get('/api/weight?limit=1').set('Authorization', kim.auth);
    const [item] = list.body.items;
    const detail = await t.http.get(`/api/weight/${item.id}`).set('Authorization', kim.auth);
    expect(detail.body).toEqual(item);
    expect(Object.keys(item).sort()).toEqual(
      [
        'body_fat_pct',
        'created_at',
        'date',
        'id',
        'note',
        'source',
        'updated_at',
        'weight_kg',
      ].sort(),
    );
    expect(item.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(typeof item.weight_kg).toBe('number');
  });

  it('reads back two-decimal weights and one-decimal body fat exactly', async () => {
    const made = await create(lou, { date: '2026-02-11', weight_kg: 72.35, body_fat_pct: 18.1 });
    expect(made.status).toBe(201);
    const read = await t.http.get(`/api/weight/${made.body.id}`).set('Authorization', lou.auth);
    expect(read.body).toMatchObject({ weight_kg: 72.35, body_fat_pct: 18.1 });
    expect(read.body).toEqual(made.body);
  });

  it('refuses a list limit above 500 with 400', async () => {
    const res = await t.http.get('/api/weight?limit=501').set('Authorization', kim.auth);
    expect(res.status).toBe(400);
  });

  it("reads, updates and deletes the caller's own entry", async () => {
    const created = await create(kim, { date: '2026-03-10', weight_kg: 77, note: 'after run' });
    const id = created.body.id as string;
    const read = await t.http.get(`/api/weight/${id}`).set('Authorization', kim.auth);
    expect(read.status).toBe(200);
    expect(read.body.note).toBe('after run');

    const upd = await t.http
      .put(`/api/weight/${id}`)
      .set('Authorization', kim.auth)
      .send({ weight_kg: 76.5, note: null, body_fat_pct: 17 });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ weight_kg: 76.5, note: null, body_fat_pct: 17 });

    const del = await t.http.delete(`/api/weight/${id}`).set('Authorization', kim.auth);
    expect(del.status).toBe(204);
    const rows = await t.db.query('SELECT 1 FROM weight_entries WHERE id = $1', [id]);
    expect(rows).toHaveLength(0);
    const gone = await t.http.get(`/api/weight/${id}`).set('Authorization', kim.auth);
    expect(gone.status).toBe(404);
  });

  it('refuses to move an entry onto a day that already has one with 409', async () => {
    const created = await create(kim, { date: '2026-03-11', weight_kg: 77 });
    const res = await t.http
      .put(`/api/weight/${created.body.id}`)
      .set('Authorization', kim.auth)
      .send({ date: '2026-03-01' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('WEIGHT_EXISTS_FOR_DAY');
    const [row] = await t.db.query('SELECT date::text AS date FROM weight_entries WHERE id = $1', [
      created.body.id,
    ]);
    expect(row.date).toBe('2026-03-11');
  });

  it('refuses an implausible update with 400', async () => {
    const created = await create(kim, { date: '2026-03-12', weight_kg: 77 });
    const res = await t.http
      .put(`/api/weight/${created.body.id}`)
      .set('Authorization', kim.auth)
      .send({ weight_kg: 5 });
    expect(res.status).toBe(400);
  });

  it('answers 404 to another user for read, update and delete, and changes nothing', async () => {
    const created = await create(kim, { date: '2026-03-13', weight_kg: 77 });
    const id = created.body.id as string;
    const auth = lou.auth;
    expect((await t.http.get(`/api/weight/${id}`).set('Authorization', auth)).status).toBe(404);
    expect(
      (await t.http.put(`/api/weight/${id}`).set('Authorization', auth).send({ weight_kg: 90 }))
        .status,
    ).toBe(404);
    expect((await t.http.delete(`/api/weight/${id}`).set('Authorization', auth)).status).toBe(404);
    const [row] = await t.db.query(
      'SELECT weight_kg::float AS kg FROM weight_entries WHERE id = $1',
      [id],
    );
    expect(row.kg).toBe(77);
  });

  it('answers 401 to an anonymous caller on every route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    expect((await t.http.get('/api/weight')).status).toBe(401);
    expect(
      (await t.http.post('/api/weight').send({ date: '2026-03-01', weight_kg: 70 })).status,
    ).toBe(401);
    expect((await t.http.get(`/api/weight/${id}`)).status).toBe(401);
    expect((await t.http.put(`/api/weight/${id}`).send({ weight_kg: 70 })).status).toBe(401);
    expect((await t.http.delete(`/api/weight/${id}`)).status).toBe(401);
  });
});
