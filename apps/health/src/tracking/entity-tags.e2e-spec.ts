import { entityTagContract, type EntityTagSubject } from '@sports/common/testing';
import { HealthTestApp, startHealthTestApp, TestUser } from '../testing/health-test-app';

/**
 * Every tracking resource under the entity-tag contract: ETag on create, read and write;
 * If-Match on PUT and DELETE (412 with the current version, atomic against concurrent writes);
 * unchanged without If-Match; another user's entry answers 404 as before.
 */
describe('tracking entries: entity tags (e2e)', () => {
  let t: HealthTestApp;
  let kim: TestUser;
  let lou: TestUser;

  beforeAll(async () => {
    t = await startHealthTestApp();
    kim = await t.newUser();
    lou = await t.newUser();
    await t.db.query(`UPDATE users SET sex = 'male', birth_date = '1990-03-01' WHERE id = $1`, [
      kim.id,
    ]);
  });
  afterAll(() => t.close());

  let days = 0;
  /** A past day of its own for every entry (the per-day unique rules never interfere). */
  const nextDay = (): string =>
    new Date(Date.UTC(2025, 0, 1) + ++days * 86_400_000).toISOString().slice(0, 10);

  const subject =
    (
      path: string,
      table: string,
      body: () => Record<string, unknown>,
      change: (n: number) => Record<string, unknown>,
      columns: string,
    ) =>
    (): EntityTagSubject => ({
      http: t.http,
      db: t.db,
      owner: { Authorization: kim.auth },
      stranger: { Authorization: lou.auth },
      strangerStatus: 404,
      row: (url) => ({ table, where: { id: url.split('/').pop() } }),
      create: async () => {
        const created = await t.http.post(path).set('Authorization', kim.auth).send(body());
        expect(created.status).toBe(201);
        return { url: `${path}/${created.body.id}`, created };
      },
      change,
      stored: async (url) =>
        (
          await t.db.query(`SELECT ${columns} FROM ${table} WHERE id = $1`, [url.split('/').pop()])
        )[0] ?? null,
    });

  describe('weight', () => {
    entityTagContract(
      subject(
        '/api/weight',
        'weight_entries',
        () => ({ date: nextDay(), weight_kg: 80 }),
        (n) => ({ weight_kg: 60 + n }),
        'date, weight_kg, note',
      ),
    );
  });

  describe('circumference', () => {
    entityTagContract(
      subject(
        '/api/circumference',
        'circumference_entries',
        () => ({ date: nextDay(), site: 'waist', value_cm: 84.5 }),
        (n) => ({ value_cm: 80 + n }),
        'date, site, value_cm',
      ),
    );
  });

  describe('caliper', () => {
    entityTagContract(
      subject(
        '/api/caliper',
        'caliper_entries',
        () => ({ date: nextDay(), formula: 'jp3', sites: { chest: 15, abdomen: 18, thigh: 20 } }),
        (n) => ({ sites: { chest: 10 + n, abdomen: 18, thigh: 20 } }),
        'date, formula, sites, body_fat_pct',
      ),
    );
  });

  describe('activity', () => {
    entityTagContract(
      subject(
        '/api/activity',
        'activity_entries',
        () => ({ activity_type: 'run', started_at: `${nextDay()}T07:00:00Z`, duration_min: 45 }),
        (n) => ({ duration_min: 30 + n }),
        'activity_type, started_at, duration_min',
      ),
    );
  });

  describe('nutrition', () => {
    entityTagContract(
      subject(
        '/api/nutrition',
        'nutrition_entries',
        () => ({ date: nextDay(), meal: 'lunch', kcal: 650 }),
        (n) => ({ kcal: 500 + n }),
        'date, meal, kcal',
      ),
    );
  });

  describe('reference values', () => {
    entityTagContract(
      subject(
        '/api/reference-values',
        'reference_values',
        () => ({ type_key: 'resting_hr', measured_on: nextDay(), value: 52 }),
        (n) => ({ value: 50 + n }),
        'type_key, measured_on, value',
      ),
    );
  });
});
