import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HealthTestApp, startHealthTestApp, TestUser } from '../../testing/health-test-app';

const sample = (name: string) => readFileSync(join(__dirname, 'samples', name));

describe('CSV import (HTTP)', () => {
  let t: HealthTestApp;
  let kim: TestUser;
  let lou: TestUser;
  let free: TestUser;
  let admin: TestUser;
  const system: Record<string, string> = {};

  const plus = async (u: TestUser) => {
    await t.db.query(`UPDATE users SET tier = 'plus' WHERE id = $1`, [u.id]);
    return u;
  };

  beforeAll(async () => {
    t = await startHealthTestApp();
    admin = await plus(await t.newUser({ role: 'admin' }));
    kim = await plus(await t.newUser());
    lou = await plus(await t.newUser());
    free = await t.newUser();
    const res = await t.http.get('/api/csv/mappings').set('Authorization', kim.auth);
    for (const m of res.body.items) system[m.name] = m.id;
  });
  afterAll(() => t.close());

  const GENERIC = () => system['Generic date,weight'];
  const CRONOMETER = () => system['Cronometer daily nutrition (dailysummary.csv)'];
  const WITHINGS = () => system['Withings blood pressure (bp.csv)'];

  const upload = (
    user: TestUser,
    mappingId: string,
    content: string | Buffer,
    options: { name?: string; dry_run?: boolean; skip?: boolean } = {},
  ) => {
    let req = t.http
      .post('/api/csv/import')
      .set('Authorization', user.auth)
      .field('mapping_id', mappingId);
    if (options.dry_run !== undefined) req = req.field('dry_run', String(options.dry_run));
    if (options.skip !== undefined) req = req.field('skip_invalid_rows', String(options.skip));
    return req.attach('file', Buffer.from(content), options.name ?? 'data.csv');
  };

  const weights = async (user: TestUser) =>
    t.db.query(
      `SELECT to_char(date, 'YYYY-MM-DD') AS date, weight_kg::float AS kg, body_fat_pct::float AS bf,
              note, source FROM weight_entries WHERE user_id = $1 ORDER BY date`,
      [user.id],
    );

  const freshUser = async () => plus(await t.newUser());

  describe('modules, limits and mappings', () => {
    it('lists the four modules with their target and required fields', async () => {
      const res = await t.http.get('/api/csv/modules').set('Authorization', kim.auth);
      expect(res.status).toBe(200);
      expect(res.body.items.map((m: { module: string }) => m.module)).toEqual([
        'nutrition',
        'weight',
        'blood_pressure',
        'activity',
      ]);
      const weight = res.body.items.find((m: { module: string }) => m.module === 'weight');
      expect(weight.required_fields).toEqual(['date', 'weight_kg']);
      expect(
        weight.target_fields.find((f: { field: string }) => f.field === 'weight_kg'),
      ).toMatchObject({ field: 'weight_kg', unit: 'kg', units: ['kg', 'lb'], min: 20, max: 400 });
      const bp = res.body.items.find((m: { module: string }) => m.module === 'blood_pressure');
      expect(bp.target_fields.map((f: { field: string }) => f.field)).toEqual([
        'date',
        'time',
        'systolic',
        'diastolic',
        'pulse',
      ]);
      expect(res.body.items[3].importable).toBe(false);
    });

    it('answers the default limits from system_config', async () => {
      const res = await t.http.get('/api/csv/limits').set('Authorization', kim.auth);
      expect(res.body).toEqual({
        max_file_bytes: 10485760,
        max_rows: 100000,
        max_errors_reported: 200,
      });
    });

    it('refuses anonymous callers with 401', async () => {
      for (const path of [
        '/api/csv/modules',
        '/api/csv/limits',
        '/api/csv/mappings',
        '/api/csv/imports',
      ]) {
        expect((await t.http.get(path)).status).toBe(401);
      }
      expect(
        (await t.http.post('/api/csv/import').attach('file', Buffer.from('a'), 'a.csv')).status,
      ).toBe(401);
    });

    it('ships system templates with fingerprints', async () => {
      const res = await t.http.get('/api/csv/mappings').set('Authorization', kim.auth);
      expect(
        res.body.items.filter((m: { is_system: boolean }) => m.is_system).length,
      ).toBeGreaterThanOrEqual(12);
      const generic = res.body.items.find((m: { id: string }) => m.id === GENERIC());
      expect(generic).toMatchObject({
        module: 'weight',
        is_system: true,
        owner_id: null,
        delimiter: ',',
        decimal_separator: '.',
        date_format: 'YYYY-MM-DD',
        encoding: 'auto',
        has_header: true,
        skip_lines: 0,
        columns: { date: 'date', weight_kg: 'weight' },
        units: {},
        exclude_rows: [],
        date_heading_rows: false,
        header_fingerprint: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
    });

    it('copies a template to the caller, who may edit the copy but not the template', async () => {
      const copy = await t.http
        .post('/api/csv/copy')
        .set('Authorization', kim.auth)
        .send({ mapping_id: GENERIC() });
      expect(copy.status).toBe(201);
      expect(copy.body).toMatchObject({
        name: 'Generic date,weight (copy)',
        is_system: false,
        owner_id: kim.id,
        copied_from_id: GENERIC(),
      });
      const edit = await t.http
        .put(`/api/csv/mappings/${copy.body.id}`)
        .set('Authorization', kim.auth)
        .send({ name: 'My scale', date_format: 'DD.MM.YYYY' });
      expect(edit.status).toBe(200);
      expect(edit.body).toMatchObject({ name: 'My scale', date_format: 'DD.MM.YYYY' });
      const sys = await t.http
        .put(`/api/csv/mappings/${GENERIC()}`)
        .set('Authorization', kim.auth)
        .send({ name: 'Hijack' });
      expect(sys.status).toBe(403);
    });

    it('refuses an edit of the own copy that does not validate with 422 and warnings', async () => {
      const copy = await t.http
        .post('/api/csv/copy')
        .set('Authorization', kim.auth)
        .send({ mapping_id: GENERIC() });
      const res = await t.http
        .put(`/api/csv/mappings/${copy.body.id}`)
        .set('Authorization', kim.auth)
        .send({ columns: { date: 'date' }, date_format: 'DD.MM' });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('CSV_TEMPLATE_INVALID');
      expect(res.body.warnings.map((w: { code: string }) => w.code).sort()).toEqual([
        'INVALID_DATE_FORMAT',
        'REQUIRED_FIELD_UNMAPPED',
      ]);
      const [row] = await t.db.query(`SELECT date_format FROM csv_field_mappings WHERE id = $1`, [
        copy.body.id,
      ]);
      expect(row.date_format).toBe('YYYY-MM-DD');
    });

    it("refuses another user's mapping everywhere with 404", async () => {
      const lous = await t.http
        .post('/api/csv/copy')
        .set('Authorization', lou.auth)
        .send({ mapping_id: GENERIC() });
      const id = lous.body.id;
      expect(
        (await t.http.get(`/api/csv/mappings/${id}`).set('Authorization', kim.auth)).status,
      ).toBe(404);
      expect(
        (
          await t.http
            .put(`/api/csv/mappings/${id}`)
            .set('Authorization', kim.auth)
            .send({ name: 'x' })
        ).status,
      ).toBe(404);
      expect(
        (await t.http.delete(`/api/csv/mappings/${id}`).set('Authorization', kim.auth)).status,
      ).toBe(404);
      expect(
        (await t.http.post('/api/csv/copy').set('Authorization', kim.auth).send({ mapping_id: id }))
          .status,
      ).toBe(404);
      const imp = await upload(kim, id, 'date,weight\n2025-01-01,70\n');
      expect(imp.status).toBe(404);
      const list = await t.http.get('/api/csv/mappings').set('Authorization', kim.auth);
      expect(list.body.items.map((m: { id: string }) => m.id)).not.toContain(id);
      expect(await weights(kim)).toEqual([]);
    });

    it('refuses a user without the csv_import feature with 403 FEATURE_REQUIRED', async () => {
      const res = await upload(free, GENERIC(), 'date,weight\n2025-01-01,70\n');
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FEATURE_REQUIRED');
      expect(res.body.missing_features).toEqual(['csv_import']);
      expect(await weights(free)).toEqual([]);
    });
  });

  describe('large files (batches of 100 rows or more for new days are copied in)', () => {
    const bigWeightFile = (days: number, kgOf: (i: number) => string): string => {
      const lines = ['date,weight'];
      for (let i = 0; i < days; i++) {
        const d = new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
        lines.push(`${d},${kgOf(i)}`);
      }
      return lines.join('\n') + '\n';
    };

    it('imports 300 new days, then finds them unchanged, then updates changed values', async () => {
      const u = await freshUser();
      const file = bigWeightFile(300, (i) => (70 + (i % 10) / 10).toFixed(1));
      const dry = await upload(u, GENERIC(), file, { dry_run: true });
      expect(dry.body).toMatchObject({ created: 300, updated: 0, unchanged: 0 });
      expect(await weights(u)).toHaveLength(0);
      const first = await upload(u, GENERIC(), file);
      expect(first.body).toMatchObject({
        status: 'succeeded',
        created: 300,
        updated: 0,
        unchanged: 0,
      });
      const rows = await weights(u);
      expect(rows).toHaveLength(300);
      expect(rows[13]).toEqual({
        date: '2024-01-14',
        kg: 70.3,
        bf: null,
        note: null,
        source: 'csv',
      });
      const again = await upload(u, GENERIC(), file);
      expect(again.body).toMatchObject({ created: 0, updated: 0, unchanged: 300 });
      const changed = await upload(
        u,
        GENERIC(),
        bigWeightFile(300, () => '75.5'),
      );
      expect(changed.body.created).toBe(0);
      expect(changed.body.updated + changed.body.unchanged).toBe(300);
      expect(new Set((await weights(u)).map((r: { kg: number }) => r.kg))).toEqual(new Set([75.5]));
    });

    it('skips an invalid row of a large file with skip_invalid_rows and names its spreadsheet row', async () => {
      const u = await freshUser();
      const file = bigWeightFile(250, (i) => (i === 149 ? '999' : '80.0'));
      const res = await upload(u, GENERIC(), file, { skip: true });
      expect(res.body).toMatchObject({ created: 249, skipped: 1 });
      // row 1 is the header, so the 150th data row is spreadsheet row 151
      expect(res.body.errors).toEqual(
        expect.arrayContaining([expect.objectContaining({ row: 151 })]),
      );
      expect(await weights(u)).toHaveLength(249);
    });
  });

  describe('nutrition rows', () => {
    it('sums several nutrition rows of one day', async () => {
      const u = await freshUser();
      const csv =
        'Date,Energy (kcal),Protein (g)\n2025-03-01,500,20\n2025-03-01,700.5,\n2025-03-02,900,30\n2025-03-01,300,10.5\n';
      const res = await upload(u, CRONOMETER(), csv);
      expect(res.body).toMatchObject({ rows_total: 4, created: 2 });
      const rows = await t.db.query(
        `SELECT kcal::float AS k, protein_g::float AS p, fat_g FROM nutrition_entries WHERE user_id = $1 ORDER BY date`,
        [u.id],
      );
      expect(rows).toEqual([
        { k: 1500.5, p: 30.5, fat_g: null },
        { k: 900, p: 30, fat_g: null },
      ]);
    });
  });

  describe('encodings and formats', () => {
    let german: string;
    beforeAll(async () => {
      const copy = await t.http
        .post('/api/csv/copy')
        .set('Authorization', kim.auth)
        .send({ mapping_id: GENERIC(), name: 'Waage' });
      const res = await t.http
        .put(`/api/csv/mappings/${copy.body.id}`)
        .set('Authorization', kim.auth)
        .send({
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
      expect(res.status).toBe(200);
      german = res.body.id;
    });

    it('reads a UTF-8 file with BOM (the first header is not polluted)', async () => {
      const u = await freshUser();
      const res = await upload(u, GENERIC(), sample('generic-date-weight-bom.csv'));
      expect(res.status).toBe(200);
      expect(res.body.created).toBe(2);
      expect((await weights(u)).map((r: { kg: number }) => r.kg)).toEqual([81.5, 81.3]);
    });

    it('reads semicolon-delimited values with a decimal comma', async () => {
      const res = await upload(kim, german, sample('weight-de-semicolon.csv'));
      expect(res.status).toBe(200);
      expect(res.body.created).toBe(3);
      const rows = await weights(kim);
      expect(rows.find((r: { date: string }) => r.date === '2025-02-02')).toEqual({
        date: '2025-02-02',
        kg: 80.1,
        bf: 21.4,
        note: 'nach dem Frühstück',
        source: 'csv',
      });
    });

    it('detects Windows-1252 and keeps the umlauts', async () => {
      const res = await upload(kim, german, sample('weight-de-windows-1252.csv'));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ encoding: 'windows-1252', created: 2 });
      const rows = await weights(kim);
      expect(rows.find((r: { date: string }) => r.date === '2025-02-04').note).toBe(
        'Größe gemessen, müde',
      );
      expect(rows.find((r: { date: string }) => r.date === '2025-02-05').note).toBe(
        'Übung gemacht',
      );
    });

    it('explains a decimal point where the mapping expects a comma', async () => {
      const u = await freshUser();
      const copy = await t.http
        .post('/api/csv/copy')
        .set('Authorization', u.auth)
        .send({ mapping_id: german });
      expect(copy.status).toBe(404); // kim's mapping is not visible to u
      const res = await upload(kim, german, 'Datum;Gewicht\n06.02.2025;79.5\n');
      expect(res.status).toBe(422);
      expect(res.body.row_errors[0]).toMatchObject({
        row: 2,
        column: 'B',
        header: 'Gewicht',
        code: 'CSV_INVALID_NUMBER',
      });
      expect(res.body.row_errors[0].hint).toContain('decimal comma');
    });
  });

  describe('file and row errors', () => {
    it('refuses a mapped header that appears twice with 422 CSV_DUPLICATE_HEADERS', async () => {
      const u = await freshUser();
      const res = await upload(u, GENERIC(), 'date,weight,weight\n2025-01-01,70,71\n');
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('CSV_DUPLICATE_HEADERS');
      expect(res.body.detail).toContain('"weight" appears in columns B and C');
      expect(await weights(u)).toEqual([]);
    });

    it('names the expected format when a date does not match it', async () => {
      const u = await freshUser();
      const res = await upload(u, GENERIC(), 'date,weight\n01.02.2025,70\n2025-02-02,71\n');
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('CSV_ROWS_INVALID');
      expect(res.body.row_errors).toEqual([
        expect.objectContaining({
          row: 2,
          column: 'A',
          header: 'date',
          field: 'date',
          value: '01.02.2025',
          code: 'CSV_INVALID_DATE',
        }),
      ]);
      expect(res.body.row_errors[0].hint).toContain('YYYY-MM-DD');
      expect(res.body.row_errors[0].hint).toContain('DD.MM.YYYY');
      expect(await weights(u)).toEqual([]);
    });

    it('reports every row error of the file in one answer', async () => {
      const u = await freshUser();
      const csv =
        'date,weight,fat\n2025-01-01,abc,\n2025-01-02,,20\n2025-01-03,500,\n2025-01-04,70,\n2025-01-04,71,\n2999-01-01,70,\n2025-01-05,70,1%\n2025-01-06,70,20 kcal\n';
      const mapping = await t.http
        .post('/api/csv/mappings')
        .set('Authorization', u.auth)
        .send({
          name: 'with fat',
          module: 'weight',
          delimiter: ',',
          decimal_separator: '.',
          date_format: 'YYYY-MM-DD',
          columns: { date: 'date', weight_kg: 'weight', body_fat_pct: 'fat' },
        });
      const res = await upload(u, mapping.body.id, csv);
      expect(res.status).toBe(422);
      expect(
        res.body.row_errors.map((e: { row: number; code: string }) => [e.row, e.code]),
      ).toEqual([
        [2, 'CSV_INVALID_NUMBER'],
        [4, 'CSV_OUT_OF_RANGE'],
        [6, 'CSV_DUPLICATE_DAY'],
        [7, 'CSV_DATE_IN_FUTURE'],
        [8, 'CSV_OUT_OF_RANGE'],
        [9, 'CSV_UNIT_MISMATCH'],
      ]);
      // A row without the weight is no measurement: it is left out and counted, not an error.
      expect(res.body.import).toMatchObject({ rows_without_values: 1, rows_total: 8 });
      expect(res.body.errors[0].path).toBe('row 2, column B (weight)');
      expect(res.body.row_errors[4].message).toBe('Body fat 1 % is outside 2–70 %.');
      expect(await weights(u)).toEqual([]);
    });

    it('refuses an empty file with 422 CSV_EMPTY_FILE', async () => {
      const res = await upload(kim, GENERIC(), '');
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('CSV_EMPTY_FILE');
      const blank = await upload(kim, GENERIC(), '\n\n  \n');
      expect(blank.body.code).toBe('CSV_EMPTY_FILE');
      const headerOnly = await upload(kim, GENERIC(), 'date,weight\n');
      expect(headerOnly.body.code).toBe('CSV_NO_DATA_ROWS');
    });

    it('imports a file with a single row', async () => {
      const u = await freshUser();
      const res = await upload(u, GENERIC(), 'date,weight\n2025-01-01,70.5');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ rows_total: 1, created: 1 });
    });

    it('refuses a binary file renamed to .csv with 422 CSV_NOT_TEXT', async () => {
      const png = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
        Buffer.alloc(200, 7),
      ]);
      const res = await upload(kim, GENERIC(), png, { name: 'photo.csv' });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('CSV_NOT_TEXT');
      expect(res.body.hint).toContain('CSV');
    });

    it('reports a row with an extra column', async () => {
      const u = await freshUser();
      const res = await upload(u, GENERIC(), 'date,weight\n2025-01-01,70\n2025-01-02,70,5\n');
      expect(res.status).toBe(422);
      expect(res.body.row_errors).toEqual([
        expect.objectContaining({ row: 3, column: 'C', value: '5', code: 'CSV_EXTRA_COLUMN' }),
      ]);
      expect(res.body.row_errors[0].hint).toContain('delimiter');
    });

    it('refuses a file with missing required columns and lists the headers found', async () => {
      const res = await upload(kim, GENERIC(), 'day,kg\n2025-01-01,70\n');
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('CSV_MISSING_COLUMNS');
      expect(res.body.missing_columns).toEqual(['date', 'weight']);
      expect(res.body.found_headers).toEqual(['day', 'kg']);
    });

    it('turns a database constraint violation mid-file into a sentence and writes nothing', async () => {
      const u = await freshUser();
      const csv = [
        'Date,Energy (kcal)',
        '2025-03-01,2000',
        '2025-03-02,9000',
        '2025-03-02,9000',
        '2025-03-02,7000',
        '2025-03-03,2100',
      ].join('\n');
      const res = await upload(u, CRONOMETER(), csv);
      expect(res.status).toBe(422);
      expect(res.body.row_errors).toEqual([
        expect.objectContaining({
          row: 3,
          code: 'CSV_STORAGE_REFUSED',
          message:
            'The day total of energy is outside 0–20 000 kcal. (the day is the sum of rows 3, 4, 5)',
        }),
      ]);
      expect(res.body.row_errors[0].hint).toContain('add up');
      expect(JSON.stringify(res.body)).not.toMatch(/violates|constraint|nutrition_entries/);
      const [{ n }] = await t.db.query(
        `SELECT count(*)::int AS n FROM nutrition_entries WHERE user_id = $1`,
        [u.id],
      );
      expect(n).toBe(0);
    });

    it('imports the valid rows only with skip_invalid_rows and reports the skipped ones', async () => {
      const u = await freshUser();
      const res = await upload(
        u,
        GENERIC(),
        'date,weight\n2025-01-01,70\n2025-01-02,abc\n2025-01-03,71\n',
        { skip: true },
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'partial', created: 2, skipped: 1, error_count: 1 });
      expect(res.body.errors[0]).toMatchObject({ row: 3, code: 'CSV_INVALID_NUMBER' });
      expect((await weights(u)).map((r: { date: string }) => r.date)).toEqual([
        '2025-01-01',
        '2025-01-03',
      ]);
    });

    it('refuses systolic not above diastolic', async () => {
      const u = await freshUser();
      const res = await upload(
        u,
        WITHINGS(),
        'Date,Systolic,Diastolic\n2025-01-01 08:00:00,80,120\n',
      );
      expect(res.status).toBe(422);
      expect(res.body.row_errors[0].code).toBe('CSV_SYSTOLIC_NOT_ABOVE_DIASTOLIC');
    });
  });

  describe('limits', () => {
    const setLimits = (body: Record<string, number>) =>
      t.http
        .put('/api/admin/csv-templates/import-limits')
        .set('Authorization', admin.auth)
        .send(body);

    afterEach(async () => {
      await setLimits({ max_file_bytes: 10485760, max_rows: 100000, max_errors_reported: 200 });
    });

    it('refuses a file over the row limit with 422 naming max_rows', async () => {
      expect((await setLimits({ max_rows: 5 })).status).toBe(200);
      const u = await freshUser();
      const rows = Array.from({ length: 6 }, (_, i) => `2025-01-0${i + 1},70`).join('\n');
      const res = await upload(u, GENERIC(), `date,weight\n${rows}\n`);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('CSV_TOO_MANY_ROWS');
      expect(res.body.detail).toContain('max_rows = 5');
      expect(await weights(u)).toEqual([]);
      const five = await upload(
        u,
        GENERIC(),
        `date,weight\n${rows.split('\n').slice(0, 5).join('\n')}\n`,
      );
      expect(five.status).toBe(200);
    });

    it('reports at most max_errors_reported errors but counts them all', async () => {
      await setLimits({ max_errors_reported: 2 });
      const u = await freshUser();
      const res = await upload(
        u,
        GENERIC(),
        'date,weight\n2025-01-01,x\n2025-01-02,x\n2025-01-03,x\n',
      );
      expect(res.status).toBe(422);
      expect(res.body.row_errors).toHaveLength(2);
      expect(res.body.import.error_count).toBe(3);
      expect(res.body.detail).toContain('max_errors_reported');
    });
  });

  describe('idempotence and dry run', () => {
    it('changes nothing when the same file is imported again', async () => {
      const u = await freshUser();
      const first = await upload(u, CRONOMETER(), sample('cronometer-dailysummary.csv'));
      expect(first.body.created).toBe(3);
      const before = await t.db.query(
        `SELECT id, updated_at FROM nutrition_entries WHERE user_id = $1 ORDER BY id`,
        [u.id],
      );
      const again = await upload(u, CRONOMETER(), sample('cronometer-dailysummary.csv'));
      expect(again.body).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
      expect(
        await t.db.query(
          `SELECT id, updated_at FROM nutrition_entries WHERE user_id = $1 ORDER BY id`,
          [u.id],
        ),
      ).toEqual(before);
      for (const [file, id] of [
        ['generic-date-weight.csv', GENERIC()],
        ['withings-bp.csv', WITHINGS()],
      ]) {
        await upload(u, id, sample(file));
        const second = await upload(u, id, sample(file));
        expect(second.body).toMatchObject({ created: 0, updated: 0, unchanged: 3 });
      }
    });

    it('predicts with a dry run exactly what the real run then does, writing nothing', async () => {
      const u = await freshUser();
      await upload(u, GENERIC(), 'date,weight\n2025-01-01,70\n2025-01-02,71\n');
      const csv = 'date,weight\n2025-01-01,70\n2025-01-02,72\n2025-01-03,73\n';
      const before = await weights(u);
      const dry = await upload(u, GENERIC(), csv, { dry_run: true });
      expect(dry.status).toBe(200);
      expect(dry.body).toMatchObject({
        dry_run: true,
        status: 'succeeded',
        created: 1,
        updated: 1,
        unchanged: 1,
        skipped: 0,
      });
      expect(await weights(u)).toEqual(before);
      const real = await upload(u, GENERIC(), csv);
      const pick = (b: Record<string, unknown>) => [
        b.status,
        b.created,
        b.updated,
        b.unchanged,
        b.skipped,
        b.errors,
      ];
      expect(pick(real.body)).toEqual(pick(dry.body));
      expect((await weights(u)).map((r: { kg: number }) => r.kg)).toEqual([70, 72, 73]);
    });

    it('reports the same errors in a dry run as in the real run, database refusals included', async () => {
      const u = await freshUser();
      const csv =
        'Date,Energy (kcal)\n2025-03-01,abc\n2025-03-02,15000\n2025-03-02,15000\n2025-03-03,100\n';
      const dry = await upload(u, CRONOMETER(), csv, { dry_run: true });
      const real = await upload(u, CRONOMETER(), csv);
      expect(dry.status).toBe(422);
      expect(dry.body.import).toMatchObject({ status: 'failed', dry_run: true });
      expect(real.status).toBe(422);
      expect(real.body.row_errors).toEqual(dry.body.row_errors);
      expect(
        dry.body.row_errors.map((e: { row: number; code: string }) => [e.row, e.code]),
      ).toEqual([
        [2, 'CSV_INVALID_NUMBER'],
        [3, 'CSV_STORAGE_REFUSED'],
      ]);
      const skipDry = await upload(u, CRONOMETER(), csv, { dry_run: true, skip: true });
      const skipReal = await upload(u, CRONOMETER(), csv, { skip: true });
      expect(skipDry.body).toMatchObject({ created: 1, skipped: 3, status: 'partial' });
      expect([skipReal.body.created, skipReal.body.skipped, skipReal.body.errors]).toEqual([
        skipDry.body.created,
        skipDry.body.skipped,
        skipDry.body.errors,
      ]);
    });
  });

  describe('activity and the import log', () => {
    it('answers 501 NOT_IMPLEMENTED for an activity mapping and logs the attempt', async () => {
      const created = await t.http
        .post('/api/admin/csv-templates')
        .set('Authorization', admin.auth)
        .send({
          name: 'Strava activities',
          module: 'activity',
          delimiter: ',',
          decimal_separator: '.',
          date_format: 'YYYY-MM-DD',
          columns: {
            date: 'Activity Date',
            activity_type: 'Activity Type',
            duration_min: 'Elapsed Time',
          },
        });
      expect(created.status).toBe(201);
      const u = await freshUser();
      const res = await upload(
        u,
        created.body.id,
        'Activity Date,Activity Type,Elapsed Time\n2025-01-01,Run,30\n',
      );
      expect(res.status).toBe(501);
      expect(res.body.code).toBe('NOT_IMPLEMENTED');
      const logs = await t.http.get('/api/csv/imports').set('Authorization', u.auth);
      expect(logs.body.items[0]).toMatchObject({
        status: 'failed',
        module: 'activity',
        failure_code: 'NOT_IMPLEMENTED',
      });
    });

    it('logs every import for its user only', async () => {
      const u = await freshUser();
      const ok = await upload(u, GENERIC(), sample('generic-date-weight.csv'), {
        name: 'mine.csv',
      });
      await upload(u, GENERIC(), 'date,weight\n2025-01-01,x\n');
      const list = await t.http.get('/api/csv/imports').set('Authorization', u.auth);
      expect(list.status).toBe(200);
      expect(list.body.total).toBe(2);
      expect(list.body.items[1]).toMatchObject({
        id: ok.body.id,
        file_name: 'mine.csv',
        file_bytes: sample('generic-date-weight.csv').length,
        mapping_id: GENERIC(),
        mapping_name: 'Generic date,weight',
        status: 'succeeded',
        created: 3,
        duration_ms: expect.any(Number),
      });
      expect(list.body.items[0]).toMatchObject({
        status: 'failed',
        error_count: 1,
        failure_code: 'CSV_ROWS_INVALID',
      });
      const one = await t.http.get(`/api/csv/imports/${ok.body.id}`).set('Authorization', u.auth);
      expect(one.body.id).toBe(ok.body.id);
      expect(
        (await t.http.get(`/api/csv/imports/${ok.body.id}`).set('Authorization', kim.auth)).status,
      ).toBe(404);
    });
  });

  describe('analyze', () => {
    const analyze = (user: TestUser, content: string | Buffer) =>
      t.http
        .post('/api/csv/analyze')
        .set('Authorization', user.auth)
        .attach('file', Buffer.from(content), 'x.csv');

    it('detects encoding, BOM, delimiter and header, and previews rows', async () => {
      const res = await analyze(kim, sample('weight-de-windows-1252.csv'));
      expect(res.body).toMatchObject({
        encoding: 'windows-1252',
        bom: false,
        delimiter: ';',
        has_header: true,
      });
      expect(res.body.headers).toEqual(['Datum', 'Gewicht', 'Körperfett', 'Bemerkung']);
      const bom = await analyze(kim, sample('generic-date-weight-bom.csv'));
      expect(bom.body).toMatchObject({
        encoding: 'utf-8',
        bom: true,
        delimiter: ',',
        headers: ['date', 'weight'],
      });
      expect(bom.body.candidates[0]).toMatchObject({ name: 'Generic date,weight', confidence: 1 });
      expect(bom.body.preview[0]).toEqual({
        row: 2,
        values: { date: '2025-02-10', time: null, weight_kg: 81.5 },
        errors: [],
      });
      expect(
        bom.body.candidates.find((c: { name: string }) => c.name === 'Garmin Connect weight'),
      ).toBeUndefined();
    });

    it('refuses binary and empty files', async () => {
      expect((await analyze(kim, Buffer.from([0, 1, 2, 3, 0, 0]))).body.code).toBe('CSV_NOT_TEXT');
      expect((await analyze(kim, '')).body.code).toBe('CSV_EMPTY_FILE');
      expect((await analyze(free, 'date,weight\n')).status).toBe(403);
    });
  });
});
