import JSONSchemaValidator from '@asymmetrik/fhir-json-schema-validator';
import type { Bundle, Observation, Patient } from 'fhir/r4';
import { HealthTestApp, startHealthTestApp, TestUser } from '../../testing/health-test-app';
import { LOINC, OWN, UCUM } from './fhir-codes';

const TRACKING_TABLES = [
  'weight_entries',
  'circumference_entries',
  'caliper_entries',
  'activity_entries',
  'nutrition_entries',
  'reference_values',
];

/** Expected code, category and UCUM unit of every kind of Observation the export writes. */
const EXPECTED: { label: string; code: string; category: string | null; ucum: string | null }[] = [
  { label: 'body weight', code: `${LOINC}|29463-7`, category: 'vital-signs', ucum: 'kg' },
  { label: 'body height', code: `${LOINC}|8302-2`, category: 'vital-signs', ucum: 'cm' },
  { label: 'BMI', code: `${LOINC}|39156-5`, category: 'vital-signs', ucum: 'kg/m2' },
  { label: 'body fat', code: `${LOINC}|41982-0`, category: 'exam', ucum: '%' },
  { label: 'waist', code: `${LOINC}|8280-0`, category: 'exam', ucum: 'cm' },
  { label: 'hip', code: `${LOINC}|62409-8`, category: 'exam', ucum: 'cm' },
  { label: 'neck', code: `${OWN.observation}|circumference-neck`, category: 'exam', ucum: 'cm' },
  { label: 'blood pressure', code: `${LOINC}|85354-9`, category: 'vital-signs', ucum: null },
  { label: 'resting heart rate', code: `${LOINC}|40443-4`, category: 'vital-signs', ucum: '/min' },
  { label: 'temperature', code: `${LOINC}|8310-5`, category: 'vital-signs', ucum: 'Cel' },
  { label: 'SpO2', code: `${LOINC}|2708-6`, category: 'vital-signs', ucum: '%' },
  { label: 'sleep', code: `${LOINC}|93832-4`, category: 'activity', ucum: 'h' },
  { label: 'HRV', code: `${OWN.referenceValueType}|hrv_rmssd`, category: null, ucum: 'ms' },
  { label: 'exercise', code: `${LOINC}|73985-4`, category: 'activity', ucum: null },
  { label: 'calorie intake', code: `${LOINC}|9052-2`, category: null, ucum: 'kcal' },
];

const COMPONENT_UNITS: Record<string, string> = {
  [`${LOINC}|8480-6`]: 'mm[Hg]',
  [`${LOINC}|8462-4`]: 'mm[Hg]',
  [`${LOINC}|55411-3`]: 'min',
  [`${LOINC}|55424-6`]: 'kcal',
  [`${LOINC}|55425-3`]: '/min',
  [`${LOINC}|55426-1`]: '/min',
  [`${OWN.observation}|activity-distance`]: 'km',
  [`${OWN.observation}|activity-rpe`]: '{score}',
  [`${OWN.observation}|nutrition-protein`]: 'g',
  [`${OWN.observation}|nutrition-carbohydrate`]: 'g',
  [`${OWN.observation}|nutrition-fat`]: 'g',
  [`${OWN.observation}|nutrition-fibre`]: 'g',
  [`${OWN.observation}|skinfold-chest`]: 'mm',
  [`${OWN.observation}|skinfold-abdomen`]: 'mm',
  [`${OWN.observation}|skinfold-thigh`]: 'mm',
  [`${OWN.observation}|body-density`]: 'g/mL',
  [`${OWN.observation}|age-at-measurement`]: 'a',
};

const codesOf = (o: Observation) => (o.code.coding ?? []).map((c) => `${c.system}|${c.code}`);
const observations = (b: Bundle) =>
  (b.entry ?? [])
    .map((e) => e.resource)
    .filter((r): r is Observation => r?.resourceType === 'Observation');

