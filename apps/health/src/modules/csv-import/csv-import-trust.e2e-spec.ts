import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HealthTestApp, startHealthTestApp, TestUser } from '../../testing/health-test-app';

/**
 * The traps of issue 22 ("CSV import that people can trust with the files their apps really
 * export"), one block per finding, each reproduced as a user meets it.
 */
describe('CSV import that people can trust (HTTP)', () => {
  let t: HealthTestApp;
  const system: Record<string, string> = {};

  beforeAll(async () => {
    t = await startHealthTestApp();
    const u = await user();
    const res = await t.http.get('/api/csv/mappings').set('Authorization', u.auth);
    for (const m of res.body.items) system[m.name] = m.id;
  });
  afterAll(() => t.close());

  const user = (): Promise<TestUser> => t.newUser({ tier: 'plus' });
  const GENERIC = () => system['Generic date,weight'];
  const CRONOMETER = () => system['Cronometer daily nutrition (dailysummary.csv)'];

  const upload = (
    u: TestUser,
    mappingId: string,
    content: string | Buffer,
    fields: Record<string, string> = {},
    query = '',
  ) => {
    let req = t.http
      .post(`/api/csv/import${query}`)
      .set('Authorization', u.auth)
      .field('mapping_id', mappingId);
    for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
    return req.attach('file', Buffer.from(content), 'data.csv');
  };
  const analyze = (u: TestUser, content: string | Buffer, name = 'data.csv') =>
    t.http
      .post('/api/csv/analyze')
      .set('Authorization', u.auth)
      .attach('file', Buffer.from(content), name);
  /** A mapping of `u`'s own: a copy of a template, changed as `changes` says. */
  const ownMapping = async (u: TestUser, template: string, changes: Record<string, unknown>) => {
    const copy = await t.http
      .post('/api/csv/copy')
      .set('Authorization', u.auth)
      .send({ mapping_id: template });
    const res = await t.http
      .put(`/api/csv/mappings/${copy.body.id}`)
      .set('Authorization', u.auth)
      .send(changes);
    expect(res.status).toBe(200);
    return res.body.id as string;
  };
  const weights = (u: TestUser) =>
    t.db.query(
      `SELECT to_char(date, 'YYYY-MM-DD') AS date, weight_kg::float AS kg, body_fat_pct::float AS bf,
              note, source FROM weight_entries WHERE user_id = $1 ORDER BY date`,
      [u.id],
    );

  describe('1. dry_run in the query string', () => {
    it('runs ?dry_run=true as a dry run, like POST /api/import, and writes nothing', async () => {
      const u = await user();
      const rows = Array.from(
        { length: 60 },
        (_, i) => `2025-01-${String(1 + (i % 28)).padStart(2, '0')},${70 + i / 10}`,
      );
      const csv = `date,weight\n${rows.slice(0, 28).join('\n')}\n`;
      const res = await upload(u, GENERIC(), csv, {}, '?dry_run=true');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ dry_run: true, created: 28 });
      expect(await weights(u)).toEqual([]);
      const json = await t.http
        .post('/api/import?dry_run=true')
        .set('Authorization', u.auth)
        .send({});
      expect(json.status).not.toBe(404); // the JSON import takes the same query parameter
    });

    it('refuses an option given differently in the query and the form with 400, writing nothing', async () => {
      const u = await user();
      const res = await upload(
        u,
        GENERIC(),
        'date,weight\n2025-01-01,70\n',
        { dry_run: 'false' },
        '?dry_run=true',
      );
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors).toEqual([expect.objectContaining({ path: 'dry_run' })]);
      expect(await weights(u)).toEqual([]);
    });
  });

  describe('2. a mapped optional column missing from the file', () => {
    const withFat = (u: TestUser) =>
      t.db.query(
        `INSERT INTO weight_entries (user_id, date, weight_kg, body_fat_pct, source)
         VALUES ($1, '2025-03-01', 80, 21.5, 'manual'), ($1, '2025-03-02', 80.2, 21.4, 'manual')`,
        [u.id],
      );
    const fatMapping = (u: TestUser) =>
      ownMapping(u, GENERIC(), {
        columns: { date: 'date', weight_kg: 'weight', body_fat_pct: 'fat' },
      });
    const file = 'date,weight\n2025-03-01,79.5\n2025-03-02,79.6\n2025-03-03,79.4\n';

    it('refuses with 409 naming the column when stored values would be wiped, the dry run as well', async () => {
      const u = await user();
      await withFat(u);
      const mapping = await fatMapping(u);
      for (const fields of [{}, { dry_run: 'true' }] as Record<string, string>[]) {
        const res = await upload(u, mapping, file, fields);
        expect(res.status).toBe(409);
        expect(res.body.code).toBe('CSV_MAPPED_COLUMN_MISSING');
        expect(res.body.detail).toContain('"fat" (body_fat_pct)');
        expect(res.body.missing_columns).toEqual([
          { field: 'body_fat_pct', header: 'fat', stored_values: 2, action: 'keep' },
        ]);
        expect(res.body.hint).toContain('on_missing_column');
      }
      expect((await weights(u)).map((w: { bf: number }) => w.bf)).toEqual([21.5, 21.4]);
    });

    it('keeps the stored values with on_missing_column=keep, as its dry run reports', async () => {
      const u = await user();
      await withFat(u);
      const mapping = await fatMapping(u);
      const dry = await upload(u, mapping, file, { on_missing_column: 'keep', dry_run: 'true' });
      expect(dry.status).toBe(200);
      expect(dry.body.missing_columns).toEqual([
        { field: 'body_fat_pct', header: 'fat', stored_values: 2, action: 'keep' },
      ]);
      expect(dry.body.warnings).toEqual(
        expect.arrayContaining([expect.stringContaining('are kept (on_missing_column=keep)')]),
      );
      const real = await upload(u, mapping, file, { on_missing_column: 'keep' });
      expect(real.body).toMatchObject({ created: 1, updated: 2 });
      expect(await weights(u)).toEqual([
        { date: '2025-03-01', kg: 79.5, bf: 21.5, note: null, source: 'csv' },
        { date: '2025-03-02', kg: 79.6, bf: 21.4, note: null, source: 'csv' },
        { date: '2025-03-03', kg: 79.4, bf: null, note: null, source: 'csv' },
      ]);
    });

    it('clears them only when asked with on_missing_column=clear', async () => {
      const u = await user();
      await withFat(u);
      const mapping = await fatMapping(u);
      const res = await upload(u, mapping, file, { on_missing_column: 'clear' });
      expect(res.status).toBe(200);
      expect(res.body.missing_columns[0]).toMatchObject({ stored_values: 2, action: 'clear' });
      expect((await weights(u)).map((w: { bf: number }) => w.bf)).toEqual([null, null, null]);
    });

    it('imports without a choice when nothing stored is affected, and says so', async () => {
      const u = await user();
      const mapping = await fatMapping(u);
      const res = await upload(u, mapping, file);
      expect(res.status).toBe(200);
      expect(res.body.warnings).toEqual(
        expect.arrayContaining([expect.stringContaining('no stored value is affected')]),
      );
    });

    it('keeps a stored value where a present column has an empty cell', async () => {
      const u = await user();
      await withFat(u);
      const mapping = await fatMapping(u);
      const res = await upload(
        u,
        mapping,
        'date,weight,fat\n2025-03-01,79.5,\n2025-03-02,79.6,20.9\n',
      );
      expect(res.status).toBe(200);
      expect((await weights(u)).map((w: { bf: number }) => w.bf)).toEqual([21.5, 20.9]);
    });
  });

  describe('3. dates follow the rules of the rest of the API', () => {
    it('refuses a year before 1900 with a message that names it, not "in the future"', async () => {
      const u = await user();
      const res = await upload(u, GENERIC(), 'date,weight\n1026-03-01,70\n2026-13-01,70\n');
      expect(res.status).toBe(422);
      expect(res.body.row_errors.map((e: { code: string }) => e.code)).toEqual([
        'CSV_DATE_TOO_EARLY',
        'CSV_INVALID_DATE',
      ]);
      expect(res.body.row_errors[0].message).toBe('1026-03-01 lies before 1900-01-01.');
      expect(await weights(u)).toEqual([]);
    });

    it("keeps the user's own export importable after a CSV import", async () => {
      const u = await user();
      const csv = 'date,weight\n1026-01-02,70\n1900-01-01,70\n2025-01-02,71\n';
      const res = await upload(u, GENERIC(), csv, { skip_invalid_rows: 'true' });
      expect(res.body).toMatchObject({ created: 2, skipped: 1 });
      const exported = await t.http.get('/api/export').set('Authorization', u.auth);
      expect(exported.status).toBe(200);
      const again = await t.http
        .post('/api/import')
        .set('Authorization', u.auth)
        .send(exported.body);
      expect(again.status).toBe(200);
      expect(again.body.modules.weight).toMatchObject({ created: 0, unchanged: 2 });
    });

    it('answers the JSON import of a year 1026 with the rule it breaks', async () => {
      const u = await user();
      const doc = (await t.http.get('/api/export').set('Authorization', u.auth)).body;
      doc.weight = [
        { date: '1026-03-01', weight_kg: 70, body_fat_pct: null, note: null, source: 'csv' },
      ];
      const res = await t.http.post('/api/import').set('Authorization', u.auth).send(doc);
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.body.errors)).toContain('from 1900 on');
      expect(JSON.stringify(res.body.errors)).not.toContain('future');
    });
  });

  describe('4. nutrition beside a whole-day total entered by hand', () => {
    const manualTotal = async (u: TestUser) => {
      const res = await t.http
        .post('/api/nutrition')
        .set('Authorization', u.auth)
        .send({ date: '2025-03-01', meal: 'day', kcal: 2000 });
      expect(res.status).toBe(201);
    };
    const daySum = async (u: TestUser) => {
      const res = await t.http
        .get('/api/nutrition/daily?from=2025-03-01&to=2025-03-02')
        .set('Authorization', u.auth);
      return res.body.items.map((d: { date: string; kcal: number }) => [d.date, d.kcal]);
    };
    const csv = 'Date,Energy (kcal)\n2025-03-01,1500\n2025-03-01,600\n2025-03-02,1800\n';

    it('refuses the day instead of adding a second total, naming its rows', async () => {
      const u = await user();
      await manualTotal(u);
      const res = await upload(u, CRONOMETER(), csv);
      expect(res.status).toBe(422);
      expect(res.body.row_errors).toEqual([
        expect.objectContaining({
          row: 2,
          code: 'NUTRITION_DAY_TOTAL_EXISTS',
          message:
            '2025-03-01 already has a whole-day total recorded another way (the day is the sum of rows 2, 3).',
        }),
      ]);
      expect(res.body.row_errors[0].hint).toContain('replace_day_totals=true');
      expect(await daySum(u)).toEqual([['2025-03-01', 2000]]);
    });

    it('keeps the manual total and imports the other days with skip_invalid_rows', async () => {
      const u = await user();
      await manualTotal(u);
      const res = await upload(u, CRONOMETER(), csv, { skip_invalid_rows: 'true' });
      expect(res.body).toMatchObject({ status: 'partial', created: 1, skipped: 2 });
      expect(await daySum(u)).toEqual([
        ['2025-03-01', 2000],
        ['2025-03-02', 1800],
      ]);
    });

    it('replaces it with replace_day_totals, as the dry run reports first', async () => {
      const u = await user();
      await manualTotal(u);
      const dry = await upload(u, CRONOMETER(), csv, {
        replace_day_totals: 'true',
        dry_run: 'true',
      });
      expect(dry.body).toMatchObject({ replaced_day_totals: 1, created: 2 });
      expect(await daySum(u)).toEqual([['2025-03-01', 2000]]);
      const real = await upload(u, CRONOMETER(), csv, { replace_day_totals: 'true' });
      expect(real.body).toMatchObject({ replaced_day_totals: 1, created: 2 });
      expect(await daySum(u)).toEqual([
        ['2025-03-01', 2100],
        ['2025-03-02', 1800],
      ]);
      const [{ n }] = await t.db.query(
        `SELECT count(*)::int AS n FROM nutrition_entries WHERE user_id = $1 AND meal = 'day'`,
        [u.id],
      );
      expect(n).toBe(2);
    });
  });

  describe('5. a mapping forced to UTF-8 on a Windows-1252 file', () => {
    const latin = Buffer.from(
      'Datum;Gewicht;Bemerkung\n04.02.2025;79,9;Größe gemessen\n',
      'latin1',
    );

    it('refuses the file with 422 CSV_ENCODING_MISMATCH instead of storing mojibake', async () => {
      const u = await user();
      const mapping = await ownMapping(u, GENERIC(), {
        delimiter: ';',
        decimal_separator: ',',
        date_format: 'DD.MM.YYYY',
        encoding: 'utf-8',
        columns: { date: 'Datum', weight_kg: 'Gewicht', note: 'Bemerkung' },
      });
      const res = await upload(u, mapping, latin);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('CSV_ENCODING_MISMATCH');
      expect(res.body.detail).toContain('line 2');
      expect(res.body.hint).toContain('windows-1252');
      expect(await weights(u)).toEqual([]);
      await t.http
        .put(`/api/csv/mappings/${mapping}`)
        .set('Authorization', u.auth)
        .send({ encoding: 'auto' });
      expect((await upload(u, mapping, latin)).status).toBe(200);
      expect((await weights(u))[0].note).toBe('Größe gemessen');
    });

    it('refuses a UTF-8 file that a mapping reads as Windows-1252, and warns of mojibake in a file', async () => {
      const u = await user();
      const mapping = await ownMapping(u, GENERIC(), {
        encoding: 'windows-1252',
        columns: { date: 'date', weight_kg: 'weight', note: 'note' },
      });
      const res = await upload(
        u,
        mapping,
        Buffer.from('date,weight,note\n2025-02-01,80,Größe\n', 'utf8'),
      );
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('CSV_ENCODING_MISMATCH');
      const twice = await analyze(
        u,
        Buffer.from('date,weight,note\n2025-02-01,80,GrÃ¶ÃŸe\n', 'utf8'),
      );
      expect(twice.body.warnings).toEqual(
        expect.arrayContaining([expect.stringContaining('mojibake ("Ã¶")')]),
      );
    });
  });

  describe('6. a dry run with invalid rows', () => {
    it('answers 422 CSV_ROWS_INVALID like the real run, with the same row errors', async () => {
      const u = await user();
      const csv = 'date,weight\n2025-01-01,abc\n2025-01-02,70\n';
      const dry = await upload(u, GENERIC(), csv, { dry_run: 'true' });
      const real = await upload(u, GENERIC(), csv);
      expect(dry.status).toBe(422);
      expect(real.status).toBe(422);
      expect(dry.body.code).toBe('CSV_ROWS_INVALID');
      expect(dry.body.import.dry_run).toBe(true);
      expect(dry.body.row_errors).toEqual(real.body.row_errors);
      expect(await weights(u)).toEqual([]);
    });
  });

  describe('7. analyze', () => {
    const german = readFileSync(join(__dirname, 'samples', 'weight-de-semicolon.csv'));

    it('proposes only mappings that can import the file', async () => {
      const u = await user();
      const res = await analyze(u, 'date,kg,fat\n2025-01-01,70,20\n');
      expect(res.status).toBe(200);
      for (const c of res.body.candidates) {
        expect(c.name).not.toBe('Generic date,weight');
        expect(c.preview.every((p: { errors: unknown[] }) => p.errors.length === 0)).toBe(true);
      }
    });

    it('reads a German semicolon file and proposes a weight mapping with its conventions', async () => {
      const u = await user();
      const res = await analyze(u, german, 'waage.csv');
      expect(res.body).toMatchObject({
        delimiter: ';',
        decimal_separator: ',',
        date_format: 'DD.MM.YYYY',
        date_format_ambiguous: false,
        has_header: true,
        rows_total: 3,
      });
      const weight = res.body.proposals.find((p: { module: string }) => p.module === 'weight');
      expect(weight.mapping).toMatchObject({
        module: 'weight',
        delimiter: ';',
        decimal_separator: ',',
        date_format: 'DD.MM.YYYY',
        columns: {
          date: 'Datum',
          weight_kg: 'Gewicht',
          body_fat_pct: 'Körperfett',
          note: 'Bemerkung',
        },
      });
      expect(weight.columns.find((c: { field: string }) => c.field === 'weight_kg')).toMatchObject({
        header: 'Gewicht',
        column: 'B',
        confidence: expect.any(Number),
      });
      expect(weight.preview[0]).toEqual({
        row: 2,
        values: {
          date: '2025-02-01',
          time: null,
          weight_kg: 80.4,
          body_fat_pct: 21.5,
          note: 'nüchtern',
        },
        errors: [],
      });
    });

    it('flags 01/02 dates as ambiguous and names the units of columns', async () => {
      const u = await user();
      const res = await analyze(
        u,
        'Date,Weight (lb),Energy (kJ)\n01/02/2025,176.4,8368\n03/04/2025,175.2,8000\n',
      );
      expect(res.body.date_format_ambiguous).toBe(true);
      expect(res.body.date_format).toBe('MM/DD/YYYY');
      expect(res.body.date_format_alternatives).toContain('DD/MM/YYYY');
      expect(res.body.warnings.join(' ')).toContain('01/02 is 1 February or 2 January');
      expect(res.body.columns.map((c: { unit: string | null }) => c.unit)).toEqual([
        null,
        'lb',
        'kJ',
      ]);
      const weight = res.body.proposals.find((p: { module: string }) => p.module === 'weight');
      expect(weight.mapping.units).toEqual({ weight_kg: 'lb' });
      expect(weight.preview[0].values.weight_kg).toBe(80.01);
      const food = res.body.proposals.find((p: { module: string }) => p.module === 'nutrition');
      expect(food.preview[0].values.kcal).toBe(2000);
    });

    it('reads a 10 MiB-class file whole: rows, header after a title line, and a Windows-1252 byte late in it', async () => {
      const u = await user();
      const body = Array.from(
        { length: 20_000 },
        (_, i) =>
          `${new Date(Date.UTC(1960, 0, 1) + i * 86400000).toISOString().slice(0, 10)};${(70 + (i % 50) / 10).toFixed(1).replace('.', ',')}`,
      );
      const file = Buffer.concat([
        Buffer.from(`Export of my scale\nDatum;Gewicht\n${body.join('\n')}\n`),
        Buffer.from('2025-01-01;70,0;\xfc\n', 'latin1'),
      ]);
      const res = await analyze(u, file);
      expect(res.body).toMatchObject({
        encoding: 'windows-1252',
        skip_lines: 1,
        headers: ['Datum', 'Gewicht'],
        rows_total: 20_001,
      });
    });
  });

  describe('8. mappings from scratch', () => {
    it('imports a file in three requests: analyze, POST /api/csv/mappings with the proposal, import', async () => {
      const u = await user();
      const file = 'Tag;Gewicht [kg];KFA\n15.01.24;80,1;21,0\n16.01.24;79,9;20,8\n';
      const analysis = await analyze(u, file);
      const proposal = analysis.body.proposals.find(
        (p: { module: string }) => p.module === 'weight',
      );
      expect(proposal.mapping.date_format).toBe('DD.MM.YY');
      const created = await t.http
        .post('/api/csv/mappings')
        .set('Authorization', u.auth)
        .send(proposal.mapping);
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ is_system: false, owner_id: u.id, module: 'weight' });
      const res = await upload(u, created.body.id, file, proposal.options);
      expect(res.status).toBe(200);
      expect(await weights(u)).toEqual([
        { date: '2024-01-15', kg: 80.1, bf: 21, note: null, source: 'csv' },
        { date: '2024-01-16', kg: 79.9, bf: 20.8, note: null, source: 'csv' },
      ]);
    });

    it('validates a new mapping like an edit: 422 with every warning, nothing saved', async () => {
      const u = await user();
      const res = await t.http
        .post('/api/csv/mappings')
        .set('Authorization', u.auth)
        .send({
          name: 'Broken',
          module: 'weight',
          delimiter: ',',
          decimal_separator: ',',
          date_format: 'DD.MM',
          columns: { date: 'Date', body_fat_pct: 'Fat mass (kg)' },
          units: { body_fat_pct: '%' },
        });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('CSV_TEMPLATE_INVALID');
      expect(res.body.warnings.map((w: { code: string }) => w.code).sort()).toEqual([
        'DECIMAL_EQUALS_DELIMITER',
        'INVALID_DATE_FORMAT',
        'REQUIRED_FIELD_UNMAPPED',
        'UNIT_MISMATCH',
      ]);
      const [{ n }] = await t.db.query(
        `SELECT count(*)::int AS n FROM csv_field_mappings WHERE owner_id = $1`,
        [u.id],
      );
      expect(n).toBe(0);
    });

    it('refuses anonymous callers with 401 and users without csv_import with 403', async () => {
      const body = {
        name: 'x',
        module: 'weight',
        delimiter: ',',
        decimal_separator: '.',
        date_format: 'YYYY-MM-DD',
        columns: { date: 'd', weight_kg: 'w' },
      };
      expect((await t.http.post('/api/csv/mappings').send(body)).status).toBe(401);
      const free = await t.newUser();
      const res = await t.http.post('/api/csv/mappings').set('Authorization', free.auth).send(body);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FEATURE_REQUIRED');
    });

    it("does not keep the template's description on a copy", async () => {
      const u = await user();
      const copy = await t.http
        .post('/api/csv/copy')
        .set('Authorization', u.auth)
        .send({ mapping_id: system['Garmin Connect weight'] });
      expect(copy.body.description).toBe('Copy of "Garmin Connect weight".');
    });
  });

  describe('9. blood pressure, units, two-digit years and refused sizes', () => {
    it('keeps the time of a blood-pressure reading and its heart rate', async () => {
      const u = await user();
      const csv =
        '"Date","Heart rate","Systolic","Diastolic","Comments"\n"2025-03-03 07:41:12","66","128","82",""\n';
      const res = await upload(u, system['Withings blood pressure (bp.csv)'], csv, {
        time_zone: 'Europe/Berlin',
      });
      expect(res.status).toBe(200);
      const rows = await t.db.query(
        `SELECT type_key, value::float AS v, measured_at FROM reference_values WHERE user_id = $1 ORDER BY type_key`,
        [u.id],
      );
      expect(rows).toEqual([
        { type_key: 'bp_diastolic', v: 82, measured_at: new Date('2025-03-03T06:41:12Z') },
        { type_key: 'bp_pulse', v: 66, measured_at: new Date('2025-03-03T06:41:12Z') },
        { type_key: 'bp_systolic', v: 128, measured_at: new Date('2025-03-03T06:41:12Z') },
      ]);
      const bp = system['Withings blood pressure (bp.csv)'];
      const berlin = { time_zone: 'Europe/Berlin' };
      expect((await upload(u, bp, csv, berlin)).body).toMatchObject({ unchanged: 1 });
      const later = await upload(u, bp, csv.replace('07:41:12', '07:45:00'), berlin);
      expect(later.body).toMatchObject({ updated: 1 });
      const [{ at }] = await t.db.query(
        `SELECT measured_at AS at FROM reference_values WHERE user_id = $1 AND type_key = 'bp_systolic'`,
        [u.id],
      );
      expect(at).toEqual(new Date('2025-03-03T06:45:00Z'));
    });

    it('computes body fat from a fat mass in kg, and refuses it declared as %', async () => {
      const u = await user();
      const csv = 'Date,Weight (kg),Fat mass (kg)\n2025-02-01,80,16\n';
      const mapping = await ownMapping(u, GENERIC(), {
        columns: { date: 'Date', weight_kg: 'Weight (kg)', body_fat_pct: 'Fat mass (kg)' },
      });
      const res = await upload(u, mapping, csv);
      expect(res.status).toBe(200);
      expect(res.body.warnings).toEqual(
        expect.arrayContaining([expect.stringContaining('computed from the fat mass')]),
      );
      expect((await weights(u))[0]).toMatchObject({ kg: 80, bf: 20 });
      const declared = await t.http
        .put(`/api/csv/mappings/${mapping}`)
        .set('Authorization', u.auth)
        .send({ units: { body_fat_pct: '%' } });
      expect(declared.status).toBe(422);
      expect(declared.body.warnings[0].code).toBe('UNIT_MISMATCH');
    });

    it('converts pounds named by the header or written after the value', async () => {
      const u = await user();
      const mapping = await ownMapping(u, GENERIC(), {
        columns: { date: 'date', weight_kg: 'Weight (lb)' },
      });
      expect((await upload(u, mapping, 'date,Weight (lb)\n2025-02-01,176.4\n')).status).toBe(200);
      expect((await upload(u, GENERIC(), 'date,weight\n2025-02-02,175 lbs\n')).status).toBe(200);
      expect((await weights(u)).map((w: { kg: number }) => w.kg)).toEqual([80.01, 79.38]);
    });

    it('reads two-digit years', async () => {
      const u = await user();
      const mapping = await ownMapping(u, GENERIC(), { date_format: 'DD.MM.YY' });
      const res = await upload(u, mapping, 'date,weight\n15.01.24,80\n');
      expect(res.status).toBe(200);
      expect((await weights(u))[0].date).toBe('2024-01-15');
    });

    it('does not list an upload refused for its size as an import', async () => {
      const admin = await t.newUser({ role: 'admin' });
      const u = await user();
      const limit = (max: number) =>
        t.http
          .put('/api/admin/csv-templates/import-limits')
          .set('Authorization', admin.auth)
          .send({ max_file_bytes: max });
      expect((await limit(2048)).status).toBe(200);
      try {
        const big = `date,weight\n${Array.from({ length: 300 }, () => '2025-01-01,70').join('\n')}`;
        expect((await upload(u, GENERIC(), big)).status).toBe(413);
        expect((await analyze(u, big)).status).toBe(413);
        const logs = await t.http.get('/api/csv/imports').set('Authorization', u.auth);
        expect(logs.body.total).toBe(0);
      } finally {
        await limit(10485760);
      }
    });
  });
});
