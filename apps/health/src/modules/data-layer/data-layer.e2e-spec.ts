import { HealthTestApp, startHealthTestApp, TestUser } from '../../testing/health-test-app';
import { DataLayerService } from './data-layer.service';

/**
 * Each series checked against values computed by hand from the fixture below. Lou has rows on
 * the same days (and a far larger session) that must never appear in Kim's series.
 */
describe('data layer (real database)', () => {
  let t: HealthTestApp;
  let data: DataLayerService;
  let kim: TestUser;
  let lou: TestUser;

  beforeAll(async () => {
    t = await startHealthTestApp();
    data = t.app.get(DataLayerService, { strict: false });
    kim = await t.newUser();
    lou = await t.newUser();
    const q = (sql: string, params: unknown[]) => t.db.query(sql, params);
    await q(
      `UPDATE users SET sex = 'male', birth_date = '1990-06-15', height_cm = 180, goal_weight_kg = 75
        WHERE id = $1`,
      [kim.id],
    );
    await q(
      `INSERT INTO weight_entries (user_id, date, weight_kg) VALUES
         ($1, '2025-12-31', 81), ($1, '2026-01-01', 80), ($1, '2026-01-03', 79.5),
         ($1, '2026-01-10', 79), ($2, '2026-01-02', 50)`,
      [kim.id, lou.id],
    );
    await q(
      `INSERT INTO nutrition_entries (user_id, date, meal, kcal, protein_g, carbohydrate_g, fat_g, fibre_g) VALUES
         ($1, '2026-01-01', 'breakfast', 500, 30, 60, 10, 5),
         ($1, '2026-01-01', 'dinner', 700, 40, NULL, 20, NULL),
         ($1, '2026-01-02', 'day', 2000, 100, 250, 70, 25),
         ($2, '2026-01-01', 'day', 9999, 1, 1, 1, 1)`,
      [kim.id, lou.id],
    );
    await q(
      `INSERT INTO activity_entries
         (user_id, activity_type, started_at, duration_min, distance_km, kcal, avg_hr, max_hr, rpe) VALUES
         ($1, 'run', '2025-12-31T12:00:00Z', 30, NULL, NULL, NULL, NULL, 5),
         ($1, 'run', '2026-01-01T06:00:00Z', 30, 5, 300, 150, 170, 6),
         ($1, 'strength', '2026-01-01T18:00:00Z', 45, NULL, NULL, NULL, NULL, NULL),
         ($1, 'cycle', '2026-01-03T23:30:00Z', 60, 20, 500, NULL, NULL, 4),
         ($2, 'run', '2026-01-02T10:00:00Z', 100, 30, 1000, NULL, NULL, 10)`,
      [kim.id, lou.id],
    );
    await q(
      `INSERT INTO reference_values (user_id, type_key, measured_on, value) VALUES
         ($1, 'resting_hr', '2026-01-01', 55), ($1, 'resting_hr', '2026-01-02', 54),
         ($1, 'bp_systolic', '2026-01-02', 128), ($1, 'bp_diastolic', '2026-01-02', 82),
         ($1, 'sleep_duration', '2026-01-05', 7.25), ($1, 'sleep_duration', '2026-01-06', 6.5),
         ($2, 'resting_hr', '2026-01-01', 90)`,
      [kim.id, lou.id],
    );
    await q(
      `INSERT INTO circumference_entries (user_id, date, site, value_cm) VALUES
         ($1, '2026-01-01', 'waist', 85.5), ($1, '2026-01-01', 'hip', 100),
         ($1, '2026-01-05', 'waist', 84), ($2, '2026-01-01', 'waist', 70)`,
      [kim.id, lou.id],
    );
    await q(
      `INSERT INTO caliper_entries (user_id, date, formula, sites, body_fat_pct, density, age_years, sex)
       VALUES ($1, '2026-01-01', 'jp3', '{"chest": 10, "abdomen": 20, "thigh": 15}', 15.2, 1.064, 35, 'male'),
              ($2, '2026-01-01', 'jp3', '{"chest": 5, "abdomen": 5, "thigh": 5}', 5.1, 1.09, 30, 'male')`,
      [kim.id, lou.id],
    );
  });
  afterAll(() => t.close());

  it('answers the weigh-ins inside the range in date order, and only the owner’s', async () => {
    expect(await data.weightSeries(kim.id, '2026-01-01', '2026-01-10')).toEqual([
      { date: '2026-01-01', weight_kg: 80 },
      { date: '2026-01-03', weight_kg: 79.5 },
      { date: '2026-01-10', weight_kg: 79 },
    ]);
    expect(await data.weightSeries(lou.id, '2026-01-01', '2026-01-10')).toEqual([
      { date: '2026-01-02', weight_kg: 50 },
    ]);
  });

  it('sums nutrition per day, keeping a macro null only when no row of that day has it', async () => {
    expect(await data.nutritionDaily(kim.id, '2026-01-01', '2026-01-31')).toEqual([
      {
        date: '2026-01-01',
        kcal: 1200,
        protein_g: 70,
        carbohydrate_g: 60,
        fat_g: 30,
        fibre_g: 5,
        entries: 2,
      },
      {
        date: '2026-01-02',
        kcal: 2000,
        protein_g: 100,
        carbohydrate_g: 250,
        fat_g: 70,
        fibre_g: 25,
        entries: 1,
      },
    ]);
  });

  it('lists sessions by UTC start day with load = RPE × minutes and null without RPE', async () => {
    const sessions = await data.activitySessions(kim.id, '2026-01-01', '2026-01-03');
    expect(sessions).toEqual([
      {
        date: '2026-01-01',
        started_at: '2026-01-01T06:00:00.000Z',
        type: 'run',
        minutes: 30,
        distance_km: 5,
        kcal: 300,
        avg_hr: 150,
        max_hr: 170,
        rpe: 6,
        load: 180,
      },
      expect.objectContaining({ date: '2026-01-01', type: 'strength', rpe: null, load: null }),
      expect.objectContaining({ date: '2026-01-03', type: 'cycle', minutes: 60, load: 240 }),
    ]);
  });

  it('sums activity per day, only days with sessions by default', async () => {
    expect(await data.activityDaily(kim.id, '2026-01-01', '2026-01-04')).toEqual([
      { date: '2026-01-01', minutes: 75, sessions: 2, load: 180, kcal: 300, distance_km: 5 },
      { date: '2026-01-03', minutes: 60, sessions: 1, load: 240, kcal: 500, distance_km: 20 },
    ]);
  });

  it('fills every calendar day with zeros when asked to', async () => {
    const zero = { minutes: 0, sessions: 0, load: 0, kcal: 0, distance_km: 0 };
    expect(
      await data.activityDaily(kim.id, '2026-01-01', '2026-01-04', { fillGaps: true }),
    ).toEqual([
      { date: '2026-01-01', minutes: 75, sessions: 2, load: 180, kcal: 300, distance_km: 5 },
      { date: '2026-01-02', ...zero },
      { date: '2026-01-03', minutes: 60, sessions: 1, load: 240, kcal: 500, distance_km: 20 },
      { date: '2026-01-04', ...zero },
    ]);
    const louDays = await data.activityDaily(lou.id, '2026-01-01', '2026-01-03', {
      fillGaps: true,
    });
    expect(louDays.map((d) => d.load)).toEqual([0, 1000, 0]);
  });

  it('computes rolling acute (7 d) and chronic (28 d / 4) loads including days before the range', async () => {
    // Loads: 2025-12-31 150, 2026-01-01 180, 2026-01-03 240 → 7-day sum 570, chronic 142.5.
    expect(await data.activityLoad(kim.id, '2026-01-02', '2026-01-03')).toEqual([
      { date: '2026-01-02', load: 0, acute_7d: 330, chronic_28d: 82.5, ratio: 4 },
      { date: '2026-01-03', load: 240, acute_7d: 570, chronic_28d: 142.5, ratio: 4 },
    ]);
    expect(await data.activityLoad(kim.id, '2024-01-01', '2024-01-01')).toEqual([
      { date: '2024-01-01', load: 0, acute_7d: 0, chronic_28d: 0, ratio: null },
    ]);
  });

  it('answers one vital type per day', async () => {
    expect(await data.vitalsDaily(kim.id, 'resting_hr', '2026-01-01', '2026-01-31')).toEqual([
      { date: '2026-01-01', value: 55 },
      { date: '2026-01-02', value: 54 },
    ]);
    expect(await data.vitalsDaily(kim.id, 'spo2', '2026-01-01', '2026-01-31')).toEqual([]);
  });

  it('answers circumferences by date and site, and caliper results by date and formula', async () => {
    expect(await data.circumferenceSeries(kim.id, '2026-01-01', '2026-01-31')).toEqual([
      { date: '2026-01-01', site: 'hip', value_cm: 100 },
      { date: '2026-01-01', site: 'waist', value_cm: 85.5 },
      { date: '2026-01-05', site: 'waist', value_cm: 84 },
    ]);
    expect(await data.caliperSeries(kim.id, '2026-01-01', '2026-01-31')).toEqual([
      { date: '2026-01-01', formula: 'jp3', body_fat_pct: 15.2, density: 1.064 },
    ]);
  });

  it('answers the profile facts', async () => {
    expect(await data.profile(kim.id)).toEqual({
      sex: 'male',
      birth_date: '1990-06-15',
      height_cm: 180,
      goal_weight_kg: 75,
    });
  });

  it('counts rows with first and last day per module, zero for empty modules', async () => {
    const counts = await data.counts(kim.id);
    expect(counts).toEqual({
      weight: { rows: 4, first_date: '2025-12-31', last_date: '2026-01-10' },
      circumference: { rows: 3, first_date: '2026-01-01', last_date: '2026-01-05' },
      caliper: { rows: 1, first_date: '2026-01-01', last_date: '2026-01-01' },
      activity: { rows: 4, first_date: '2025-12-31', last_date: '2026-01-03' },
      nutrition: { rows: 3, first_date: '2026-01-01', last_date: '2026-01-02' },
      reference_values: { rows: 6, first_date: '2026-01-01', last_date: '2026-01-06' },
      photos: { rows: 0, first_date: null, last_date: null },
    });
    expect((await data.counts(lou.id)).weight.rows).toBe(1);
  });

  it('answers the latest value of every module', async () => {
    const latest = await data.latestValues(kim.id);
    expect(latest.weight).toEqual({ date: '2026-01-10', weight_kg: 79, body_fat_pct: null });
    expect(latest.bodyfat).toEqual({ date: '2026-01-01', body_fat_pct: 15.2, formula: 'jp3' });
    expect(latest.circumference).toEqual({
      hip: { date: '2026-01-01', value_cm: 100 },
      waist: { date: '2026-01-05', value_cm: 84 },
    });
    expect(latest.vitals).toEqual({
      bp_diastolic: { date: '2026-01-02', value: 82 },
      bp_systolic: { date: '2026-01-02', value: 128 },
      resting_hr: { date: '2026-01-02', value: 54 },
      sleep_duration: { date: '2026-01-06', value: 6.5 },
    });
    expect(latest.nutrition).toMatchObject({ date: '2026-01-02', kcal: 2000, entries: 1 });
    expect(latest.activity).toMatchObject({
      type: 'cycle',
      started_at: '2026-01-03T23:30:00.000Z',
    });
  });

  it('computes 7- and 30-day changes as of a given day', async () => {
    const changes = await data.metricChanges(kim.id, '2026-01-07');
    expect(changes.find((c) => c.metric === 'weight')).toEqual({
      metric: 'weight',
      latest: 79.5,
      latest_date: '2026-01-03',
      value_7d_ago: 81,
      value_30d_ago: null,
      change_7d: -1.5,
      change_30d: null,
    });
    expect(changes.map((c) => c.metric)).toEqual([
      'bodyfat.jp3',
      'circumference.hip',
      'circumference.waist',
      'vitals.bp_diastolic',
      'vitals.bp_systolic',
      'vitals.resting_hr',
      'vitals.sleep_duration',
      'weight',
    ]);
  });

  it('fills every catalog placeholder with hand-computed values', async () => {
    const values = await data.placeholderValues(kim.id, '2026-01-07');
    expect(Object.keys(values).sort()).toEqual(
      data
        .placeholderCatalog()
        .map((p) => p.key)
        .sort(),
    );
    expect(values).toEqual({
      'profile.age': 35,
      'profile.sex': 'male',
      'profile.height_cm': 180,
      'profile.bmi': 24.5, // 79.5 / 1.8²
      'weight.latest': 79.5,
      'weight.latest_date': '2026-01-03',
      'weight.change_7d': -1.5,
      'weight.change_30d': null,
      'weight.goal': 75,
      'weight.to_goal': -4.5,
      'bodyfat.latest': 15.2,
      'circumference.waist.latest': 84,
      'nutrition.days_logged_7d': 2,
      'nutrition.avg_kcal_7d': 1600,
      'nutrition.avg_protein_g_7d': 85,
      'nutrition.avg_carbohydrate_g_7d': 155,
      'nutrition.avg_fat_g_7d': 50,
      'nutrition.protein_g_per_kg_7d': 1.07, // 85 / 79.5
      'activity.sessions_7d': 3,
      'activity.minutes_7d': 135,
      'activity.load_7d': 420,
      'activity.active_days_7d': 2,
      'activity.sessions_28d': 4,
      'activity.acwr': 2.95, // 420 / (570 / 4)
      'vitals.resting_hr.latest': 54,
      'vitals.hrv_rmssd.latest': null,
      'vitals.bp.latest': '128/82',
      'vitals.sleep_duration.avg_7d': 6.9, // (7.25 + 6.5) / 2 = 6.875
      'vitals.spo2.latest': null,
      'vitals.body_temperature.latest': null,
    });
  });

  it('gives another user only their own placeholder values', async () => {
    const values = await data.placeholderValues(lou.id, '2026-01-07');
    expect(values['weight.latest']).toBe(50);
    expect(values['vitals.resting_hr.latest']).toBe(90);
    expect(values['nutrition.avg_kcal_7d']).toBe(9999);
    expect(values['activity.load_7d']).toBe(1000);
    expect(values['vitals.bp.latest']).toBeNull();
    expect(values['profile.age']).toBeNull();
  });

  it('refuses an inverted or malformed range with VALIDATION_FAILED', async () => {
    await expect(data.weightSeries(kim.id, '2026-02-01', '2026-01-01')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    await expect(data.activityDaily(kim.id, '2026-02-30', '2026-03-01')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});
