import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HealthTestApp, startHealthTestApp, TestUser } from '../../testing/health-test-app';

/**
 * Every shipped template against a sample of the export it is made for: the analysis must
 * propose that template first, and importing with it (and the options the analysis names)
 * must store every value of the sample.
 */
describe('CSV templates for real exports (HTTP)', () => {
  let t: HealthTestApp;

  beforeAll(async () => {
    // System templates are service-wide and this file counts them: a database of its own.
    t = await startHealthTestApp({}, { own: true });
  });
  afterAll(() => t.close());

  const user = async (): Promise<TestUser> => t.newUser({ tier: 'plus' });
  const sample = (name: string) => readFileSync(join(__dirname, 'samples', name));

  /** analyze → import with the first candidate and its options (+ the user's own choices). */
  const analyzeThenImport = async (
    u: TestUser,
    file: string,
    template: string,
    choices: Record<string, string> = {},
  ) => {
    const analysis = await t.http
      .post('/api/csv/analyze')
      .set('Authorization', u.auth)
      .attach('file', sample(file), file);
    expect(analysis.status).toBe(200);
    const first = analysis.body.candidates[0];
    expect(first).toMatchObject({ name: template, is_system: true });
    expect(analysis.body.best_mapping_id).toBe(first.mapping_id);
    let req = t.http
      .post('/api/csv/import')
      .set('Authorization', u.auth)
      .field('mapping_id', first.mapping_id);
    const options: Record<string, string> = { ...first.options, ...choices };
    for (const [k, v] of Object.entries(options)) req = req.field(k, v);
    const imported = await req.attach('file', sample(file), file);
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ status: 'succeeded', error_count: 0 });
    return { analysis: analysis.body, imported: imported.body };
  };

  const weights = (u: TestUser) =>
    t.db.query(
      `SELECT to_char(date, 'YYYY-MM-DD') AS date, weight_kg::float AS kg, body_fat_pct::float AS bf,
              note, source FROM weight_entries WHERE user_id = $1 ORDER BY date`,
      [u.id],
    );
  const nutrition = (u: TestUser) =>
    t.db.query(
      `SELECT to_char(date, 'YYYY-MM-DD') AS date, meal, source, kcal::float AS kcal,
              protein_g::float AS p, carbohydrate_g::float AS c, fat_g::float AS f,
              fibre_g::float AS fi
         FROM nutrition_entries WHERE user_id = $1 ORDER BY date`,
      [u.id],
    );
  /** One line per day: systolic/diastolic/pulse and the UTC time of the measurement. */
  const pressures = async (u: TestUser) => {
    const rows: { d: string; k: string; v: number; at: string | null; source: string }[] =
      await t.db.query(
        `SELECT to_char(measured_on, 'YYYY-MM-DD') AS d, type_key AS k, value::float AS v,
                to_char(measured_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS at, source
           FROM reference_values WHERE user_id = $1 ORDER BY measured_on, type_key`,
        [u.id],
      );
    const days = new Map<string, Record<string, unknown>>();
    for (const r of rows) {
      const day = days.get(r.d) ?? { date: r.d, at: r.at, source: r.source };
      day[r.k.replace('bp_', '')] = r.v;
      days.set(r.d, day);
    }
    return [...days.values()];
  };

  describe('weight', () => {
    it('Withings Health Mate weight.csv: fat mass becomes body fat, the morning weigh-in of a day is kept', async () => {
      const u = await user();
      const { analysis, imported } = await analyzeThenImport(
        u,
        'withings-weight.csv',
        'Withings Health Mate weight (weight.csv)',
      );
      expect(analysis.candidates[0].options).toEqual({ same_day: 'first' });
      expect(imported).toMatchObject({ created: 3, merged_rows: 1, rows_total: 4 });
      expect(await weights(u)).toEqual([
        { date: '2025-02-15', kg: 75.17, bf: null, note: null, source: 'csv' },
        { date: '2025-02-19', kg: 75.51, bf: null, note: null, source: 'csv' },
        { date: '2025-02-23', kg: 75.76, bf: 15.2, note: null, source: 'csv' },
      ]);
    });

    it('Withings Health Mate weight.csv in German: Gewicht, Fettmasse and times with "Uhr"', async () => {
      const u = await user();
      await analyzeThenImport(
        u,
        'withings-weight-de.csv',
        'Withings Health Mate Gewicht (weight.csv, deutsch)',
      );
      expect(await weights(u)).toEqual([
        { date: '2025-02-12', kg: 94.89, bf: 28.9, note: 'Urlaub', source: 'csv' },
        { date: '2025-02-13', kg: 94.34, bf: 28.4, note: null, source: 'csv' },
      ]);
    });

    it('Garmin Connect: date rows above time rows, units in the cells, "–" as no value', async () => {
      const u = await user();
      const { analysis } = await analyzeThenImport(u, 'garmin-weight.csv', 'Garmin Connect weight');
      expect(analysis.candidates[0].options).toEqual({ same_day: 'first' });
      expect(await weights(u)).toEqual([
        { date: '2025-03-02', kg: 78.1, bf: 18.4, note: null, source: 'csv' },
        { date: '2025-03-03', kg: 77.9, bf: null, note: null, source: 'csv' },
        { date: '2025-03-04', kg: 77.6, bf: 18.1, note: null, source: 'csv' },
      ]);
    });

    it('Renpho Health in kg with its many columns and remarks', async () => {
      const u = await user();
      await analyzeThenImport(u, 'renpho-kg.csv', 'Renpho Health (kg)');
      expect(await weights(u)).toEqual([
        { date: '2025-01-01', kg: 76.85, bf: 23.7, note: 'nach Silvester', source: 'csv' },
        { date: '2025-01-02', kg: 76.4, bf: 23.4, note: null, source: 'csv' },
        { date: '2025-01-03', kg: 76.15, bf: 23.2, note: null, source: 'csv' },
      ]);
    });

    it('Beurer HealthManager: semicolons, quoted values, DD.MM.YYYY', async () => {
      const u = await user();
      await analyzeThenImport(u, 'beurer-weight.csv', 'Beurer HealthManager weight');
      expect(await weights(u)).toEqual([
        { date: '2025-01-13', kg: 69.8, bf: 20.5, note: 'nüchtern', source: 'csv' },
        { date: '2025-02-07', kg: 70, bf: null, note: null, source: 'csv' },
        { date: '2025-02-12', kg: 70.2, bf: null, note: null, source: 'csv' },
      ]);
    });

    it('Generic date,weight', async () => {
      const u = await user();
      await analyzeThenImport(u, 'generic-date-weight.csv', 'Generic date,weight');
      expect(await weights(u)).toEqual([
        { date: '2025-02-01', kg: 80.2, bf: null, note: null, source: 'csv' },
        { date: '2025-02-02', kg: 80, bf: null, note: null, source: 'csv' },
        { date: '2025-02-03', kg: 79.7, bf: null, note: null, source: 'csv' },
      ]);
    });
  });

  describe('nutrition (rows summed per day)', () => {
    const day = (
      date: string,
      kcal: number,
      p: number | null,
      c: number | null,
      f: number | null,
      fi: number | null,
    ) => ({
      date,
      meal: 'day',
      source: 'csv',
      kcal,
      p,
      c,
      f,
      fi,
    });

    it('Cronometer daily summary', async () => {
      const u = await user();
      await analyzeThenImport(
        u,
        'cronometer-dailysummary.csv',
        'Cronometer daily nutrition (dailysummary.csv)',
      );
      expect(await nutrition(u)).toEqual([
        day('2025-03-01', 2150.4, 132.6, 240.5, 78.3, 31.2),
        day('2025-03-02', 1987, 120, 210, 70.5, 28),
        day('2025-03-03', 2310.2, 140.1, 260.8, 85.9, 35.5),
      ]);
    });

    it('Cronometer servings: one row per food', async () => {
      const u = await user();
      await analyzeThenImport(u, 'cronometer-servings.csv', 'Cronometer servings (servings.csv)');
      expect(await nutrition(u)).toEqual([
        day('2025-03-01', 817.7, 41.7, 123.9, 14.4, 22.1),
        day('2025-03-02', 259, 8.5, 48.3, 3.3, 5.8),
      ]);
    });

    it('MyFitnessPal nutrition summary: one row per meal, thousands grouped in quotes', async () => {
      const u = await user();
      await analyzeThenImport(
        u,
        'myfitnesspal-nutrition-summary.csv',
        'MyFitnessPal nutrition summary (Nutrition-Summary.csv)',
      );
      expect(await nutrition(u)).toEqual([
        day('2025-01-15', 2250, 100, 255, 80, 17),
        day('2025-01-16', 650, 48, 60, 22, 7),
      ]);
    });

    it('Lose It! food log: US dates, deleted entries left out', async () => {
      const u = await user();
      const { imported } = await analyzeThenImport(
        u,
        'loseit-food-logs.csv',
        'Lose It! food log (food-logs.csv)',
      );
      expect(imported).toMatchObject({ excluded_rows: 1, created: 2 });
      expect(await nutrition(u)).toEqual([
        day('2025-02-03', 255, 16.3, 39, 4.4, null),
        day('2025-02-13', 420, 35, 20, 18, null),
      ]);
    });
  });

  describe('blood pressure with pulse and time of day', () => {
    it('Withings bp.csv: heart rate as pulse, rows of a scale without blood pressure left out', async () => {
      const u = await user();
      const { imported } = await analyzeThenImport(
        u,
        'withings-bp.csv',
        'Withings blood pressure (bp.csv)',
      );
      expect(imported).toMatchObject({ created: 3, rows_without_values: 1 });
      expect(await pressures(u)).toEqual([
        {
          date: '2025-03-01',
          at: '2025-03-01T07:52:03Z',
          source: 'csv',
          systolic: 124,
          diastolic: 79,
          pulse: 63,
        },
        {
          date: '2025-03-02',
          at: '2025-03-02T07:35:40Z',
          source: 'csv',
          systolic: 131,
          diastolic: 85,
          pulse: 71,
        },
        {
          date: '2025-03-03',
          at: '2025-03-03T07:41:12Z',
          source: 'csv',
          systolic: 128,
          diastolic: 82,
          pulse: 66,
        },
      ]);
    });

    it('OMRON connect report (English): AM/PM times, two readings of a day averaged, the steps table after it ignored', async () => {
      const u = await user();
      const { analysis, imported } = await analyzeThenImport(
        u,
        'omron-connect-en.csv',
        'OMRON connect report (English)',
      );
      expect(analysis.candidates[0].options).toEqual({ same_day: 'mean' });
      expect(imported.warnings).toEqual(
        expect.arrayContaining([expect.stringContaining('A second table starts in row 6')]),
      );
      expect(await pressures(u)).toEqual([
        {
          date: '2025-01-15',
          at: '2025-01-15T07:12:00Z',
          source: 'csv',
          systolic: 131,
          diastolic: 84,
          pulse: 67,
        },
        {
          date: '2025-01-16',
          at: '2025-01-16T07:31:00Z',
          source: 'csv',
          systolic: 128,
          diastolic: 82,
          pulse: 64,
        },
      ]);
    });

    it('OMRON connect Bericht (deutsch): German month names, times in Europe/Berlin', async () => {
      const u = await user();
      await analyzeThenImport(u, 'omron-connect-de.csv', 'OMRON connect Bericht (deutsch)', {
        time_zone: 'Europe/Berlin',
      });
      expect(await pressures(u)).toEqual([
        {
          date: '2025-07-11',
          at: '2025-07-11T19:15:00Z',
          source: 'csv',
          systolic: 135,
          diastolic: 87,
          pulse: 72,
        },
        {
          date: '2025-07-12',
          at: '2025-07-12T05:50:00Z',
          source: 'csv',
          systolic: 127,
          diastolic: 82,
          pulse: 65,
        },
        {
          date: '2025-07-13',
          at: '2025-07-13T05:45:00Z',
          source: 'csv',
          systolic: 131,
          diastolic: 84,
          pulse: 68,
        },
      ]);
    });

    it('OMRON connect app (Measurement Date)', async () => {
      const u = await user();
      await analyzeThenImport(u, 'omron-connect-app.csv', 'OMRON connect app (Measurement Date)');
      expect(await pressures(u)).toEqual([
        {
          date: '2025-02-08',
          at: '2025-02-08T20:02:00Z',
          source: 'csv',
          systolic: 125,
          diastolic: 81,
          pulse: 70,
        },
        {
          date: '2025-02-09',
          at: '2025-02-09T07:41:00Z',
          source: 'csv',
          systolic: 121,
          diastolic: 79,
          pulse: 64,
        },
        {
          date: '2025-02-10',
          at: '2025-02-10T07:30:00Z',
          source: 'csv',
          systolic: 118,
          diastolic: 76,
          pulse: 61,
        },
      ]);
    });
  });

  it('ships a template with a tested sample for each of its system templates', async () => {
    const u = await user();
    const res = await t.http.get('/api/csv/mappings').set('Authorization', u.auth);
    const names = res.body.items
      .filter((m: { is_system: boolean }) => m.is_system)
      .map((m: { name: string }) => m.name);
    expect(names).toHaveLength(14);
  });
});
