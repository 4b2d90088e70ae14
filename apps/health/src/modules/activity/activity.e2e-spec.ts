import { HealthTestApp, startHealthTestApp, TestUser } from '../../testing/health-test-app';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

describe('activity (e2e)', () => {
  let app: HealthTestApp;
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    app = await startHealthTestApp();
    owner = await app.newUser();
    other = await app.newUser();
  });
  afterAll(() => app.close());

  const run = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
    activity_type: 'run',
    started_at: new Date(Date.now() - 2 * HOUR).toISOString(),
    duration_min: 45,
    distance_km: 8.5,
    kcal: 520,
    avg_hr: 148,
    max_hr: 176,
    rpe: 7,
    notes: 'tempo',
    ...overrides,
  });

  const create = async (user: TestUser, body = run()): Promise<Record<string, unknown>> => {
    const res = await app.http.post('/api/activity').set('Authorization', user.auth).send(body);
    expect(res.status).toBe(201);
    return res.body;
  };

  it('creates an activity for the caller with source manual by default', async () => {
    const res = await app.http.post('/api/activity').set('Authorization', owner.auth).send(run());
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      activity_type: 'run',
      duration_min: 45,
      distance_km: 8.5,
      kcal: 520,
      avg_hr: 148,
      max_hr: 176,
      rpe: 7,
      notes: 'tempo',
      source: 'manual',
    });
    const rows = await app.db.query('SELECT user_id, source FROM activity_entries WHERE id = $1', [
      res.body.id,
    ]);
    expect(rows).toEqual([{ user_id: owner.id, source: 'manual' }]);
  });

  it('reads, updates and deletes the own activity', async () => {
    const created = await create(owner);
    const read = await app.http.get(`/api/activity/${created.id}`).set('Authorization', owner.auth);
    expect(read.status).toBe(200);
    expect(read.body.id).toBe(created.id);

    const upd = await app.http
      .put(`/api/activity/${created.id}`)
      .set('Authorization', owner.auth)
      .send({ duration_min: 50, notes: null, rpe: 8 });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({ duration_min: 50, notes: null, rpe: 8, kcal: 520 });

    const del = await app.http
      .delete(`/api/activity/${created.id}`)
      .set('Authorization', owner.auth);
    expect(del.status).toBe(204);
    const rows = await app.db.query('SELECT 1 FROM activity_entries WHERE id = $1', [created.id]);
    expect(rows).toHaveLength(0);
  });

  it("answers 404 for another user's activity on read, update and delete and changes nothing", async () => {
    const created = await create(owner);
    const url = `/api/activity/${created.id}`;
    expect((await app.http.get(url).set('Authorization', other.auth)).status).toBe(404);
    const put = await app.http.put(url).set('Authorization', other.auth).send({ rpe: 1 });
    expect(put.status).toBe(404);
    expect(put.body.code).toBe('NOT_FOUND');
    expect((await app.http.delete(url).set('Authorization', other.auth)).status).toBe(404);
    const rows = await app.db.query('SELECT rpe FROM activity_entries WHERE id = $1', [created.id]);
    expect(rows).toEqual([{ rpe: 7 }]);

    const list = await app.http.get('/api/activity').set('Authorization', other.auth);
    expect(list.body.items.map((i: { id: string }) => i.id)).not.toContain(created.id);
  });

  it('refuses anonymous callers with 401 on every route', async () => {
    const created = await create(owner);
    const url = `/api/activity/${created.id}`;
    expect((await app.http.get('/api/activity')).status).toBe(401);
    expect((await app.http.post('/api/activity').send(run())).status).toBe(401);
    expect((await app.http.get(url)).status).toBe(401);
    expect((await app.http.put(url).send({ rpe: 1 })).status).toBe(401);
    expect((await app.http.delete(url)).status).toBe(401);
  });

  it.each([
    ['duration_min', { duration_min: 0 }],
    ['duration_min', { duration_min: 1441 }],
    ['distance_km', { distance_km: -1 }],
    ['distance_km', { distance_km: 1000.5 }],
    ['kcal', { kcal: 20001 }],
    ['avg_hr', { avg_hr: 24 }],
    ['max_hr', { max_hr: 251 }],
    ['rpe', { rpe: 0 }],
    ['rpe', { rpe: 11 }],
    ['activity_type', { activity_type: 'teleport' }],
    ['source', { source: 'guess' }],
    ['notes', { notes: 'x'.repeat(2001) }],
    ['max_hr', { avg_hr: 160, max_hr: 150 }],
    ['started_at', { started_at: new Date(Date.now() + 2 * DAY).toISOString() }],
  ])('refuses an implausible %s with 400 and writes nothing', async (path, overrides) => {
    const before = await app.db.query('SELECT count(*)::int AS n FROM activity_entries');
    const res = await app.http
      .post('/api/activity')
      .set('Authorization', owner.auth)
      .send(run(overrides));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    const after = await app.db.query('SELECT count(*)::int AS n FROM activity_entries');
    expect(after[0].n).toBe(before[0].n);
  });

  it('refuses an update that would put max_hr below avg_hr', async () => {
    const created = await create(owner);
    const res = await app.http
      .put(`/api/activity/${created.id}`)
      .set('Authorization', owner.auth)
      .send({ max_hr: 120 });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe('max_hr');
  });

  it('accepts a start up to one day ahead', async () => {
    await create(owner, run({ started_at: new Date(Date.now() + 20 * HOUR).toISOString() }));
  });

  describe('GET /api/activity', () => {
    let lister: TestUser;
    beforeAll(async () => {
      lister = await app.newUser();
      const ages = [1, 5, 29, 31, 100];
      for (const age of ages) {
        await create(lister, run({ started_at: new Date(Date.now() - age * DAY).toISOString() }));
      }
    });

    it('answers the last 30 days newest first with limit 100 by default', async () => {
      const res = await app.http.get('/api/activity').set('Authorization', lister.auth);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ total: 3, limit: 100, offset: 0, days: 30 });
      const starts = res.body.items.map((i: { started_at: string }) => i.started_at);
      expect([...starts].sort().reverse()).toEqual(starts);
    });

    it('widens the window with days and pages with limit and offset', async () => {
      const res = await app.http
        .get('/api/activity?days=365&limit=2&offset=2')
        .set('Authorization', lister.auth);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ total: 5, limit: 2, offset: 2, days: 365 });
      expect(res.body.items).toHaveLength(2);
    });

    it('accepts limit 1000 and refuses 1001, days 0 and days 3651 with 400', async () => {
      const ok = await app.http.get('/api/activity?limit=1000').set('Authorization', lister.auth);
      expect(ok.status).toBe(200);
      expect(ok.body.limit).toBe(1000);
      for (const q of ['limit=1001', 'limit=0', 'days=0', 'days=3651', 'days=abc', 'offset=-1']) {
        const res = await app.http.get(`/api/activity?${q}`).set('Authorization', lister.auth);
        expect(res.status).toBe(400);
        expect(res.body.code).toBe('VALIDATION_FAILED');
      }
    });
  });
});
