import { HealthTestApp, startHealthTestApp, TestUser } from '../../testing/health-test-app';
import { EXPORT_MEDIA_TYPE } from './dto/import.dto';

const TRACKING_TABLES = [
  'weight_entries',
  'circumference_entries',
  'caliper_entries',
  'activity_entries',
  'nutrition_entries',
  'reference_values',
];

describe('export and import (HTTP)', () => {
  let t: HealthTestApp;
  let kim: TestUser;
  let lou: TestUser;
  let free: TestUser;

  const exportOf = (u: TestUser) => t.http.get('/api/export').set('Authorization', u.auth);
  const importAs = (u: TestUser, doc: unknown, dryRun = false) =>
    t.http
      .post(`/api/import${dryRun ? '?dry_run=true' : ''}`)
      .set('Authorization', u.auth)
      .send(doc as object);
  const rowCounts = async (userId: string) => {
    const out: Record<string, number> = {};
    for (const table of TRACKING_TABLES) {
      const [{ n }] = await t.db.query(
        `SELECT count(*)::int AS n FROM ${table} WHERE user_id = $1`,
        [userId],
      );
      out[table] = n;
    }
    return out;
  };
  const wipe = async (userId: string) => {
    for (const table of TRACKING_TABLES)
      await t.db.query(`DELETE FROM ${table} WHERE user_id = $1`, [userId]);
    await t.db.query(
      `UPDATE users SET sex = NULL, birth_date = NULL, height_cm = NULL, goal_weight_kg = NULL,
              display_name = NULL, activity_level = NULL, units = 'metric' WHERE id = $1`,
      [userId],
    );
  };
  const withoutStamp = (doc: Record<string, unknown>) => ({ ...doc, exported_at: undefined });

  beforeAll(async () => {
    t = await startHealthTestApp();
    kim = await t.newUser();
    lou = await t.newUser();
    free = await t.newUser();
    await t.db.query(`UPDATE users SET tier = 'plus' WHERE id = ANY($1)`, [[kim.id, lou.id]]);
    const q = (sql: string) => t.db.query(sql, [kim.id]);
    await q(`UPDATE users SET sex = 'female', birth_date = '1988-02-29', height_cm = 168.5,
                    goal_weight_kg = 62.5, display_name = 'Kim', activity_level = 'active',
                    units = 'imperial' WHERE id = $1`);
    await q(`INSERT INTO weight_entries (user_id, date, weight_kg, body_fat_pct, note, source) VALUES
               ($1, '2026-01-02', 66.4, 24.5, 'after holidays', 'manual'),
               ($1, '2026-01-01', 66.85, NULL, NULL, 'csv')`);
    await q(`INSERT INTO circumference_entries (user_id, date, site, value_cm) VALUES
               ($1, '2026-01-01', 'waist', 74.5), ($1, '2026-01-01', 'hip', 98)`);
    await q(`INSERT INTO caliper_entries (user_id, date, formula, sites, body_fat_pct, density, age_years, sex)
             VALUES ($1, '2026-01-01', 'jp3', '{"triceps": 18, "thigh": 25.5, "suprailiac": 14}',
                     25.1, 1.0414, 37, 'female')`);
    await q(`INSERT INTO activity_entries
               (user_id, activity_type, started_at, duration_min, distance_km, kcal, avg_hr, max_hr, rpe, notes)
             VALUES ($1, 'run', '2026-01-01T06:30:00Z', 42.5, 7.25, 410, 151, 178, 6, 'easy'),
                    ($1, 'yoga', '2026-01-01T06:30:00Z', 30, NULL, NULL, NULL, NULL, NULL, NULL),
                    ($1, 'strength', '2026-01-02T17:00:00.123Z', 50, NULL, NULL, NULL, NULL, 8, NULL)`);
    // Two identical snacks on one day: rows without a natural key of their own.
    await q(`INSERT INTO nutrition_entries (user_id, date, meal, kcal, protein_g, carbohydrate_g, fat_g, fibre_g, note)
             VALUES ($1, '2026-01-01', 'snack', 150, 3, 20, 6, 2, NULL),
                    ($1, '2026-01-01', 'snack', 150, 3, 20, 6, 2, NULL),
                    ($1, '2026-01-01', 'lunch', 720, 35, 80, 25, NULL, 'pasta'),
                    ($1, '2026-01-02', NULL, 300, NULL, NULL, NULL, NULL, NULL)`);
    await q(`INSERT INTO reference_values (user_id, type_key, measured_on, measured_at, value) VALUES
               ($1, 'resting_hr', '2026-01-01', '2026-01-01T06:00:00Z', 52),
               ($1, 'sleep_duration', '2026-01-01', NULL, 7.75)`);
    await q(`INSERT INTO photos (user_id, taken_on, pose, mime_type, byte_size, sha256, storage_path)
             VALUES ($1, '2026-01-01', 'front', 'image/jpeg', 123456, repeat('a', 64), 'x/y.jpg')`);
  });
  afterAll(() => t.close());

  it('exports the complete data in a stable order, with no ids, user ids or hashes', async () => {
    const res = await exportOf(kim);
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.format).toBe('health.export.v1');
    expect(Date.parse(doc.exported_at)).not.toBeNaN();
    expect(doc.user).toEqual({
      display_name: 'Kim',
      sex: 'female',
      birth_date: '1988-02-29',
      height_cm: 168.5,
      goal_weight_kg: 62.5,
      activity_level: 'active',
      units: 'imperial',
    });
    expect(doc.weight).toEqual([
      { date: '2026-01-01', weight_kg: 66.85, body_fat_pct: null, note: null, source: 'csv' },
      {
        date: '2026-01-02',
        weight_kg: 66.4,
        body_fat_pct: 24.5,
        note: 'after holidays',
        source: 'manual',
      },
    ]);
    expect(doc.caliper[0]).toMatchObject({
      formula: 'jp3',
      sites: { triceps: 18, thigh: 25.5, suprailiac: 14 },
      density: 1.0414,
      age_years: 37,
    });
    expect(doc.activity.map((a: { activity_type: string }) => a.activity_type)).toEqual([
      'run',
      'yoga',
      'strength',
    ]);
    expect(doc.activity[2].started_at).toBe('2026-01-02T17:00:00.123Z');
    expect(doc.nutrition).toHaveLength(4);
    expect(doc.reference_values[0]).toEqual({
      type_key: 'resting_hr',
      measured_on: '2026-01-01',
      measured_at: '2026-01-01T06:00:00.000Z',
      value: 52,
      note: null,
      source: 'manual',
    });
    expect(doc.photos).toEqual([
      { taken_on: '2026-01-01', pose: 'front', mime_type: 'image/jpeg', byte_size: 123456 },
    ]);
    const text = JSON.stringify(doc);
    expect(text).not.toContain(kim.id);
    expect(text).not.toMatch(/"(id|user_id|sha256|storage_path|password_hash|email)"/);
    // Two exports of unchanged data are identical apart from the time stamp.
    expect(withoutStamp((await exportOf(kim)).body)).toEqual(withoutStamp(doc));
  });

  it('reproduces the same data after export → wipe → import', async () => {
    const before = (await exportOf(kim)).body;
    const counts = await rowCounts(kim.id);
    await wipe(kim.id);
    const res = await importAs(kim, before);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      format: 'health.export.v1',
      dry_run: false,
      photos_skipped: 1,
      modules: {
        user: { created: 0, updated: 1, unchanged: 0 },
        weight: { created: 2, updated: 0, unchanged: 0 },
        circumference: { created: 2, updated: 0, unchanged: 0 },
        caliper: { created: 1, updated: 0, unchanged: 0 },
        activity: { created: 3, updated: 0, unchanged: 0 },
        nutrition: { created: 4, updated: 0, unchanged: 0 },
        reference_values: { created: 2, updated: 0, unchanged: 0 },
      },
    });
    expect(await rowCounts(kim.id)).toEqual(counts);
    const after = (await exportOf(kim)).body;
    expect(withoutStamp(after)).toEqual(withoutStamp(before));
  });

  it('changes nothing when the same document is imported again', async () => {
    const doc = (await exportOf(kim)).body;
    const counts = await rowCounts(kim.id);
    const res = await importAs(kim, doc);
    expect(res.status).toBe(200);
    for (const c of Object.values(res.body.modules)) {
      expect(c).toMatchObject({ created: 0, updated: 0 });
    }
    expect(res.body.modules.nutrition).toEqual({ created: 0, updated: 0, unchanged: 4 });
    expect(await rowCounts(kim.id)).toEqual(counts);
  });

  it('updates a changed row in place and creates a new one', async () => {
    const doc = (await exportOf(kim)).body;
    doc.weight[0].weight_kg = 66.7;
    doc.weight.push({ date: '2026-01-03', weight_kg: 66.1 });
    const res = await importAs(kim, doc);
    expect(res.body.modules.weight).toEqual({ created: 1, updated: 1, unchanged: 1 });
    const rows = await t.db.query(
      `SELECT date::text AS date, weight_kg::float8 AS kg, source FROM weight_entries
        WHERE user_id = $1 ORDER BY date`,
      [kim.id],
    );
    expect(rows).toEqual([
      { date: '2026-01-01', kg: 66.7, source: 'csv' },
      { date: '2026-01-02', kg: 66.4, source: 'manual' },
      { date: '2026-01-03', kg: 66.1, source: 'import' },
    ]);
  });

  it('predicts the counts with dry_run=true and writes nothing', async () => {
    const doc = (await exportOf(kim)).body;
    await wipe(kim.id);
    const res = await importAs(kim, doc, true);
    expect(res.status).toBe(200);
    expect(res.body.dry_run).toBe(true);
    expect(res.body.modules.weight).toEqual({ created: 3, updated: 0, unchanged: 0 });
    expect(res.body.modules.nutrition).toEqual({ created: 4, updated: 0, unchanged: 0 });
    expect(Object.values(await rowCounts(kim.id)).every((n) => n === 0)).toBe(true);
    const [u] = await t.db.query('SELECT display_name FROM users WHERE id = $1', [kim.id]);
    expect(u.display_name).toBeNull();
    expect((await importAs(kim, doc)).status).toBe(200);
  });

  it('refuses a document with one bad row with 400 naming its path, and writes nothing', async () => {
    const doc = (await exportOf(kim)).body;
    await wipe(kim.id);
    doc.weight[1].weight_kg = 5;
    doc.activity[0].max_hr = 100; // below avg_hr 151
    const res = await importAs(kim, doc);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual([
      'weight[1].weight_kg',
      'activity[0].max_hr',
    ]);
    expect(Object.values(await rowCounts(kim.id)).every((n) => n === 0)).toBe(true);
    doc.weight[1].weight_kg = 66.4;
    doc.activity[0].max_hr = 178;
    expect((await importAs(kim, doc)).status).toBe(200);
  });

  it.each([
    [
      'a wrong format id',
      (d: Record<string, unknown>) => (d.format = 'health.export.v0'),
      'format',
    ],
    ['an unknown top-level field', (d: Record<string, unknown>) => (d.extra = 1), 'extra'],
    [
      'an unknown row field',
      (d: { weight: Record<string, unknown>[] }) => (d.weight[0].id = 'x'),
      'weight[0].id',
    ],
    [
      'a duplicate natural key',
      (d: { weight: unknown[] }) => d.weight.push({ date: '2026-01-01', weight_kg: 70 }),
      'weight[3]',
    ],
    [
      'an unknown reference type',
      (d: { reference_values: Record<string, unknown>[] }) =>
        (d.reference_values[0].type_key = 'vo2'),
      'reference_values[0].type_key',
    ],
    [
      'a reference value out of its type range',
      (d: { reference_values: Record<string, unknown>[] }) => (d.reference_values[0].value = 400),
      'reference_values[0].value',
    ],
    [
      'a bad skinfold site',
      (d: { caliper: { sites: Record<string, unknown> }[] }) => (d.caliper[0].sites.knee = 10),
      'caliper[0].sites.knee',
    ],
    [
      'a section that is not an array',
      (d: Record<string, unknown>) => (d.nutrition = {}),
      'nutrition',
    ],
  ])('refuses %s with 400', async (_label, mutate, path) => {
    const doc = (await exportOf(kim)).body;
    (mutate as (d: unknown) => void)(doc);
    const counts = await rowCounts(kim.id);
    const res = await importAs(kim, doc);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    expect(await rowCounts(kim.id)).toEqual(counts);
  });

  it("imports another user's document into the caller's own account only", async () => {
    const doc = (await exportOf(kim)).body;
    const kimBefore = await rowCounts(kim.id);
    const res = await importAs(lou, doc);
    expect(res.status).toBe(200);
    expect(await rowCounts(lou.id)).toEqual(kimBefore);
    expect(await rowCounts(kim.id)).toEqual(kimBefore);
    const louDoc = (await exportOf(lou)).body;
    expect(withoutStamp({ ...louDoc, photos: [] })).toEqual(withoutStamp({ ...doc, photos: [] }));
    expect(louDoc.photos).toEqual([]);
  });

  it('accepts a document above the JSON body limit when sent as the export media type', async () => {
    const doc = (await exportOf(kim)).body;
    doc.activity = Array.from({ length: 6000 }, (_, i) => ({
      activity_type: 'walk',
      started_at: new Date(Date.UTC(2020, 0, 1) + i * 3600000).toISOString(),
      duration_min: 30,
      notes: 'x'.repeat(150),
    }));
    const body = JSON.stringify(doc);
    expect(body.length).toBeGreaterThan(1024 * 1024);
    const asJson = await t.http
      .post('/api/import?dry_run=true')
      .set('Authorization', lou.auth)
      .set('Content-Type', 'application/json')
      .send(body);
    expect(asJson.status).toBe(413);
    const res = await t.http
      .post('/api/import')
      .set('Authorization', lou.auth)
      .set('Content-Type', EXPORT_MEDIA_TYPE)
      .send(body);
    expect(res.status).toBe(200);
    expect(res.body.modules.activity.created).toBe(6000);
  });

  it('answers 403 FEATURE_REQUIRED to a free user on export and import', async () => {
    const exp = await exportOf(free);
    expect(exp.status).toBe(403);
    expect(exp.body.code).toBe('FEATURE_REQUIRED');
    const doc = (await exportOf(kim)).body;
    const imp = await importAs(free, doc);
    expect(imp.status).toBe(403);
    expect(imp.body.code).toBe('FEATURE_REQUIRED');
    expect(Object.values(await rowCounts(free.id)).every((n) => n === 0)).toBe(true);
  });

  it('answers 401 to an anonymous caller', async () => {
    expect((await t.http.get('/api/export')).status).toBe(401);
    expect((await t.http.post('/api/import').send({ format: 'health.export.v1' })).status).toBe(
      401,
    );
  });
});
