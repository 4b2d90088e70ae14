import { statusesOfConcurrent } from '@sports/common/testing';
import type { Test } from 'supertest';
import { referenceValueTypeConflicts } from '../modules/admin-reference-value-types/reference-value-types.constraints';
import { caliperConflicts } from '../modules/caliper/caliper.constraints';
import { circumferenceConflicts } from '../modules/circumference/circumference.constraints';
import { csvMappingConflicts } from '../modules/csv-import/csv-mappings.constraints';
import { IMPORT_CONFLICTS } from '../modules/importdata/importdata.constraints';
import { nutritionConflicts } from '../modules/nutrition/nutrition.constraints';
import { USER_CONFLICTS } from '../modules/profiles/users.constraints';
import { promptConflicts } from '../modules/prompts/prompts.constraints';
import { referenceValueConflicts } from '../modules/reference-values/reference-values.constraints';
import { weightConflicts } from '../modules/weight/weight.constraints';
import { questionConflicts } from '../modules/workflow/question-catalog.constraints';
import { HealthTestApp, startHealthTestApp, TestUser } from '../testing/health-test-app';

const none = async (): Promise<null> => null;

/** Every module's table of unique constraints that a request may hit, and their 409s. */
const MAPPED = {
  ...referenceValueTypeConflicts('k'),
  ...caliperConflicts('2026-01-01', 'jp3', none),
  ...circumferenceConflicts('2026-01-01', 'waist', none),
  ...csvMappingConflicts('n'),
  ...IMPORT_CONFLICTS,
  ...nutritionConflicts(),
  ...USER_CONFLICTS,
  ...promptConflicts('s'),
  ...referenceValueConflicts('k', '2026-01-01'),
  ...weightConflicts('2026-01-01', none),
  ...questionConflicts('k'),
};

/** Unique constraints no request can violate, and why (each reason is what the code does). */
const ABSORBED: Record<string, string> = {
  refresh_tokens_token_hash_key: 'a token carries 256 random bits',
  features_pkey: 'features are written by migrations only',
  membership_tiers_pkey: 'tiers are written by migrations only',
  widget_catalog_pkey: 'widgets are written by migrations only',
  widget_catalog_position_key: 'widgets are written by migrations only',
  system_config_pkey: 'written with ON CONFLICT DO UPDATE',
  workflow_execution_attempts_pkey:
    'an attempt number is taken under the row lock of the execution it moves on (beginAttempt)',
  workflow_execution_events_pkey:
    'one attempt writes its events one batch after the other; the attempt fence stops any other from writing',
  user_dashboard_layouts_pkey: 'written with ON CONFLICT DO UPDATE',
  user_feature_overrides_pkey: 'written with ON CONFLICT DO UPDATE',
  photos_storage_path_key: 'the path holds the photo id, a random UUID',
  photo_renditions_pkey:
    'written by the rendition job only, replaced under the photo row lock (no request writes them)',
  photo_renditions_storage_key_key: 'keyed by the photo id and variant, one row per key',
};

