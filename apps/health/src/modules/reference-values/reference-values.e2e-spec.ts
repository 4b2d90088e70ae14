import { HealthTestApp, startHealthTestApp, TestUser } from '../../testing/health-test-app';

const day = (offset: number): string =>
  new Date(Date.now() + offset * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

describe('reference values (e2e)', () => {
  let app: HealthTestApp;
  let owner: TestUser;
  let other: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    app = await startHealthTestApp();
    admin = await app.newUser({ role: 'admin' });
    owner = await app.newUser();
    other = await app.newUser();
  });
  afterAll(() => app.close());

  const value = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
    type_key: 'resting_hr',
    measured_on: day(-1),
    value: 52,
    ...overrides,
  });

  const create = async (user: TestUser, body = value()): Promise<Record<string, unknown>> => {
    const res = await app.http
      .post('/api/reference-values')
      .set('Authorization', user.auth)
      .send(body);
    expect(res.status).toBe(201);
    return res.body;
  };

  it('creates a value for the caller with source manual by default', async () => {
    const res = await app.http
      .post('/api/reference-values')
      .set('Authorization', owner.auth)
      .send(value({ measured_at: '2026-01-05T06:30:00Z', note: 'after waking' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type_key: 'resting_hr',
      measured_on: day(-1),
      measured_at: '2026-01-05T06:30:00.000Z',
      value: 52,
      source: 'manual',
      note: 'after waking',
    });
    const rows = await app.db.query('SELECT user_id FROM reference_values WHERE id = $1', [
      res.body.id,
    ]);
    expect(rows).toEqual([{ user_id: owner.id }]);
  });

  it('accepts source csv', async () => {
    const created = await create(owner, value({ type_key: 'spo2', value: 97, source: 'csv' }));
    expect(created.source).toBe('csv');
  });

  it('reads, updates and deletes the own value', async () => {
    const created = await create(owner, value({ type_key: 'hrv_rmssd', value: 60 }));
    const url = `/api/reference-values/${created.id}`;
    const read = await app.http.get(url).set('Authorization', owner.auth);
    expect(read.status).toBe(200);
    expect(read.body.value).toBe(60);
    const upd = await app.http
      .put(url)
      .set('Authorization', owner.auth)
      .send({ value: 72.5, note: 'good sleep' });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ value: 72.5, note: 'good sleep', type_key: 'hrv_rmssd' });
    expect((await app.http.delete(url).set('Authorization', owner.auth)).status).toBe(204);
    const rows = await app.db.query('SELECT 1 FROM reference_values WHERE id = $1', [created.id]);
    expect(rows).toHaveLength(0);
  });

  it("answers 404 for another user's value and leaves it unchanged", async () => {
    const created = await create(owner, value({ type_key: 'bp_systolic', value: 118 }));
    const url = `/api/reference-values/${created.id}`;
    expect((await app.http.get(url).set('Authorization', other.auth)).status).toBe(404);
    expect(
      (await app.http.put(url).set('Authorization', other.auth).send({ value: 120 })).status,
    ).toBe(404);
    expect((await app.http.delete(url).set('Authorization', other.auth)).status).toBe(404);
    const rows = await app.db.query(
      'SELECT value::float AS value FROM reference_values WHERE id = $1',
      [created.id],
    );
    expect(rows).toEqual([{ value: 118 }]);
    const list = await app.http.get('/api/reference-values').set('Authorization', other.auth);
    expect(list.body.items).toEqual([]);
  });

  it('refuses anonymous callers with 401 on every route', async () => {
    const created = await create(owner, value({ type_key: 'bp_diastolic', value: 75 }));
    const url = `/api/reference-values/${created.id}`;
    expect((await app.http.get('/api/reference-values')).status).toBe(401);
    expect((await app.http.post('/api/reference-values').send(value())).status).toBe(401);
    expect((await app.http.get(url)).status).toBe(401);
    expect((await app.http.put(url).send({ value: 70 })).status).toBe(401);
    expect((await app.http.delete(url)).status).toBe(401);
    expect((await app.http.get('/api/reference-value-types')).status).toBe(401);
  });

  it("refuses a value outside its type's range with 400 naming the range", async () => {
    const user = await app.newUser();
    for (const [type_key, v] of [
      ['resting_hr', 20],
      ['resting_hr', 151],
      ['bp_systolic', 300],
      ['spo2', 101],
      ['sleep_duration', -1],
    ] as const) {
      const res = await app.http
        .post('/api/reference-values')
        .set('Authorization', user.auth)
        .send(value({ type_key, value: v }));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors[0].path).toBe('value');
    }
    const res = await app.http
      .post('/api/reference-values')
      .set('Authorization', user.auth)
      .send(value({ value: 20 }));
    expect(res.body.detail).toBe('value for resting_hr must be between 25 and 150 bpm');
    const rows = await app.db.query('SELECT 1 FROM reference_values WHERE user_id = $1', [user.id]);
    expect(rows).toHaveLength(0);
  });

  it('refuses an update that leaves the range with 400', async () => {
    const created = await create(owner, value({ type_key: 'body_temperature', value: 36.6 }));
    const res = await app.http
      .put(`/api/reference-values/${created.id}`)
      .set('Authorization', owner.auth)
      .send({ value: 50 });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toContain('between 33 and 43');
  });

  it('refuses malformed fields and dates after tomorrow with 400', async () => {
    for (const body of [
      value({ value: 'fast' }),
      value({ measured_on: '2026-13-01' }),
      value({ measured_on: day(5) }),
      value({ source: 'device' }),
      value({ extra: 1 }),
    ]) {
      const res = await app.http
        .post('/api/reference-values')
        .set('Authorization', owner.auth)
        .send(body);
      expect(res.status).toBe(400);
    }
  });

  it('refuses an unknown or deactivated type with 422', async () => {
    const unknown = await app.http
      .post('/api/reference-values')
      .set('Authorization', owner.auth)
      .send(value({ type_key: 'mood' }));
    expect(unknown.status).toBe(422);
    expect(unknown.body.code).toBe('REFERENCE_VALUE_TYPE_UNKNOWN');

    await app.http
      .post('/api/admin/reference-value-types')
      .set('Authorization', admin.auth)
      .send({
        key: 'vo2max_est',
        name: 'VO2max',
        unit: 'ml/kg/min',
        min_value: 10,
        max_value: 95,
        is_active: false,
      })
      .expect(201);
    const inactive = await app.http
      .post('/api/reference-values')
      .set('Authorization', owner.auth)
      .send(value({ type_key: 'vo2max_est', value: 50 }));
    expect(inactive.status).toBe(422);
    expect(inactive.body.code).toBe('REFERENCE_VALUE_TYPE_INACTIVE');
  });

  it('keeps one value per type and day (409) but allows other types and days', async () => {
    const user = await app.newUser();
    const first = await create(user, value({ measured_on: day(-7) }));
    const again = await app.http
      .post('/api/reference-values')
      .set('Authorization', user.auth)
      .send(value({ measured_on: day(-7), value: 60 }));
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('REFERENCE_VALUE_EXISTS');
    await create(user, value({ measured_on: day(-6) }));
    await create(user, value({ measured_on: day(-7), type_key: 'hrv_rmssd', value: 40 }));
    await create(other, value({ measured_on: day(-7) }));

    const moved = await app.http
      .put(`/api/reference-values/${first.id}`)
      .set('Authorization', user.auth)
      .send({ measured_on: day(-6) });
    expect(moved.status).toBe(409);
    const same = await app.http
      .put(`/api/reference-values/${first.id}`)
      .set('Authorization', user.auth)
      .send({ measured_on: day(-7), value: 49 });
    expect(same.status).toBe(200);

    const rows = await app.db.query(
      `SELECT count(*)::int AS n FROM reference_values WHERE user_id = $1 AND type_key = 'resting_hr'`,
      [user.id],
    );
    expect(rows[0].n).toBe(2);
  });

  it('lists the own values filtered by type, newest first', async () => {
    const user = await app.newUser();
    await create(user, value({ measured_on: day(-3), value: 50 }));
    await create(user, value({ measured_on: day(-2), value: 51 }));
    await create(user, value({ measured_on: day(-2), type_key: 'spo2', value: 98 }));
    const res = await app.http
      .get('/api/reference-values?type_key=resting_hr&limit=10')
      .set('Authorization', user.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 2, limit: 10, offset: 0 });
    expect(res.body.items.map((i: { value: number }) => i.value)).toEqual([51, 50]);
    const ranged = await app.http
      .get(`/api/reference-values?from=${day(-2)}&to=${day(-2)}`)
      .set('Authorization', user.auth);
    expect(ranged.body.total).toBe(2);
  });

  it('answers the same bytes when written, listed and read, with exact decimals', async () => {
    const user = await app.newUser();
    const temperature = await create(
      user,
      value({
        type_key: 'body_temperature',
        value: 36.65,
        measured_at: '2026-01-05T06:30:00.125Z',
        note: 'oral',
      }),
    );
    const sleep = await create(user, value({ type_key: 'sleep_duration', value: 7.333 }));
    const list = await app.http
      .get('/api/reference-values?limit=10')
      .set('Authorization', user.auth);
    expect(JSON.stringify(list.body)).toBe(
      JSON.stringify({ items: [temperature, sleep], total: 2, limit: 10, offset: 0 }),
    );
    const detail = await app.http
      .get(`/api/reference-values/${sleep.id}`)
      .set('Authorization', user.auth);
    expect(JSON.stringify(detail.body)).toBe(JSON.stringify(sleep));
    expect(detail.body).toMatchObject({ value: 7.333, measured_at: null });
    expect(list.body.items[0]).toMatchObject({
      value: 36.65,
      measured_at: '2026-01-05T06:30:00.125Z',
    });
    expect(Object.keys(detail.body)).toEqual([
      'id',
      'type_key',
      'measured_on',
      'measured_at',
      'value',
      'source',
      'note',
      'created_at',
      'updated_at',
    ]);
    const past = await app.http
      .get('/api/reference-values?type_key=sleep_duration&limit=1&offset=1')
      .set('Authorization', user.auth);
    expect(past.body).toEqual({ items: [], total: 1, limit: 1, offset: 1 });
  });
});
