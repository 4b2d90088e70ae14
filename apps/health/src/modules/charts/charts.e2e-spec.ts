import { HealthTestApp, startHealthTestApp, TestUser } from '../../testing/health-test-app';
import { CHART_CODES } from './chart-catalog';

/**
 * Every chart on one small fixture (window 2026-03-02 Mon … 2026-03-08 Sun) with the expected
 * numbers worked out by hand in the comments; the pure computations have their own unit tests.
 */
describe('charts (HTTP)', () => {
  let t: HealthTestApp;
  let ana: TestUser; // plus: charts.basic + charts.advanced; owns the fixture
  let bob: TestUser; // plus: other data on the same days
  let cara: TestUser; // plus: no data at all
  let fay: TestUser; // free: charts.basic only

  const W = 'from=2026-03-02&to=2026-03-08';
  const get = (u: TestUser, code: string, q = W) =>
    t.http.get(`/api/charts/${code}?${q}`).set('Authorization', u.auth);
  const pts = (
    body: { series: { key: string; points: { date: string; value: number }[] }[] },
    key: string,
  ) => body.series.find((s) => s.key === key)?.points.map((p) => [p.date, p.value]);

  const insert = async (u: TestUser, sql: string, rows: unknown[][]) => {
    for (const r of rows) await t.db.query(sql, [u.id, ...r]);
  };

  beforeAll(async () => {
    t = await startHealthTestApp();
    ana = await t.newUser({ tier: 'plus' });
    bob = await t.newUser({ tier: 'plus' });
    cara = await t.newUser({ tier: 'plus' });
    fay = await t.newUser();
    await t.db.query(
      `UPDATE users SET sex = 'male', birth_date = '1996-03-01', height_cm = 180, goal_weight_kg = 79.2,
              activity_level = 'moderate' WHERE id = $1`,
      [ana.id],
    );
    await t.db.query(`UPDATE users SET sex = 'female', height_cm = 160 WHERE id = $1`, [bob.id]);

    const weight = `INSERT INTO weight_entries (user_id, date, weight_kg) VALUES ($1, $2, $3)`;
    await insert(ana, weight, [
      ['2026-03-02', 80],
      ['2026-03-03', 79],
    ]);
    await insert(bob, weight, [
      ['2026-03-02', 120],
      ['2026-03-03', 121],
    ]);

    const food = `INSERT INTO nutrition_entries (user_id, date, meal, kcal, protein_g, carbohydrate_g, fat_g)
                  VALUES ($1, $2, $3, $4, $5, $6, $7)`;
    await insert(ana, food, [
      ['2026-03-02', 'breakfast', 800, 50, 100, 20],
      ['2026-03-02', 'dinner', 1200, 100, 100, 40],
      ['2026-03-03', 'lunch', 1800, 120, 150, 70],
    ]);
    await insert(bob, food, [['2026-03-02', 'day', 4000, 300, 300, 200]]);

    const act = `INSERT INTO activity_entries (user_id, activity_type, started_at, duration_min, distance_km, kcal, rpe)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)`;
    await insert(ana, act, [
      ['run', '2026-03-02T08:00:00Z', 50, 10, null, 6],
      ['run', '2026-03-04T08:00:00Z', 30, 5, null, 8],
      ['cycle', '2026-03-05T18:00:00Z', 60, 30, 600, 3],
    ]);
    await insert(bob, act, [['swim', '2026-03-03T08:00:00Z', 90, 3, 700, 9]]);

    const vital = `INSERT INTO reference_values (user_id, type_key, measured_on, value) VALUES ($1, $2, $3, $4)`;
    const before = ['02-23', '02-24', '02-25', '02-26', '02-27', '02-28', '03-01'].map(
      (d) => `2026-${d}`,
    );
    await insert(ana, vital, [
      ...[50, 52, 48, 50, 51, 49, 50].map((v, i) => ['resting_hr', before[i], v]),
      ['resting_hr', '2026-03-02', 53],
      ...[40, 60, 40, 60, 40, 60, 40].map((v, i) => ['hrv_rmssd', before[i], v]),
      ['hrv_rmssd', '2026-03-02', 50],
      ['bp_systolic', '2026-03-02', 130],
      ['bp_diastolic', '2026-03-02', 84],
      ['bp_systolic', '2026-03-03', 140],
      ['bp_diastolic', '2026-03-03', 86],
      ...[7, 8, 6, 7.5].map((v, i) => ['sleep_duration', `2026-03-0${i + 2}`, v]),
    ]);
    await insert(bob, vital, [
      ['resting_hr', '2026-03-02', 80],
      ['bp_systolic', '2026-03-02', 170],
      ['bp_diastolic', '2026-03-02', 105],
      ['sleep_duration', '2026-03-02', 4],
    ]);

    const circ = `INSERT INTO circumference_entries (user_id, date, site, value_cm) VALUES ($1, $2, $3, $4)`;
    await insert(ana, circ, [
      ['2026-03-02', 'waist', 90],
      ['2026-03-02', 'hip', 100],
    ]);
    await insert(bob, circ, [['2026-03-02', 'waist', 130]]);

    // C2 reads the caliper module's own result: the published JP3 example (chest 15, abdomen 18,
    // thigh 20 mm, man of 30) gives 15.95 % by Siri, stored with one decimal as 16.0 %.
    const cal = await t.http
      .post('/api/caliper')
      .set('Authorization', ana.auth)
      .send({ date: '2026-03-05', formula: 'jp3', sites: { chest: 15, abdomen: 18, thigh: 20 } });
    expect(cal.status).toBe(201);
  });
  afterAll(() => t.close());

  describe('catalog and contract', () => {
    it('lists every chart with title, units, features and the data it reads', async () => {
      const res = await t.http.get('/api/charts').set('Authorization', fay.auth);
      expect(res.status).toBe(200);
      expect(res.body.items.map((i: { code: string }) => i.code)).toEqual([...CHART_CODES]);
      expect(res.body.items.find((i: { code: string }) => i.code === 'C1')).toEqual({
        code: 'C1',
        title: 'Weight trend',
        units: ['kg', 'kg/week'],
        features: ['charts.basic'],
        sources: ['weight', 'profile'],
      });
      expect((await t.http.get('/api/charts')).status).toBe(401);
    });

    it('answers the contract fields, accepts a lower-case code, and 404s an unknown code', async () => {
      const res = await get(ana, 'c1');
      expect(res.status).toBe(200);
      expect(Object.keys(res.body)).toEqual([
        'code',
        'title',
        'from',
        'to',
        'series',
        'summary',
        'meta',
      ]);
      expect(res.body).toMatchObject({
        code: 'C1',
        title: 'Weight trend',
        from: '2026-03-02',
        to: '2026-03-08',
      });
      expect(res.body.meta).toEqual({
        data_points: 2,
        sources: ['weight', 'profile'],
        insufficient_data: false,
      });
      expect((await get(ana, 'X9')).status).toBe(404);
    });

    it('defaults to the last 90 days, takes days=N, and refuses bad ranges with 400', async () => {
      const today = new Date().toISOString().slice(0, 10);
      const def = await t.http.get('/api/charts/C1').set('Authorization', ana.auth);
      expect(def.body.to).toBe(today);
      expect(def.body.from).toBe(new Date(Date.now() - 89 * 86400000).toISOString().slice(0, 10));
      const days = await get(ana, 'C1', 'days=7&to=2026-03-08');
      expect([days.body.from, days.body.to]).toEqual(['2026-03-02', '2026-03-08']);
      for (const q of [
        'from=2026-03-09&to=2026-03-08',
        'from=2026-02-30',
        'days=0',
        'days=abc',
        'days=7&from=2026-03-01',
        'from=2000-01-01&to=2026-03-01',
        'foo=1',
      ]) {
        const res = await get(ana, 'C1', q);
        expect([q, res.status, res.body.code]).toEqual([q, 400, 'VALIDATION_FAILED']);
      }
    });
  });

  describe('gating', () => {
    it('lets a free user read the basic charts E1, A1, C1 and R3', async () => {
      for (const code of ['E1', 'A1', 'C1', 'R3']) expect((await get(fay, code)).status).toBe(200);
    });

    it('refuses the advanced charts to a free user with 403 FEATURE_REQUIRED naming charts.advanced', async () => {
      for (const code of CHART_CODES.filter((c) => !['E1', 'A1', 'C1', 'R3'].includes(c))) {
        const res = await get(fay, code);
        expect([code, res.status, res.body.code, res.body.missing_features]).toEqual([
          code,
          403,
          'FEATURE_REQUIRED',
          ['charts.advanced'],
        ]);
      }
    });

    it('refuses a basic chart once charts.basic is revoked, naming it', async () => {
      await t.db.query(
        `INSERT INTO user_feature_overrides (user_id, feature, granted) VALUES ($1, 'charts.basic', false)`,
        [fay.id],
      );
      const res = await get(fay, 'E1');
      expect(res.status).toBe(403);
      expect(res.body.missing_features).toEqual(['charts.basic']);
      expect(res.body.detail).toContain('charts.basic');
      await t.db.query(`DELETE FROM user_feature_overrides WHERE user_id = $1`, [fay.id]);
    });

    it('refuses anonymous callers with 401', async () => {
      expect((await t.http.get('/api/charts/E1')).status).toBe(401);
    });
  });

  describe('insufficient data and isolation', () => {
    it('answers 200 with insufficient_data and a reason for every chart of a user without data', async () => {
      for (const code of CHART_CODES) {
        const res = await get(cara, code);
        expect([
          code,
          res.status,
          res.body.meta.insufficient_data,
          typeof res.body.meta.reason,
        ]).toEqual([code, 200, true, 'string']);
        // nothing of ana's or bob's leaks in: only period sums of 0 can appear
        for (const s of res.body.series)
          for (const p of s.points) expect([code, s.key, p.value]).toEqual([code, s.key, 0]);
      }
    });

    it("computes bob's charts from bob's rows only", async () => {
      expect(pts((await get(bob, 'E1')).body, 'kcal')).toEqual([['2026-03-02', 4000]]);
      expect(pts((await get(bob, 'C1')).body, 'weight')).toEqual([
        ['2026-03-02', 120],
        ['2026-03-03', 121],
      ]);
      expect(pts((await get(bob, 'A1')).body, 'minutes')).toEqual([['2026-03-02', 90]]);
      expect((await get(bob, 'R3')).body.summary.period_category).toBe('grade_2');
      expect((await get(bob, 'C3')).body.summary.latest).toEqual({
        waist: { date: '2026-03-02', value_cm: 130 },
      });
      expect((await get(bob, 'R1')).body.meta.data_points).toBe(1);
      // and ana's never contain bob's
      expect(pts((await get(ana, 'E1')).body, 'kcal')).toEqual([
        ['2026-03-02', 2000],
        ['2026-03-03', 1800],
      ]);
    });
  });

  describe('E: energy and nutrition', () => {
    it('E1: daily kcal, 7-day mean over logged days, goal from Mifflin-St Jeor × 1.55', async () => {
      // 10×79 + 6.25×180 − 5×30 + 5 = 1770; × 1.55 (moderate) = 2743.5 → 2744; goal 79.2 ≈ 79.0 → no deficit
      const { body } = await get(ana, 'E1');
      expect(pts(body, 'mean_7d')).toEqual([
        ['2026-03-02', 2000],
        ['2026-03-03', 1900],
      ]);
      expect(pts(body, 'goal')).toEqual([
        ['2026-03-02', 2744],
        ['2026-03-08', 2744],
      ]);
      expect(body.summary).toEqual({ mean_kcal: 1900, days_logged: 2, goal_kcal: 2744 });
    });

    it('E2: grams and energy shares per day (4/4/9) and the period mean', async () => {
      // 03-03: 120×4 = 480, 150×4 = 600, 70×9 = 630 of 1710 → 28.1 / 35.1 / 36.8 %
      // mean 135 / 175 / 65 g → 540 + 700 + 585 = 1825 → 29.6 / 38.4 / 32.1 %
      const { body } = await get(ana, 'E2');
      expect(pts(body, 'protein_pct')).toEqual([
        ['2026-03-02', 30.9],
        ['2026-03-03', 28.1],
      ]);
      expect(pts(body, 'fat_pct')).toEqual([
        ['2026-03-02', 27.8],
        ['2026-03-03', 36.8],
      ]);
      expect(body.summary.mean_g).toEqual({ protein: 135, carbohydrate: 175, fat: 65 });
      expect(body.summary.mean_pct).toEqual({ protein: 29.6, carbohydrate: 38.4, fat: 32.1 });
    });

    it('E3: g protein per kg of the trend weight of that day', async () => {
      // 150 / 80 = 1.875 → 1.88; 120 / 79.9 = 1.502 → 1.50
      const { body } = await get(ana, 'E3');
      expect(pts(body, 'protein_g_per_kg')).toEqual([
        ['2026-03-02', 1.88],
        ['2026-03-03', 1.5],
      ]);
      expect(body.summary).toMatchObject({
        mean_g_per_kg: 1.69,
        days_below: 1,
        days_within: 1,
        days_above: 0,
      });
    });

    it('E4: expenditure = mean intake − slope × 7700', async () => {
      // intake 1900; trend 80 → 79.9 = −0.1 kg/day → balance −770, expenditure 2670
      const { body } = await get(ana, 'E4');
      expect(pts(body, 'expenditure')).toEqual([['2026-03-02', 2670]]);
      expect(body.summary).toMatchObject({
        mean_intake_kcal: 1900,
        expenditure_kcal: 2670,
        balance_kcal: -770,
      });
    });

    it('E5: logged days per ISO week and streaks', async () => {
      const { body } = await get(ana, 'E5');
      expect(pts(body, 'nutrition_days')).toEqual([['2026-03-02', 2]]);
      expect(pts(body, 'weight_days')).toEqual([['2026-03-02', 2]]);
      expect(body.summary.nutrition).toEqual({ days: 2, current_streak: 0, longest_streak: 2 });
    });
  });

  describe('A: activity', () => {
    it('A1: minutes and sessions per week and type', async () => {
      const { body } = await get(ana, 'A1');
      expect(pts(body, 'minutes')).toEqual([['2026-03-02', 140]]);
      expect(pts(body, 'sessions')).toEqual([['2026-03-02', 3]]);
      expect(pts(body, 'minutes.run')).toEqual([['2026-03-02', 80]]);
      expect(pts(body, 'minutes.cycle')).toEqual([['2026-03-02', 60]]);
    });

    it('A2: acute and chronic session-RPE load and their ratio', async () => {
      // loads 300 (6×50), 240 (8×30), 180 (3×60); on 03-08: acute 720, chronic 720 / 4 = 180, ratio 4
      const { body } = await get(ana, 'A2');
      expect(pts(body, 'acute')).toHaveLength(7);
      expect(pts(body, 'acute')![6]).toEqual(['2026-03-08', 720]);
      expect(pts(body, 'chronic')![6]).toEqual(['2026-03-08', 180]);
      expect(body.summary).toMatchObject({
        latest_ratio: 4,
        latest_zone: 'danger',
        days_in_danger: 7,
      });
    });

    it('A3: monotony and strain of the week', async () => {
      // 300, 0, 240, 180, 0, 0, 0: sum 720, mean 102.857; squared deviations 38865.3 + 10579.6
      // + 18808.2 + 5951.0 + 3 × 10579.6 = 105942.9; population variance 105942.9 / 7 = 15134.69;
      // SD 123.023 → monotony 102.857 / 123.023 = 0.8361, strain 720 × 0.8361 = 601.98
      const { body } = await get(ana, 'A3');
      expect(pts(body, 'monotony')).toEqual([['2026-03-02', 0.84]]);
      expect(pts(body, 'strain')).toEqual([['2026-03-02', 602]]);
    });

    it('A4: logged kcal, else MET × kg × h', async () => {
      // run 9.8 × 80 × 50/60 = 653.3; run 9.8 × 79 × 0.5 = 387.1; cycle logged 600
      const { body } = await get(ana, 'A4');
      expect(pts(body, 'kcal_day')).toEqual([
        ['2026-03-02', 653],
        ['2026-03-04', 387],
        ['2026-03-05', 600],
      ]);
      expect(pts(body, 'kcal_week')).toEqual([['2026-03-02', 1640]]);
    });

    it('A5: shares of minutes by RPE', async () => {
      // low 60 (RPE 3), moderate 50 (RPE 6), high 30 (RPE 8) of 140
      const { body } = await get(ana, 'A5');
      expect(body.summary.share_pct).toEqual({ low: 42.9, moderate: 35.7, high: 21.4 });
    });

    it('A6: share of minutes per type', async () => {
      const { body } = await get(ana, 'A6');
      expect(body.summary.types).toEqual({
        cycle: { minutes: 60, share_pct: 42.9 },
        run: { minutes: 80, share_pct: 57.1 },
      });
    });

    it('A7: active days and streaks', async () => {
      const { body } = await get(ana, 'A7');
      expect(pts(body, 'active_days')).toEqual([['2026-03-02', 3]]);
      expect(body.summary).toMatchObject({ active_days: 3, current_streak: 0, longest_streak: 2 });
    });

    it('A8: distance per week and duration-weighted pace / speed', async () => {
      // run 15 km in 80 min → 11.25 km/h → 5.33 min/km; cycle 30 km in 60 min → 30 km/h
      const { body } = await get(ana, 'A8');
      expect(pts(body, 'distance.run')).toEqual([['2026-03-02', 15]]);
      expect(pts(body, 'pace.run')).toEqual([['2026-03-02', 5.33]]);
      expect(pts(body, 'speed.cycle')).toEqual([['2026-03-02', 30]]);
    });
  });

  describe('R: recovery and vital signs', () => {
    it('R1: resting HR 53 over a baseline of 50 ± 1.3', async () => {
      const { body } = await get(ana, 'R1');
      expect(pts(body, 'resting_hr')).toEqual([['2026-03-02', 53]]);
      expect(pts(body, 'baseline_low')).toEqual([['2026-03-02', 48.7]]);
      expect(pts(body, 'baseline_high')).toEqual([['2026-03-02', 51.3]]);
      expect(body.summary).toMatchObject({ days_outside_band: 1, days_above_band: 1 });
    });

    it('R2: ln(RMSSD) with its 7-day mean and band', async () => {
      const { body } = await get(ana, 'R2');
      expect(pts(body, 'ln_rmssd')).toEqual([['2026-03-02', 3.912]]);
      expect(pts(body, 'mean_7d')).toEqual([['2026-03-02', 3.895]]);
      expect(pts(body, 'baseline_mean')).toEqual([['2026-03-02', 3.863]]);
    });

    it('R3: category per reading and for the period', async () => {
      const { body } = await get(ana, 'R3');
      expect(body.summary.readings).toEqual([
        { date: '2026-03-02', systolic: 130, diastolic: 84, category: 'high_normal' },
        { date: '2026-03-03', systolic: 140, diastolic: 86, category: 'grade_1' },
      ]);
      expect(body.summary).toMatchObject({
        mean_systolic: 135,
        mean_diastolic: 85,
        period_category: 'high_normal',
      });
    });

    it('R4: nights, 7-day mean and regularity', async () => {
      const { body } = await get(ana, 'R4');
      expect(body.summary).toMatchObject({ mean_h: 7.13, regularity_sd_h: 0.85, nights: 4 });
    });

    it('R5: readiness from HRV, inverted resting HR and the workload ratio', async () => {
      // z HRV (3.91202 − 3.86265) / 0.21673 = 0.228; z RHR −(53 − 50) / 1.291 = −2.324; ratio 4 → −2
      // (0.35×0.228 − 0.25×2.324 − 0.15×2) / 0.75 = −1.0683 → 50 − 17.80 = 32
      const { body } = await get(ana, 'R5');
      expect(pts(body, 'score')).toEqual([['2026-03-02', 32]]);
      expect(pts(body, 'z_hrv')).toEqual([['2026-03-02', 0.23]]);
    });
  });

  describe('C: body composition', () => {
    it('C1: weigh-ins, EMA trend, slope and goal date', async () => {
      // trend 80, 79.9; slope −0.1/day = −0.7/week; goal 79.2: 7 days after 03-03
      const { body } = await get(ana, 'C1');
      expect(pts(body, 'trend')).toEqual([
        ['2026-03-02', 80],
        ['2026-03-03', 79.9],
      ]);
      expect(body.summary).toEqual({
        latest_trend_kg: 79.9,
        slope_kg_per_week: -0.7,
        goal_weight_kg: 79.2,
        goal_date: '2026-03-10',
      });
    });

    it("C2: the caliper module's body fat with the weight of that day (latest within 7 days)", async () => {
      // 16.0 % of 79.0 kg (03-03) = 12.64 kg fat, 66.36 kg lean
      const { body } = await get(ana, 'C2');
      expect(pts(body, 'body_fat_pct')).toEqual([['2026-03-05', 16]]);
      expect(pts(body, 'fat_mass_kg')).toEqual([['2026-03-05', 12.64]]);
      expect(pts(body, 'lean_mass_kg')).toEqual([['2026-03-05', 66.36]]);
    });

    it('C3: circumferences, waist-to-height and WHO waist-to-hip by sex', async () => {
      // 90 / 180 = 0.5 → increased (not < 0.5); 90 / 100 = 0.9 → men ≥ 0.90 substantially increased
      const { body } = await get(ana, 'C3');
      expect(body.summary.waist_to_height).toEqual({
        date: '2026-03-02',
        value: 0.5,
        band: 'increased',
      });
      expect(body.summary.waist_to_hip).toEqual({
        date: '2026-03-02',
        value: 0.9,
        band: 'substantially_increased',
      });
    });

    it('C4: BMI and FFMI with categories', async () => {
      // 80 / 1.8² = 24.69, 79 / 3.24 = 24.38; FFMI 66.36 / 3.24 + 6.1 × 0 = 20.48
      const { body } = await get(ana, 'C4');
      expect(pts(body, 'bmi')).toEqual([
        ['2026-03-02', 24.7],
        ['2026-03-03', 24.4],
      ]);
      expect(body.summary.bmi).toEqual({ date: '2026-03-03', value: 24.4, category: 'normal' });
      expect(body.summary.ffmi).toEqual({ date: '2026-03-05', value: 20.5, category: 'up_to_25' });
    });
  });
});
