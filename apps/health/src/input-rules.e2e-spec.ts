import { HealthTestApp, startHealthTestApp, TestUser } from './testing/health-test-app';

/** Issue 16, findings 5, 6, 7 and 10: the text-input rule and the bounded pagination. */
describe('health: input rules', () => {
  let t: HealthTestApp;
  let user: TestUser;
  let admin: TestUser;

  const count = async (table: string): Promise<number> =>
    (await t.db.query(`SELECT count(*)::int AS n FROM ${table}`))[0].n;
  const rawPost = (url: string, json: string, auth?: string) => {
    const req = t.http.post(url).set('Content-Type', 'application/json');
    return (auth ? req.set('Authorization', auth) : req).send(json);
  };
  const expectRefused = (
    res: { status: number; body: { code?: string; errors?: { path: string }[] } },
    path: string,
  ) => {
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
    expect(res.body.errors?.map((e) => e.path)).toContain(path);
  };

  beforeAll(async () => {
    t = await startHealthTestApp();
    admin = await t.newUser({ role: 'admin', tier: 'pro' });
    user = await t.newUser({ tier: 'pro' });
  });
  afterAll(() => t.close());

  describe('NUL characters (U+0000)', () => {
    it('refuses a NUL in the public register body with 400 naming the field and creates no account', async () => {
      const before = await count('users');
      const res = await t.http
        .post('/api/auth/register')
        .send({ email: 'nul@example.org', password: 'long enough\u0000pw' });
      expectRefused(res, 'password');
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(await count('users')).toBe(before);
    });

    it('refuses a NUL in a note, a field name, a query value and a path parameter with 400', async () => {
      const before = await count('weight_entries');
      expectRefused(
        await t.http
          .post('/api/weight')
          .set('Authorization', user.auth)
          .send({ date: '2026-01-05', weight_kg: 80, note: 'a\u0000b' }),
        'note',
      );
      expectRefused(
        await t.http
          .post('/api/weight')
          .set('Authorization', user.auth)
          .send({ date: '2026-01-05', weight_kg: 80, ['n\u0000te']: 'x' }),
        'n\\u0000te',
      );
      expect(await count('weight_entries')).toBe(before);
      expectRefused(
        await t.http.get('/api/prompts?type=a%00b').set('Authorization', user.auth),
        'type',
      );
      expectRefused(
        await t.http.get('/api/workflows/questions/risk%00').set('Authorization', user.auth),
        'key',
      );
    });
  });

  it('refuses an upload whose file name (RFC 5987 filename*) carries a NUL with 400, logging nothing', async () => {
    const mappings = await t.http.get('/api/csv/mappings').set('Authorization', user.auth);
    const mapping = mappings.body.items[0].id as string;
    const before = await count('csv_import_log');
    const boundary = 'nul-boundary';
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="mapping_id"\r\n\r\n${mapping}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename*=UTF-8''a%00b.csv\r\n` +
      `Content-Type: text/csv\r\n\r\ndate,weight\n2026-01-02,80\n\r\n--${boundary}--\r\n`;
    const res = await t.http
      .post('/api/csv/import')
      .set('Authorization', user.auth)
      .set('Content-Type', `multipart/form-data; boundary=${boundary}`)
      .send(body);
    expectRefused(res, 'file.filename');
    expect(await count('csv_import_log')).toBe(before);
  });

  it('refuses a CSV row carrying a NUL past the sniffed head as a row error (422), not 500', async () => {
    const generic = (
      await t.http.get('/api/csv/mappings').set('Authorization', user.auth)
    ).body.items.find((m: { name: string }) => m.name === 'Generic date,weight').id;
    const copy = await t.http
      .post('/api/csv/copy')
      .set('Authorization', user.auth)
      .send({ mapping_id: generic, name: 'with note' });
    await t.http
      .put(`/api/csv/mappings/${copy.body.id}`)
      .set('Authorization', user.auth)
      .send({ columns: { date: 'date', weight_kg: 'weight', note: 'note' } });
    const rows = ['date,weight,note'];
    const day = (i: number) => new Date(Date.UTC(2005, 0, 1 + i)).toISOString().slice(0, 10);
    for (let i = 0; i < 5000; i++) rows.push(`${day(i)},80,ok`);
    rows.push('2021-01-01,80,a\u0000b', '2021-01-02,8\u00000,x');
    const before = await count('weight_entries');
    const res = await t.http
      .post('/api/csv/import')
      .set('Authorization', user.auth)
      .field('mapping_id', copy.body.id)
      .attach('file', Buffer.from(rows.join('\n')), 'late-nul.csv');
    expect([res.status, res.body.code]).toEqual([422, 'CSV_ROWS_INVALID']);
    expect(res.body.row_errors.map((e: { row: number; code: string }) => [e.row, e.code])).toEqual([
      [5002, 'CSV_NUL_CHARACTER'],
      [5003, 'CSV_NUL_CHARACTER'],
    ]);
    expect(await count('weight_entries')).toBe(before);
  });

  describe('nesting depth', () => {
    const nested = (depth: number, leaf = '1') => `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}`;

    it('refuses an anonymous login with 2 000 nested arrays with 400, not 500', async () => {
      const res = await rawPost(
        '/api/auth/login',
        `{"email":${nested(2000, '"a@example.org"')},"password":"x"}`,
      );
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(res.body.errors[0].message).toBe('is nested deeper than 64 levels');
    });

    it('refuses workflow conditions nested 3 000 deep with 400 and stores nothing', async () => {
      let condition = '{"op":"EQ","left":"a","right":"b"}';
      for (let i = 0; i < 3000; i++) condition = `{"op":"NOT","args":[${condition}]}`;
      const before = await count('workflow_definitions');
      const res = await rawPost(
        '/api/workflows',
        `{"name":"deep","graph":{"nodes":[{"id":"c","type":"logic","condition":${condition}}],"edges":[]}}`,
        user.auth,
      );
      expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      expect(await count('workflow_definitions')).toBe(before);
    });

    it('accepts a body nested exactly 64 levels deep as far as the rule goes', async () => {
      const res = await rawPost(
        '/api/auth/login',
        `{"email":${nested(62, '"a@example.org"')},"password":"x"}`,
      );
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { message: string }) => e.message)).not.toContain(
        'is nested deeper than 64 levels',
      );
    });
  });

  describe('numbers', () => {
    it('refuses 1e400 (Infinity), integers beyond 2^53 and exponent-notation fractions with 400', async () => {
      const before = await count('weight_entries');
      for (const number of ['1e400', '9007199254740993', '5e-324']) {
        expectRefused(
          await rawPost('/api/weight', `{"date":"2026-01-06","weight_kg":${number}}`, user.auth),
          'weight_kg',
        );
      }
      expect(await count('weight_entries')).toBe(before);
    });

    it('refuses a duration the column would round to 0 minutes with 400, not 500', async () => {
      const res = await t.http
        .post('/api/activity')
        .set('Authorization', user.auth)
        .send({ activity_type: 'run', started_at: '2026-01-05T06:00:00Z', duration_min: 0.001 });
      expectRefused(res, 'duration_min');
    });
  });

  describe('unknown body keys', () => {
    it.each(['__proto__', 'constructor', 'prototype'])(
      'refuses the key %s with 400 naming it and writes nothing',
      async (key) => {
        const before = await count('weight_entries');
        const res = await rawPost(
          '/api/weight',
          `{"date":"2026-01-07","weight_kg":80,"${key}":{"role":"admin"}}`,
          user.auth,
        );
        expect(res.body.errors).toEqual([{ path: key, message: 'unknown field' }]);
        expect(res.status).toBe(400);
        expect(await count('weight_entries')).toBe(before);
      },
    );
  });

  describe('path ids', () => {
    it.each([
      ['/api/weight/not-a-uuid', 'get'],
      ['/api/activity/not-a-uuid', 'get'],
      ['/api/nutrition/not-a-uuid', 'delete'],
      ['/api/reference-values/not-a-uuid', 'get'],
      ['/api/photos/not-a-uuid', 'get'],
      ['/api/insights/not-a-uuid', 'delete'],
    ] as const)(
      'refuses %s (%s) with 400 VALIDATION_FAILED naming id, as training does',
      async (url, method) => {
        const res = await t.http[method](url).set('Authorization', user.auth);
        expectRefused(res, 'id');
      },
    );

    it('refuses a non-UUID admin user id with 400 VALIDATION_FAILED naming id', async () => {
      expectRefused(await t.http.get('/api/admin/users/42').set('Authorization', admin.auth), 'id');
    });

    it('declares every UUID path id in the OpenAPI document with format uuid and its 400', async () => {
      const doc = (await t.http.get('/api/docs-json')).body as {
        paths: Record<
          string,
          Record<
            string,
            {
              parameters?: { in: string; name: string; schema?: { format?: string } }[];
              responses: Record<string, unknown>;
            }
          >
        >;
      };
      const weight = doc.paths['/api/weight/{id}'].get;
      expect(weight.parameters?.find((p) => p.name === 'id')?.schema?.format).toBe('uuid');
      expect(weight.responses['400']).toBeDefined();
    });
  });

  describe('pagination', () => {
    it.each(['/api/weight', '/api/activity', '/api/nutrition', '/api/prompts', '/api/workflows'])(
      'refuses ?offset=100000000000000000000 on %s with 400, not 500',
      async (list) => {
        expectRefused(
          await t.http.get(`${list}?offset=100000000000000000000`).set('Authorization', user.auth),
          'offset',
        );
      },
    );

    it('bounds offset at 1 000 000 and limit at 500 on the admin user list', async () => {
      const list = (qs: string) =>
        t.http.get(`/api/admin/users?${qs}`).set('Authorization', admin.auth);
      expect((await list('offset=1000000')).status).toBe(200);
      expectRefused(await list('offset=1000001'), 'offset');
      expectRefused(await list('offset=-1'), 'offset');
      expectRefused(await list('offset=1.5'), 'offset');
      expect((await list('limit=500')).body.limit).toBe(500);
      expectRefused(await list('limit=501'), 'limit');
      expect((await list('')).body).toMatchObject({ limit: 50, offset: 0 });
    });

    it('keeps the activity list its own limit: default 100, at most 1 000', async () => {
      const list = (qs: string) =>
        t.http.get(`/api/activity?${qs}`).set('Authorization', user.auth);
      expect((await list('')).body.limit).toBe(100);
      expect((await list('limit=1000')).status).toBe(200);
      expectRefused(await list('limit=1001'), 'limit');
    });

    it('declares the bounds in the OpenAPI document', async () => {
      const doc = (await t.http.get('/api/docs-json')).body;
      const params = (path: string) =>
        Object.fromEntries(
          doc.paths[path].get.parameters.map((p: { name: string; schema: object }) => [
            p.name,
            p.schema,
          ]),
        );
      expect(params('/api/weight').offset).toMatchObject({ minimum: 0, maximum: 1_000_000 });
      expect(params('/api/weight').limit).toMatchObject({ minimum: 1, maximum: 500, default: 50 });
      expect(params('/api/activity').limit).toMatchObject({ maximum: 1000, default: 100 });
    });
  });

  it('answers a request line over 16 KB with 431 problem+json', async () => {
    const res = await t.http.get(`/api/weight?from=${'x'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(res.headers['content-type']).toBe('application/problem+json');
    expect(res.body).toMatchObject({ status: 431, code: 'REQUEST_HEADER_FIELDS_TOO_LARGE' });
  });
});
