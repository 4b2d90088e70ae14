import { randomBytes } from 'node:crypto';
import { HealthTestApp, startHealthTestApp, TestUser } from '../../testing/health-test-app';

// The catalogue is shared by every file of the worker's application: a key of this file's own.
const KEY = `resp_rate_${randomBytes(3).toString('hex')}`;

describe('admin reference value types (e2e)', () => {
  let app: HealthTestApp;
  let admin: TestUser;
  let user: TestUser;

  beforeAll(async () => {
    app = await startHealthTestApp();
    admin = await app.newUser({ role: 'admin' });
    user = await app.newUser();
  });
  afterAll(() => app.close());

  const type = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
    key: KEY,
    name: 'Respiratory rate',
    unit: 'breaths/min',
    min_value: 4,
    max_value: 60,
    ...overrides,
  });

  it('serves the seeded types with unit and plausible range to signed-in users', async () => {
    const res = await app.http.get('/api/reference-value-types').set('Authorization', user.auth);
    expect(res.status).toBe(200);
    const keys = res.body.items.map((t: { key: string }) => t.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        'resting_hr',
        'hrv_rmssd',
        'bp_systolic',
        'bp_diastolic',
        'sleep_duration',
        'body_temperature',
        'spo2',
      ]),
    );
    expect(res.body.items.find((t: { key: string }) => t.key === 'resting_hr')).toMatchObject({
      unit: 'bpm',
      min_value: 25,
      max_value: 150,
      is_active: true,
    });
  });

  it('lets an admin create, read, update and delete a type', async () => {
    const created = await app.http
      .post('/api/admin/reference-value-types')
      .set('Authorization', admin.auth)
      .send(type());
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      key: KEY,
      min_value: 4,
      max_value: 60,
      is_active: true,
    });

    const read = await app.http
      .get(`/api/admin/reference-value-types/${KEY}`)
      .set('Authorization', admin.auth);
    expect(read.status).toBe(200);

    const upd = await app.http
      .put(`/api/admin/reference-value-types/${KEY}`)
      .set('Authorization', admin.auth)
      .send({ max_value: 50, name: 'Breathing rate' });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ max_value: 50, name: 'Breathing rate', min_value: 4 });

    const del = await app.http
      .delete(`/api/admin/reference-value-types/${KEY}`)
      .set('Authorization', admin.auth);
    expect(del.status).toBe(204);
    const rows = await app.db.query('SELECT 1 FROM reference_value_types WHERE key = $1', [KEY]);
    expect(rows).toHaveLength(0);
  });

  it('refuses a duplicate key with 409', async () => {
    const res = await app.http
      .post('/api/admin/reference-value-types')
      .set('Authorization', admin.auth)
      .send(type({ key: 'resting_hr' }));
    expect(res.status).toBe(409);
  });

  it('refuses an empty range and malformed keys with 400', async () => {
    for (const body of [
      type({ key: 'r1', min_value: 10, max_value: 10 }),
      type({ key: 'Bad Key' }),
      type({ key: 'r2', unit: '' }),
      type({ key: 'r3', min_value: 'low' }),
    ]) {
      const res = await app.http
        .post('/api/admin/reference-value-types')
        .set('Authorization', admin.auth)
        .send(body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
    }
    const upd = await app.http
      .put('/api/admin/reference-value-types/spo2')
      .set('Authorization', admin.auth)
      .send({ min_value: 100 });
    expect(upd.status).toBe(400);
  });

  it('refuses to delete a type in use with 409 RESOURCE_IN_USE and suggests deactivation', async () => {
    await app.http
      .post('/api/admin/reference-value-types')
      .set('Authorization', admin.auth)
      .send(
        type({
          key: 'grip_strength',
          name: 'Grip strength',
          unit: 'kg',
          min_value: 1,
          max_value: 150,
        }),
      )
      .expect(201);
    await app.http
      .post('/api/reference-values')
      .set('Authorization', user.auth)
      .send({ type_key: 'grip_strength', measured_on: '2026-01-10', value: 45 })
      .expect(201);
    const res = await app.http
      .delete('/api/admin/reference-value-types/grip_strength')
      .set('Authorization', admin.auth);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('RESOURCE_IN_USE');
    expect(res.body.hint).toContain('is_active');

    const off = await app.http
      .put('/api/admin/reference-value-types/grip_strength')
      .set('Authorization', admin.auth)
      .send({ is_active: false });
    expect(off.status).toBe(200);
    const visible = await app.http
      .get('/api/reference-value-types')
      .set('Authorization', user.auth);
    expect(visible.body.items.map((t: { key: string }) => t.key)).not.toContain('grip_strength');
    const all = await app.http
      .get('/api/admin/reference-value-types')
      .set('Authorization', admin.auth);
    expect(all.body.items.map((t: { key: string }) => t.key)).toContain('grip_strength');
  });

  it('answers 404 for an unknown key', async () => {
    const res = await app.http
      .put('/api/admin/reference-value-types/nope')
      .set('Authorization', admin.auth)
      .send({ name: 'x' });
    expect(res.status).toBe(404);
  });

  it('refuses plain users with 403 and anonymous callers with 401', async () => {
    const url = '/api/admin/reference-value-types';
    expect((await app.http.get(url).set('Authorization', user.auth)).status).toBe(403);
    expect((await app.http.post(url).set('Authorization', user.auth).send(type())).status).toBe(
      403,
    );
    expect(
      (await app.http.put(`${url}/spo2`).set('Authorization', user.auth).send({ name: 'x' }))
        .status,
    ).toBe(403);
    expect((await app.http.delete(`${url}/spo2`).set('Authorization', user.auth)).status).toBe(403);
    expect((await app.http.get(url)).status).toBe(401);
    expect((await app.http.post(url).send(type())).status).toBe(401);
    expect((await app.http.delete(`${url}/spo2`)).status).toBe(401);
    const rows = await app.db.query(`SELECT name FROM reference_value_types WHERE key = 'spo2'`);
    expect(rows[0].name).toBe('Oxygen saturation (SpO2)');
  });
});
