import { HealthTestApp, startHealthTestApp, TestUser } from '../../testing/health-test-app';
import { shiftDate, utcToday } from '../data-layer/series-values';

describe('stats (HTTP)', () => {
  let t: HealthTestApp;
  let kim: TestUser;
  let lou: TestUser;
  const today = utcToday();
  const day = (n: number) => shiftDate(today, -n);

  beforeAll(async () => {
    t = await startHealthTestApp();
    kim = await t.newUser();
    lou = await t.newUser();
    await t.db.query(
      `INSERT INTO weight_entries (user_id, date, weight_kg) VALUES
         ($1, $3, 82), ($1, $4, 81), ($1, $5, 80.2), ($2, $5, 55)`,
      [kim.id, lou.id, day(40), day(10), day(0)],
    );
    await t.db.query(
      `INSERT INTO reference_values (user_id, type_key, measured_on, value) VALUES
         ($1, 'resting_hr', $2, 58), ($1, 'resting_hr', $3, 55)`,
      [kim.id, day(8), day(1)],
    );
    await t.db.query(
      `INSERT INTO activity_entries (user_id, activity_type, started_at, duration_min, rpe)
       VALUES ($1, 'run', now() - interval '2 days', 40, 7)`,
      [kim.id],
    );
  });
  afterAll(() => t.close());

  it("answers the caller's counts, current values and 7/30-day changes", async () => {
    const res = await t.http.get('/api/stats').set('Authorization', kim.auth);
    expect(res.status).toBe(200);
    expect(res.body.as_of).toBe(today);
    expect(res.body.modules.weight).toEqual({ rows: 3, first_date: day(40), last_date: day(0) });
    expect(res.body.modules.activity.rows).toBe(1);
    expect(res.body.modules.nutrition).toEqual({ rows: 0, first_date: null, last_date: null });
    expect(res.body.current.weight).toEqual({ date: day(0), weight_kg: 80.2, body_fat_pct: null });
    expect(res.body.current.vitals.resting_hr).toEqual({ date: day(1), value: 55 });
    expect(res.body.current.activity).toMatchObject({ type: 'run', minutes: 40, load: 280 });
    const weight = res.body.changes.find((c: { metric: string }) => c.metric === 'weight');
    expect(weight).toEqual({
      metric: 'weight',
      latest: 80.2,
      latest_date: day(0),
      value_7d_ago: 81,
      value_30d_ago: 82,
      change_7d: -0.8,
      change_30d: -1.8,
    });
    const hr = res.body.changes.find((c: { metric: string }) => c.metric === 'vitals.resting_hr');
    expect(hr).toMatchObject({ latest: 55, value_7d_ago: 58, change_7d: -3, change_30d: null });
  });

  it("never shows another user's rows", async () => {
    const res = await t.http.get('/api/stats').set('Authorization', lou.auth);
    expect(res.status).toBe(200);
    expect(res.body.modules.weight.rows).toBe(1);
    expect(res.body.modules.activity.rows).toBe(0);
    expect(res.body.current.weight.weight_kg).toBe(55);
    expect(res.body.current.vitals).toEqual({});
    expect(res.body.changes.map((c: { metric: string }) => c.metric)).toEqual(['weight']);
  });

  it('answers a user without data with zero counts and empty values', async () => {
    const nobody = await t.newUser();
    const res = await t.http.get('/api/stats').set('Authorization', nobody.auth);
    expect(res.status).toBe(200);
    expect(res.body.current).toEqual({
      weight: null,
      bodyfat: null,
      circumference: {},
      vitals: {},
      nutrition: null,
      activity: null,
    });
    expect(res.body.changes).toEqual([]);
  });

  it('answers 401 to an anonymous caller', async () => {
    const res = await t.http.get('/api/stats');
    expect(res.status).toBe(401);
  });
});
