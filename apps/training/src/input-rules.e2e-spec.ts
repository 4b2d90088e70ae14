import { startTrainingTestApp, TestProfile, TrainingTestApp } from './testing/training-test-app';

/** Issue 16, findings 5, 6, 7 and 10: the text-input rule and the bounded pagination. */
describe('training: input rules', () => {
  let t: TrainingTestApp;
  let admin: TestProfile;
  let user: TestProfile;

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
    t = await startTrainingTestApp();
    admin = await t.newProfile({ role: 'admin' });
    user = await t.newProfile();
  });
  afterAll(() => t.close());

  it('refuses a NUL in the public register body with 400 naming the field and creates no profile', async () => {
    const before = await count('profiles');
    const res = await t.http
      .post('/api/auth/register')
      .send({ name: 'Anna\u0000Berg', email: 'anna.nul@example.org', pin: '4711' });
    expectRefused(res, 'name');
    expect(await count('profiles')).toBe(before);
  });

  it('refuses a NUL in a club description and in a query value with 400', async () => {
    const before = await count('clubs');
    expectRefused(
      await t.http
        .post('/api/clubs')
        .set('Authorization', admin.auth)
        .send({ name: 'TSV', description: 'a\u0000b' }),
      'description',
    );
    expect(await count('clubs')).toBe(before);
    expectRefused(
      await t.http.get('/api/exercises?q=lauf%00').set('Authorization', user.auth),
      'q',
    );
  });

  it('refuses an anonymous login with 2 000 nested arrays with 400, not 500', async () => {
    const deep = `${'['.repeat(2000)}"a@example.org"${']'.repeat(2000)}`;
    const res = await rawPost('/api/auth/login', `{"email":${deep},"pin":"1234"}`);
    expect([res.status, res.body.code]).toEqual([400, 'VALIDATION_FAILED']);
  });

  it.each([
    '/api/exercises',
    '/api/clubs',
    '/api/profiles',
    '/api/media-assets',
    '/api/focus-areas',
  ])('refuses ?offset=100000000000000000000 on %s with 400, not 500', async (list) => {
    expectRefused(
      await t.http.get(`${list}?offset=100000000000000000000`).set('Authorization', admin.auth),
      'offset',
    );
  });

  it('refuses an offset beyond 1 000 000 with 400', async () => {
    const res = await t.http
      .get('/api/join-requests/mine?offset=1000001')
      .set('Authorization', user.auth);
    expectRefused(res, 'offset');
  });

  it.each(['__proto__', 'constructor', 'prototype'])(
    'refuses the body key %s with 400 naming it and writes nothing',
    async (key) => {
      const before = await count('exercise_searches');
      const res = await rawPost(
        '/api/exercise-searches',
        `{"name":"Mine","filters":{},"${key}":{"role":"superadmin"}}`,
        user.auth,
      );
      expect([res.status, res.body.errors]).toEqual([
        400,
        [{ path: key, message: 'unknown field' }],
      ]);
      expect(await count('exercise_searches')).toBe(before);
    },
  );

  it('refuses those keys inside free-form objects too', async () => {
    const res = await rawPost(
      '/api/exercise-searches',
      '{"name":"Mine","filters":{"__proto__":{"polluted":true}}}',
      user.auth,
    );
    expect([res.status, res.body.errors]).toEqual([
      400,
      [{ path: 'filters.__proto__', message: 'unknown field' }],
    ]);
  });
});
