import { HealthTestApp, startHealthTestApp, TestUser } from '../../testing/health-test-app';

const valid = {
  name: 'Apple Health weight',
  module: 'weight',
  delimiter: ';',
  decimal_separator: ',',
  date_format: 'DD.MM.YYYY',
  columns: { date: 'Datum', weight_kg: 'Gewicht (kg)' },
};

describe('admin CSV templates (HTTP)', () => {
  let t: HealthTestApp;
  let admin: TestUser;
  let user: TestUser;

  beforeAll(async () => {
    t = await startHealthTestApp();
    admin = await t.newUser({ role: 'admin' });
    user = await t.newUser();
  });
  afterAll(() => t.close());

  const systemCount = async () =>
    (await t.db.query(`SELECT count(*)::int AS n FROM csv_field_mappings WHERE is_system`))[0].n;

  it('validates a good template with 200 and its fingerprint', async () => {
    const res = await t.http
      .post('/api/admin/csv-templates/validate')
      .set('Authorization', admin.auth)
      .send(valid);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      valid: true,
      warnings: [],
      header_fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('answers 422 with every warning for a bad template', async () => {
    const res = await t.http
      .post('/api/admin/csv-templates/validate')
      .set('Authorization', admin.auth)
      .send({ ...valid, module: 'sleep', delimiter: ',', date_format: 'MM/YYYY' });
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('CSV_TEMPLATE_INVALID');
    expect(res.body.valid).toBe(false);
    expect(res.body.warnings.map((w: { code: string }) => w.code)).toEqual([
      'UNKNOWN_MODULE',
      'DECIMAL_EQUALS_DELIMITER',
      'INVALID_DATE_FORMAT',
    ]);
  });

  it('warns about unknown target fields, missing required fields and a column used twice', async () => {
    const res = await t.http
      .post('/api/admin/csv-templates/validate')
      .set('Authorization', admin.auth)
      .send({ ...valid, columns: { date: 'Datum', body_fat_pct: 'Datum', pulse: 'Puls' } });
    expect(res.status).toBe(422);
    expect(
      res.body.warnings.map((w: { field: string; code: string }) => [w.field, w.code]),
    ).toEqual([
      ['columns.body_fat_pct', 'SOURCE_COLUMN_TWICE'],
      ['columns.pulse', 'UNKNOWN_TARGET_FIELD'],
      ['columns.weight_kg', 'REQUIRED_FIELD_UNMAPPED'],
    ]);
  });

  it('saves nothing when a template does not validate', async () => {
    const before = await systemCount();
    const res = await t.http
      .post('/api/admin/csv-templates')
      .set('Authorization', admin.auth)
      .send({ ...valid, columns: { date: 'Datum' } });
    expect(res.status).toBe(422);
    expect(res.body.warnings).toHaveLength(1);
    expect(await systemCount()).toBe(before);
  });

  it('creates, reads, updates and deletes a system template', async () => {
    const created = await t.http
      .post('/api/admin/csv-templates')
      .set('Authorization', admin.auth)
      .send(valid);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      ...valid,
      is_system: true,
      owner_id: null,
      encoding: 'auto',
      has_header: true,
    });
    const id = created.body.id;
    const dup = await t.http
      .post('/api/admin/csv-templates')
      .set('Authorization', admin.auth)
      .send(valid);
    expect(dup.status).toBe(422);
    expect(dup.body.warnings[0].code).toBe('NAME_TAKEN');
    const list = await t.http.get('/api/admin/csv-templates').set('Authorization', admin.auth);
    expect(list.body.items.map((m: { id: string }) => m.id)).toContain(id);
    const bad = await t.http
      .put(`/api/admin/csv-templates/${id}`)
      .set('Authorization', admin.auth)
      .send({ decimal_separator: ';' });
    expect(bad.status).toBe(422);
    const upd = await t.http
      .put(`/api/admin/csv-templates/${id}`)
      .set('Authorization', admin.auth)
      .send({ columns: { date: 'Datum', weight_kg: 'Gewicht', body_fat_pct: 'Fett' } });
    expect(upd.status).toBe(200);
    expect(upd.body.header_fingerprint).not.toBe(created.body.header_fingerprint);
    const seen = await t.http.get(`/api/csv/mappings/${id}`).set('Authorization', user.auth);
    expect(seen.body.columns.body_fat_pct).toBe('Fett');
    expect(
      (await t.http.delete(`/api/admin/csv-templates/${id}`).set('Authorization', admin.auth))
        .status,
    ).toBe(204);
    expect(
      (await t.http.get(`/api/admin/csv-templates/${id}`).set('Authorization', admin.auth)).status,
    ).toBe(404);
  });

  it("does not treat a user's copy as a system template", async () => {
    await t.db.query(`UPDATE users SET tier = 'plus' WHERE id = $1`, [user.id]);
    const list = await t.http.get('/api/csv/mappings').set('Authorization', user.auth);
    const copy = await t.http
      .post('/api/csv/copy')
      .set('Authorization', user.auth)
      .send({ mapping_id: list.body.items[0].id });
    expect(
      (
        await t.http
          .get(`/api/admin/csv-templates/${copy.body.id}`)
          .set('Authorization', admin.auth)
      ).status,
    ).toBe(404);
  });

  it('reads and writes the import limits, which users then see', async () => {
    const get = await t.http
      .get('/api/admin/csv-templates/import-limits')
      .set('Authorization', admin.auth);
    expect(get.body).toMatchObject({
      max_file_bytes: 10485760,
      max_rows: 100000,
      max_errors_reported: 200,
    });
    const put = await t.http
      .put('/api/admin/csv-templates/import-limits')
      .set('Authorization', admin.auth)
      .send({ max_rows: 5000 });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({
      max_rows: 5000,
      max_file_bytes: 10485760,
      updated_by: admin.id,
    });
    const seen = await t.http.get('/api/csv/limits').set('Authorization', user.auth);
    expect(seen.body.max_rows).toBe(5000);
    const bad = await t.http
      .put('/api/admin/csv-templates/import-limits')
      .set('Authorization', admin.auth)
      .send({ max_rows: 0, extra: 1 });
    expect(bad.status).toBe(400);
  });

  it('refuses users with 403 and anonymous callers with 401', async () => {
    for (const [method, path] of [
      ['get', '/api/admin/csv-templates'],
      ['post', '/api/admin/csv-templates'],
      ['post', '/api/admin/csv-templates/validate'],
      ['get', '/api/admin/csv-templates/import-limits'],
      ['put', '/api/admin/csv-templates/import-limits'],
    ] as const) {
      expect((await t.http[method](path).set('Authorization', user.auth).send(valid)).status).toBe(
        403,
      );
      expect((await t.http[method](path).send(valid)).status).toBe(401);
    }
  });
});
