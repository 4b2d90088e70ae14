import { HealthTestApp, startHealthTestApp, TestUser } from '../../testing/health-test-app';

const day = (offset: number): string =>
  new Date(Date.now() + offset * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

describe('nutrition (e2e)', () => {
  let app: HealthTestApp;
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    app = await startHealthTestApp();
    owner = await app.newUser();
    other = await app.newUser();
  });
  afterAll(() => app.close());

  const meal = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
    date: day(-1),
    meal: 'lunch',
    kcal: 650,
    protein_g: 40,
    carbohydrate_g: 70,
    fat_g: 20,
    fibre_g: 8,
    ...overrides,
  });

  const create = async (user: TestUser, body = meal()): Promise<Record<string, unknown>> => {
    const res = await app.http.post('/api/nutrition').set('Authorization', user.auth).send(body);
    expect(res.status).toBe(201);
    return res.body;
  };

  it('creates an entry for the caller with source manual by default', async () => {
    const res = await app.http.post('/api/nutrition').set('Authorization', owner.auth).send(meal());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      date: day(-1),
      meal: 'lunch',
      kcal: 650,
      protein_g: 40,
      carbohydrate_g: 70,
      fat_g: 20,
      fibre_g: 8,
      source: 'manual',
      note: null,
    });
    const rows = await app.db.query('SELECT user_id FROM nutrition_entries WHERE id = $1', [
      res.body.id,
    ]);
    expect(rows).toEqual([{ user_id: owner.id }]);
  });

  it('reads, updates and deletes the own entry', async () => {
    const created = await create(owner);
    const url = `/api/nutrition/${created.id}`;
    const read = await app.http.get(url).set('Authorization', owner.auth);
    expect(read.status).toBe(200);
    expect(read.body.kcal).toBe(650);

    const upd = await app.http
      .put(url)
      .set('Authorization', owner.auth)
      .send({ kcal: 700.5, fibre_g: null, note: 'extra rice' });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ kcal: 700.5, fibre_g: null, note: 'extra rice', fat_g: 20 });

    expect((await app.http.delete(url).set('Authorization', owner.auth)).status).toBe(204);
    const rows = await app.db.query('SELECT 1 FROM nutrition_entries WHERE id = $1', [created.id]);
    expect(rows).toHaveLength(0);
  });

  it("answers 404 for another user's entry and leaves it unchanged", async () => {
    const created = await create(owner);
    const url = `/api/nutrition/${created.id}`;
    expect((await app.http.get(url).set('Authorization', other.auth)).status).toBe(404);
    expect(
      (await app.http.put(url).set('Authorization', other.auth).send({ kcal: 1 })).status,
    ).toBe(404);
    expect((await app.http.delete(url).set('Authorization', other.auth)).status).toBe(404);
    const rows = await app.db.query(
      'SELECT kcal::float AS kcal FROM nutrition_entries WHERE id = $1',
      [created.id],
    );
    expect(rows).toEqual([{ kcal: 650 }]);
  });

  it('refuses anonymous callers with 401 on every route', async () => {
    const created = await create(owner);
    const url = `/api/nutrition/${created.id}`;
    expect((await app.http.get('/api/nutrition')).status).toBe(401);
    expect((await app.http.get('/api/nutrition/daily')).status).toBe(401);
    expect((await app.http.post('/api/nutrition').send(meal())).status).toBe(401);
    expect((await app.http.get(url)).status).toBe(401);
    expect((await app.http.put(url).send({ kcal: 1 })).status).toBe(401);
    expect((await app.http.delete(url)).status).toBe(401);
  });

  it.each([
    ['kcal', { kcal: -1 }],
    ['kcal', { kcal: 20001 }],
    ['protein_g', { protein_g: 2001 }],
    ['carbohydrate_g', { carbohydrate_g: -5 }],
    ['fat_g', { fat_g: 'lots' }],
    ['fibre_g', { fibre_g: 2000.1 }],
    ['meal', { meal: 'brunch' }],
    ['date', { date: '2026-02-30' }],
    ['date', { date: day(3) }],
    ['source', { source: 'guess' }],
  ])('refuses an implausible %s with 400 and writes nothing', async (path, overrides) => {
    const before = await app.db.query('SELECT count(*)::int AS n FROM nutrition_entries');
    const res = await app.http
      .post('/api/nutrition')
      .set('Authorization', owner.auth)
      .send(meal(overrides));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    const after = await app.db.query('SELECT count(*)::int AS n FROM nutrition_entries');
    expect(after[0].n).toBe(before[0].n);
  });

  it('allows several meals per day but only one whole-day total (409)', async () => {
    const user = await app.newUser();
    await create(user, meal({ date: day(-3), meal: 'breakfast' }));
    await create(user, meal({ date: day(-3), meal: 'breakfast' }));
    const total = await create(user, meal({ date: day(-3), meal: 'day', kcal: 2400 }));
    const again = await app.http
      .post('/api/nutrition')
      .set('Authorization', user.auth)
      .send(meal({ date: day(-3), meal: 'day', kcal: 2500 }));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('NUTRITION_DAY_TOTAL_EXISTS');
    const snack = await create(user, meal({ date: day(-3), meal: 'snack' }));
    const moved = await app.http
      .put(`/api/nutrition/${snack.id}`)
      .set('Authorization', user.auth)
      .send({ meal: 'day' });
    expect(moved.status).toBe(409);
    const same = await app.http
      .put(`/api/nutrition/${total.id}`)
      .set('Authorization', user.auth)
      .send({ meal: 'day', kcal: 2450 });
    expect(same.status).toBe(200);
    const rows = await app.db.query(
      `SELECT count(*)::int AS n FROM nutrition_entries WHERE user_id = $1 AND meal = 'day'`,
      [user.id],
    );
    expect(rows[0].n).toBe(1);
  });

  it('keeps CSV day totals unique per user and date in the database', async () => {
    const user = await app.newUser();
    const insert = `INSERT INTO nutrition_entries (user_id, date, meal, kcal, source)
                    VALUES ($1, $2, 'day', 2000, 'csv')`;
    await app.db.query(insert, [user.id, day(-4)]);
    await expect(app.db.query(insert, [user.id, day(-4)])).rejects.toThrow(/unique/);
  });

  describe('lists and daily sums', () => {
    let eater: TestUser;
    beforeAll(async () => {
      eater = await app.newUser();
      await create(eater, meal({ date: day(-2), meal: 'breakfast', kcal: 500, fibre_g: null }));
      await create(eater, meal({ date: day(-2), meal: 'dinner', kcal: 800.5, fibre_g: null }));
      await create(eater, meal({ date: day(-1), meal: 'day', kcal: 2100 }));
      await create(eater, meal({ date: day(-60), meal: 'lunch', kcal: 999 }));
      await create(other, meal({ date: day(-2), meal: 'lunch', kcal: 5000 }));
    });

    it('answers per-day sums of the own entries over the last 30 days by default', async () => {
      const res = await app.http.get('/api/nutrition/daily').set('Authorization', eater.auth);
      expect(res.status).toBe(200);
      expect(res.body.to).toBe(day(0));
      expect(res.body.items).toEqual([
        {
          date: day(-2),
          kcal: 1300.5,
          protein_g: 80,
          carbohydrate_g: 140,
          fat_g: 40,
          fibre_g: null,
          entries: 2,
        },
        {
          date: day(-1),
          kcal: 2100,
          protein_g: 40,
          carbohydrate_g: 70,
          fat_g: 20,
          fibre_g: 8,
          entries: 1,
        },
      ]);
    });

    it('honours from and to and refuses from after to', async () => {
      const res = await app.http
        .get(`/api/nutrition/daily?from=${day(-90)}&to=${day(-30)}`)
        .set('Authorization', eater.auth);
      expect(res.status).toBe(200);
      expect(res.body.items.map((d: { kcal: number }) => d.kcal)).toEqual([999]);
      const bad = await app.http
        .get(`/api/nutrition/daily?from=${day(0)}&to=${day(-1)}`)
        .set('Authorization', eater.auth);
      expect(bad.status).toBe(400);
    });

    it('lists entries newest first with paging and limit at most 500', async () => {
      const res = await app.http.get('/api/nutrition?limit=2').set('Authorization', eater.auth);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ total: 3, limit: 2, offset: 0 });
      expect(res.body.items[0].date).toBe(day(-1));
      const tooMany = await app.http
        .get('/api/nutrition?limit=501')
        .set('Authorization', eater.auth);
      expect(tooMany.status).toBe(400);
    });

    it('answers the total of the range on a page past its end', async () => {
      const res = await app.http
        .get(`/api/nutrition?limit=2&offset=10`)
        .set('Authorization', eater.auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        items: [],
        total: 3,
        limit: 2,
        offset: 10,
        from: day(-29),
        to: day(0),
      });
    });

    it('answers the same bytes for an entry when written, listed and read', async () => {
      const user = await app.newUser();
      const written = await create(
        user,
        meal({ kcal: 1234.5, protein_g: 12.3, carbohydrate_g: 0.1, fat_g: 99.9, fibre_g: 1999.9 }),
      );
      const list = await app.http.get('/api/nutrition').set('Authorization', user.auth);
      const detail = await app.http
        .get(`/api/nutrition/${written.id}`)
        .set('Authorization', user.auth);
      expect(detail.status).toBe(200);
      expect(JSON.stringify(list.body.items)).toBe(JSON.stringify([written]));
      expect(JSON.stringify(detail.body)).toBe(JSON.stringify(written));
      expect(Object.keys(detail.body)).toEqual([
        'id',
        'date',
        'meal',
        'kcal',
        'protein_g',
        'carbohydrate_g',
        'fat_g',
        'fibre_g',
        'source',
        'note',
        'created_at',
        'updated_at',
      ]);
      expect(detail.body).toMatchObject({
        kcal: 1234.5,
        protein_g: 12.3,
        carbohydrate_g: 0.1,
        fat_g: 99.9,
        fibre_g: 1999.9,
      });
    });
  });
});