describe('unique constraints of the health database', () => {
  let t: HealthTestApp;
  let admin: TestUser;
  let kim: TestUser;

  beforeAll(async () => {
    t = await startHealthTestApp();
    [admin, kim] = await Promise.all([t.newUser({ role: 'admin' }), t.newUser({ tier: 'pro' })]);
    await t.db.query(`UPDATE users SET sex = 'male', birth_date = '1990-05-01' WHERE id = $1`, [
      kim.id,
    ]);
  });
  afterAll(() => t.close());

  it('maps every unique constraint a request can hit to a 409 of its module, or says why none can be hit', async () => {
    const rows: { name: string }[] = await t.db.query(`
      SELECT ci.relname AS name
      FROM pg_index i
      JOIN pg_class ci ON ci.oid = i.indexrelid
      JOIN pg_class ct ON ct.oid = i.indrelid
      JOIN pg_namespace n ON n.oid = ct.relnamespace
      WHERE i.indisunique AND n.nspname = 'public' AND ct.relname <> 'migrations'
        AND NOT (i.indisprimary AND i.indnatts = 1 AND EXISTS (
          SELECT 1 FROM pg_attribute a WHERE a.attrelid = ct.oid AND a.attnum = i.indkey[0]
            AND a.attname = 'id' AND (a.atthasdef OR a.attidentity <> '')))
      ORDER BY 1`);
    const names = rows.map((r) => r.name);
    expect(names.filter((n) => !(n in MAPPED) && !(n in ABSORBED))).toEqual([]);
    expect(
      [...Object.keys(MAPPED), ...Object.keys(ABSORBED)].filter((n) => !names.includes(n)),
    ).toEqual([]);
    for (const [name, conflict] of Object.entries(MAPPED)) {
      const error = await conflict();
      expect({ name, status: error.status }).toEqual({ name, status: 409 });
      expect(error.code).toMatch(/^[A-Z][A-Z_]+$/);
      expect(error.code).not.toBe('CONFLICT');
    }
  });

  /** Eight simultaneous identical creations: one 201, seven 409 with `code`, one row. */
  const cases: [string, string, () => Test, string, string][] = [
    [
      'sign-ups with one email',
      'EMAIL_TAKEN',
      () =>
        t.http
          .post('/api/auth/register')
          .send({ email: 'Twin@Example.org', password: 'secret-password' }),
      `SELECT count(*)::int AS n FROM users WHERE lower(email) = 'twin@example.org'`,
      '',
    ],
    [
      'weight entries of one day',
      'WEIGHT_EXISTS_FOR_DAY',
      () =>
        t.http
          .post('/api/weight')
          .set('Authorization', kim.auth)
          .send({ date: '2026-02-01', weight_kg: 80 }),
      `SELECT count(*)::int AS n FROM weight_entries WHERE user_id = $1 AND date = '2026-02-01'`,
      'kim',
    ],
    [
      'circumference measurements of one day and site',
      'CIRCUMFERENCE_EXISTS_FOR_DAY',
      () =>
        t.http
          .post('/api/circumference')
          .set('Authorization', kim.auth)
          .send({ date: '2026-02-01', site: 'waist', value_cm: 84 }),
      `SELECT count(*)::int AS n FROM circumference_entries WHERE user_id = $1 AND date = '2026-02-01'`,
      'kim',
    ],
    [
      'caliper measurements of one day and formula',
      'CALIPER_EXISTS_FOR_DAY',
      () =>
        t.http
          .post('/api/caliper')
          .set('Authorization', kim.auth)
          .send({
            date: '2026-02-01',
            formula: 'jp3',
            sites: { chest: 15, abdomen: 18, thigh: 20 },
          }),
      `SELECT count(*)::int AS n FROM caliper_entries WHERE user_id = $1 AND date = '2026-02-01'`,
      'kim',
    ],
    [
      'whole-day nutrition totals of one day',
      'NUTRITION_DAY_TOTAL_EXISTS',
      () =>
        t.http
          .post('/api/nutrition')
          .set('Authorization', kim.auth)
          .send({ date: '2026-02-01', meal: 'day', kcal: 2100 }),
      `SELECT count(*)::int AS n FROM nutrition_entries WHERE user_id = $1 AND date = '2026-02-01'`,
      'kim',
    ],
    [
      'reference values of one type and day',
      'REFERENCE_VALUE_EXISTS',
      () =>
        t.http
          .post('/api/reference-values')
          .set('Authorization', kim.auth)
          .send({ type_key: 'resting_hr', measured_on: '2026-02-01', value: 52 }),
      `SELECT count(*)::int AS n FROM reference_values WHERE user_id = $1 AND measured_on = '2026-02-01'`,
      'kim',
    ],
    [
      'reference value types of one key',
      'REFERENCE_VALUE_TYPE_EXISTS',
      () =>
        t.http.post('/api/admin/reference-value-types').set('Authorization', admin.auth).send({
          key: 'resp_rate',
          name: 'Atemfrequenz',
          unit: '/min',
          min_value: 4,
          max_value: 60,
        }),
      `SELECT count(*)::int AS n FROM reference_value_types WHERE key = 'resp_rate'`,
      '',
    ],
    [
      'prompts of one slug',
      'PROMPT_SLUG_EXISTS',
      () =>
        t.http
          .post('/api/prompts')
          .set('Authorization', kim.auth)
          .send({ slug: 'kim-parallel', name: 'Parallel', type: 'base', template: 'Hallo' }),
      `SELECT count(*)::int AS n FROM prompts WHERE owner_id = $1 AND slug = 'kim-parallel'`,
      'kim',
    ],
    [
      'workflow questions of one key',
      'QUESTION_KEY_EXISTS',
      () =>
        t.http
          .post('/api/workflows/questions')
          .set('Authorization', admin.auth)
          .send({ key: 'parallel_ok', question: 'Gleichzeitig?', answer_type: 'boolean' }),
      `SELECT count(*)::int AS n FROM workflow_question_catalog WHERE key = 'parallel_ok'`,
      '',
    ],
    [
      'system CSV templates of one name',
      'CSV_MAPPING_NAME_TAKEN',
      () =>
        t.http
          .post('/api/admin/csv-templates')
          .set('Authorization', admin.auth)
          .send({
            name: 'Parallel weight',
            module: 'weight',
            delimiter: ';',
            decimal_separator: ',',
            date_format: 'DD.MM.YYYY',
            columns: { date: 'Datum', weight_kg: 'Gewicht (kg)' },
          }),
      `SELECT count(*)::int AS n FROM csv_field_mappings WHERE name = 'Parallel weight'`,
      '',
    ],
  ];

  it.each(cases)(
    'answers eight simultaneous %s with one 201 and 409 %s',
    async (_what, code, send, countSql, owner) => {
      const responses: { status: number; body: { code?: string } }[] = [];
      const statuses = await statusesOfConcurrent(8, () =>
        send().then((r) => {
          responses.push(r);
          return r;
        }),
      );
      const refusals = responses.filter((r) => r.status !== 201);
      expect(statuses[201]).toBe(1);
      // A pre-check that saw the winner's row answers 409 or, for templates, 422 with a warning.
      expect(refusals.every((r) => r.status === 409 || r.status === 422)).toBe(true);
      expect(refusals.filter((r) => r.status === 409).every((r) => r.body.code === code)).toBe(
        true,
      );
      const [{ n }] = await t.db.query(countSql, owner ? [kim.id] : []);
      expect(n).toBe(1);
    },
  );
});