describe('FHIR R4 export and import (HTTP)', () => {
  let t: HealthTestApp;
  let kim: TestUser;
  let lou: TestUser;
  let free: TestUser;
  let validator: JSONSchemaValidator;

  const fhirOf = (u: TestUser, query = '') =>
    t.http.get(`/api/fhir/Bundle${query}`).set('Authorization', u.auth);
  const importAs = (u: TestUser, bundle: unknown, query = '') =>
    t.http
      .post(`/api/fhir/Bundle${query}`)
      .set('Authorization', u.auth)
      .set('Content-Type', 'application/fhir+json')
      .send(JSON.stringify(bundle));
  const jsonExport = async (u: TestUser) => {
    const res = await t.http.get('/api/export').set('Authorization', u.auth);
    return { ...res.body, exported_at: undefined, photos: undefined };
  };
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

  beforeAll(async () => {
    validator = new JSONSchemaValidator();
    t = await startHealthTestApp();
    kim = await t.newUser({ tier: 'plus' });
    lou = await t.newUser({ tier: 'plus' });
    free = await t.newUser();
    const q = (sql: string) => t.db.query(sql, [kim.id]);
    await q(`UPDATE users SET sex = 'male', birth_date = '1985-06-15', height_cm = 180,
                    goal_weight_kg = 78.5, display_name = 'Kim', activity_level = 'moderate',
                    units = 'metric' WHERE id = $1`);
    await q(`INSERT INTO weight_entries (user_id, date, weight_kg, body_fat_pct, note, source) VALUES
               ($1, '2026-01-02', 81.4, 18.5, 'after holidays', 'manual'),
               ($1, '2026-01-01', 81.85, NULL, NULL, 'csv')`);
    await q(`INSERT INTO circumference_entries (user_id, date, site, value_cm, note) VALUES
               ($1, '2026-01-01', 'waist', 86.5, 'morning'), ($1, '2026-01-01', 'hip', 98, NULL),
               ($1, '2026-01-03', 'neck', 39, NULL)`);
    await q(`INSERT INTO caliper_entries (user_id, date, formula, sites, body_fat_pct, density, age_years, sex)
             VALUES ($1, '2026-01-02', 'jp3', '{"chest": 12, "abdomen": 20.5, "thigh": 15}',
                     14.2, 1.0661, 40, 'male')`);
    await q(`INSERT INTO activity_entries
               (user_id, activity_type, started_at, duration_min, distance_km, kcal, avg_hr, max_hr, rpe, notes, source)
             VALUES ($1, 'run', '2026-01-01T06:30:00Z', 42.5, 7.25, 410, 151, 178, 6, 'easy', 'manual'),
                    ($1, 'yoga', '2026-01-02T17:00:00.123Z', 30, NULL, NULL, NULL, NULL, NULL, NULL, 'import')`);
    await q(`INSERT INTO nutrition_entries (user_id, date, meal, kcal, protein_g, carbohydrate_g, fat_g, fibre_g, note)
             VALUES ($1, '2026-01-01', 'lunch', 720, 35, 80, 25, 6.5, 'pasta'),
                    ($1, '2026-01-02', NULL, 300, NULL, NULL, NULL, NULL, NULL)`);
    await q(`INSERT INTO reference_values (user_id, type_key, measured_on, measured_at, value, note, source) VALUES
               ($1, 'resting_hr', '2026-01-01', '2026-01-01T06:00:00Z', 52, NULL, 'manual'),
               ($1, 'hrv_rmssd', '2026-01-01', NULL, 61, NULL, 'manual'),
               ($1, 'bp_systolic', '2026-01-01', '2026-01-01T07:00:00Z', 122, 'left arm', 'manual'),
               ($1, 'bp_diastolic', '2026-01-01', '2026-01-01T07:00:00Z', 79, 'left arm', 'manual'),
               ($1, 'bp_systolic', '2026-01-02', NULL, 131, NULL, 'csv'),
               ($1, 'sleep_duration', '2026-01-02', NULL, 7.75, NULL, 'manual'),
               ($1, 'body_temperature', '2026-01-02', '2026-01-01T23:30:00Z', 36.8, NULL, 'manual'),
               ($1, 'spo2', '2026-01-03', NULL, 98, NULL, 'manual')`);
  });
  afterAll(() => t.close());

  it('answers a collection Bundle whose every resource validates against the FHIR R4 JSON schema', async () => {
    const res = await fhirOf(kim);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/fhir\+json/);
    const bundle = res.body as Bundle;
    expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    expect(validator.validate(bundle)).toEqual([]);
    for (const entry of bundle.entry ?? []) {
      expect(entry.fullUrl).toBe(`urn:uuid:${entry.resource!.id}`);
      expect(validator.validate(entry.resource!)).toEqual([]);
    }
    // The validator is live: a status outside the R4 value set is refused.
    const [first] = observations(bundle);
    expect(validator.validate({ ...first, status: 'done' })).not.toEqual([]);
    const patient = bundle.entry![0].resource as Patient;
    expect(patient).toMatchObject({
      resourceType: 'Patient',
      id: kim.id,
      name: [{ text: 'Kim' }],
      gender: 'male',
      birthDate: '1985-06-15',
    });
  });

  it('writes one Observation per stored value with its LOINC or own code, category and UCUM unit', async () => {
    const obs = observations((await fhirOf(kim)).body);
    // 2 weights + 1 body fat + 2 BMI + height, 3 girths, 1 caliper, 2 sessions, 2 meals,
    // 7 reference values of which systolic + diastolic of one moment are one panel.
    expect(obs).toHaveLength(6 + 3 + 1 + 2 + 2 + 7);
    for (const o of obs) {
      const kind = EXPECTED.find((e) => codesOf(o).includes(e.code));
      expect(kind).toBeDefined();
      expect(o.status).toBe('final');
      expect(o.subject).toEqual({ reference: `urn:uuid:${kim.id}` });
      expect(o.effectiveDateTime).toMatch(/^\d{4}-\d{2}-\d{2}/);
      expect(o.category?.[0].coding?.[0].code ?? null).toBe(kind!.category);
      if (kind!.ucum) expect(o.valueQuantity).toMatchObject({ system: UCUM, code: kind!.ucum });
      for (const c of o.component ?? []) {
        const unit = COMPONENT_UNITS[codesOf(c as unknown as Observation)[0]];
        if (unit)
          expect(c.valueQuantity ?? { system: UCUM, code: unit }).toMatchObject({
            system: UCUM,
            code: unit,
          });
      }
    }
    const byCode = (code: string) => obs.filter((o) => codesOf(o).includes(code));
    const [heartRate] = byCode(`${LOINC}|40443-4`);
    expect(codesOf(heartRate)).toEqual([`${LOINC}|8867-4`, `${LOINC}|40443-4`]);
    const bmi = byCode(`${LOINC}|39156-5`).map((o) => o.valueQuantity?.value);
    expect(bmi).toEqual([25.3, 25.1]); // 81.85 / 1.8², 81.4 / 1.8²
    const panels = byCode(`${LOINC}|85354-9`);
    expect(panels).toHaveLength(2);
    expect(panels[0].note).toEqual([{ text: 'left arm' }]);
    expect(panels[0].component!.map((c) => c.valueQuantity?.value)).toEqual([122, 79]);
    expect(panels[1].component![1].dataAbsentReason?.coding?.[0].code).toBe('unknown');
    const [caliper] = byCode(`${LOINC}|41982-0`).filter((o) => o.method);
    expect(caliper.method?.coding?.[0]).toEqual({ system: OWN.caliperFormula, code: 'jp3' });
    const [temperature] = byCode(`${LOINC}|8310-5`);
    expect(temperature.effectiveDateTime).toBe('2026-01-01T23:30:00.000Z');
    expect(temperature.extension).toEqual([
      { url: OWN.measuredOnExtension, valueDate: '2026-01-02' },
    ]);
    const [run] = byCode(`${LOINC}|73985-4`);
    expect(run.valueCodeableConcept?.coding?.[0]).toEqual({
      system: OWN.activityType,
      code: 'run',
    });
    expect(run.meta?.tag).toEqual([{ system: OWN.source, code: 'manual' }]);
  });

  it('filters by date range and by code', async () => {
    const jan1 = observations((await fhirOf(kim, '?date=ge2026-01-01&date=lt2026-01-02')).body);
    expect(jan1.length).toBeGreaterThan(0);
    expect(jan1.every((o) => o.effectiveDateTime!.startsWith('2026-01-01'))).toBe(true);
    const weights = observations(
      (await fhirOf(kim, `?code=${encodeURIComponent(`${LOINC}|29463-7`)},8280-0`)).body,
    );
    expect(weights.map((o) => codesOf(o)[0]).sort()).toEqual([
      `${LOINC}|29463-7`,
      `${LOINC}|29463-7`,
      `${LOINC}|8280-0`,
    ]);
    const bad = await fhirOf(kim, '?date=2026-13-01');
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ path: 'date' })]);
  });

  it('pages a searchset with _count and links that together hold every match once', async () => {
    const all = observations((await fhirOf(kim)).body).map((o) => o.id);
    const first = await fhirOf(kim, '?_count=4');
    expect(first.body).toMatchObject({ type: 'searchset', total: all.length });
    expect(validator.validate(first.body)).toEqual([]);
    const seen: string[] = [];
    let page: Bundle = first.body;
    for (let i = 0; i < 20; i += 1) {
      const entries = page.entry ?? [];
      expect(entries[0].search?.mode).toBe('include');
      seen.push(...entries.filter((e) => e.search?.mode === 'match').map((e) => e.resource!.id!));
      const next = page.link?.find((l) => l.relation === 'next');
      if (!next) break;
      const url = new URL(next.url);
      page = (await fhirOf(kim, url.search)).body;
    }
    expect(seen).toEqual(all);
  });

  it('imports its own export into a second account with identical data, and again changes nothing', async () => {
    const bundle = (await fhirOf(kim)).body;
    const res = await importAs(lou, bundle);
    expect(res.status).toBe(200);
    expect(res.body.derived_skipped).toBe(2);
    expect(res.body.modules.reference_values).toEqual({ created: 8, updated: 0, unchanged: 0 });
    expect(await jsonExport(lou)).toEqual(await jsonExport(kim));

    const again = await importAs(lou, (await fhirOf(lou)).body);
    expect(again.status).toBe(200);
    for (const counts of Object.values(again.body.modules))
      expect(counts).toMatchObject({ created: 0, updated: 0 });
    expect(await jsonExport(lou)).toEqual(await jsonExport(kim));
  });

  it('refuses unknown codes with 422 listing each entry path and code, and writes nothing', async () => {
    const bundle = (await fhirOf(kim)).body as Bundle;
    const obs = observations(bundle);
    obs[1].code = { coding: [{ system: LOINC, code: '2339-0' }] };
    const panel = obs.find((o) => codesOf(o).includes(`${LOINC}|85354-9`))!;
    panel.component![0].code = {
      coding: [{ system: 'http://snomed.info/sct', code: '271649006' }],
    };
    const before = await rowCounts(free.id);
    await t.db.query(`UPDATE users SET tier = 'plus' WHERE id = $1`, [free.id]);
    const res = await importAs(free, bundle);
    await t.db.query(`UPDATE users SET tier = 'free' WHERE id = $1`, [free.id]);
    expect(res.status).toBe(422);
    expect(res.headers['content-type']).toMatch(/problem\+json/);
    expect(res.body.code).toBe('FHIR_CODE_UNKNOWN');
    const panelIndex = bundle.entry!.findIndex((e) => e.resource === panel);
    expect(res.body.unknown_codes).toEqual([
      { path: 'entry[2].resource.code', system: LOINC, code: '2339-0' },
      {
        path: `entry[${panelIndex}].resource.component[0].code`,
        system: 'http://snomed.info/sct',
        code: '271649006',
      },
    ]);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(
      res.body.unknown_codes.map((u: { path: string }) => u.path),
    );
    expect(await rowCounts(free.id)).toEqual(before);
  });

  it('refuses a value the import refuses with 400 naming the entry element, and writes nothing', async () => {
    const bundle = (await fhirOf(kim)).body as Bundle;
    const index = bundle.entry!.findIndex(
      (e) =>
        e.resource?.resourceType === 'Observation' &&
        codesOf(e.resource as Observation).includes(`${LOINC}|29463-7`),
    );
    (bundle.entry![index].resource as Observation).valueQuantity!.value = 5;
    const other = bundle.entry!.findIndex(
      (e) =>
        e.resource?.resourceType === 'Observation' &&
        codesOf(e.resource as Observation).includes(`${LOINC}|8280-0`),
    );
    (bundle.entry![other].resource as Observation).valueQuantity!.code = '[in_i]';
    const fresh = await t.newUser({ tier: 'plus' });
    const res = await importAs(fresh, bundle);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: `entry[${other}].resource.valueQuantity.code`, message: 'the unit must be UCUM cm' },
    ]);
    (bundle.entry![other].resource as Observation).valueQuantity!.code = 'cm';
    const second = await importAs(fresh, bundle);
    expect(second.status).toBe(400);
    expect(second.body.errors).toEqual([
      expect.objectContaining({ path: `entry[${index}].resource.valueQuantity.value` }),
    ]);
    expect(Object.values(await rowCounts(fresh.id)).every((n) => n === 0)).toBe(true);
  });

  it("answers each caller with their own data only: another user's bundle never shows Kim's", async () => {
    const res = await fhirOf(lou, `?code=${encodeURIComponent(`${LOINC}|29463-7`)}`);
    expect(res.status).toBe(200);
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(kim.id);
    expect(res.body.entry[0].resource.id).toBe(lou.id);
  });

  it('refuses anonymous callers with 401 and members without the export feature with 403', async () => {
    expect((await t.http.get('/api/fhir/Bundle')).status).toBe(401);
    expect(
      (
        await t.http
          .post('/api/fhir/Bundle')
          .set('Content-Type', 'application/fhir+json')
          .send('{}')
      ).status,
    ).toBe(401);
    const get = await fhirOf(free);
    expect(get.status).toBe(403);
    expect(get.body.code).toBe('FEATURE_REQUIRED');
    const post = await importAs(free, { resourceType: 'Bundle', type: 'collection' });
    expect(post.status).toBe(403);
  });

  it('refuses a body that is not a Bundle with 400', async () => {
    const res = await importAs(lou, { resourceType: 'Patient' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: 'resourceType', message: 'the body must be a FHIR R4 Bundle' },
    ]);
  });
});
