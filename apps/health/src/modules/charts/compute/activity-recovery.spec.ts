import {
  acuteChronic,
  acwrZone,
  computeAcuteChronic,
  computeActiveEnergy,
  computeActivityMix,
  computeConsistency,
  computeDistancePace,
  computeIntensity,
  computeMonotony,
  computeWeeklyVolume,
  DailyLoad,
  intensityOf,
  monotonyAndStrain,
  Session,
  sessionKcal,
} from './activity';
import {
  bpCategory,
  computeBloodPressure,
  computeHrv,
  computeReadiness,
  computeRestingHr,
  computeSleep,
  loadZ,
  readinessScore,
} from './recovery';
import { daysOf, populationSd, r, shiftDate } from './series-math';

const s = (date: string, type: string, minutes: number, extra: Partial<Session> = {}): Session => ({
  date,
  type,
  minutes,
  distance_km: null,
  kcal: null,
  avg_hr: null,
  rpe: null,
  ...extra,
});
const values = (x: { points: { date: string; value: number }[] }) =>
  x.points.map((p) => [p.date, p.value]);
const daily = (from: string, loads: number[]): DailyLoad[] =>
  loads.map((load, i) => ({ date: shiftDate(from, i), load }));

// 2026-03-02 is a Monday.
describe('A1 weekly volume', () => {
  it('sums minutes and sessions per ISO week, in total and per type (empty weeks are 0)', () => {
    const c = computeWeeklyVolume({
      sessions: [
        s('2026-03-02', 'run', 30),
        s('2026-03-04', 'run', 45),
        s('2026-03-05', 'cycle', 60),
        s('2026-03-10', 'run', 20),
      ],
      from: '2026-03-02',
      to: '2026-03-15',
    });
    const by = Object.fromEntries(c.series.map((x) => [x.key, values(x).map((v) => v[1])]));
    expect(by).toEqual({
      minutes: [135, 20],
      sessions: [3, 1],
      'minutes.cycle': [60, 0],
      'sessions.cycle': [1, 0],
      'minutes.run': [75, 20],
      'sessions.run': [2, 1],
    });
    expect(
      computeWeeklyVolume({ sessions: [], from: '2026-03-02', to: '2026-03-15' })
        .insufficient_reason,
    ).toBeDefined();
  });
});

describe('A2 acute:chronic workload (Foster session-RPE, Gabbett 2016)', () => {
  it('reproduces the textbook illustration: acute week 1500 AU over a 4-week average of 1000 AU → 1.5', () => {
    // weeks of 800, 900, 800 and 1500 AU (one session a week on the week's last day): 28-day sum 4000
    const loads = Array(28).fill(0);
    loads[6] = 800;
    loads[13] = 900;
    loads[20] = 800;
    loads[27] = 1500;
    const days = acuteChronic(daily('2026-02-01', loads), '2026-02-28');
    expect(days).toEqual([{ date: '2026-02-28', acute: 1500, chronic: 1000, ratio: 1.5 }]);
    expect(acwrZone(1.5)).toBe('elevated');
    expect(acwrZone(1.51)).toBe('danger');
    expect(acwrZone(1.3)).toBe('sweet_spot');
    expect(acwrZone(0.79)).toBe('low');
    // a ratio shown as 0.8 is in the sweet spot even when floating point makes it 0.7999…
    expect(acwrZone(2.8 / 3.5)).toBe('sweet_spot');
  });

  it('computes 27 days of 100 AU and a day of 800: acute 1400, chronic 875, ratio 1.6 (danger)', () => {
    // acute = 6 × 100 + 800 = 1400; chronic = (27 × 100 + 800) / 4 = 875; 1400 / 875 = 1.6
    const c = computeAcuteChronic({
      daily: daily('2026-02-01', [...Array(27).fill(100), 800]),
      from: '2026-02-28',
      to: '2026-02-28',
    });
    expect(values(c.series[0])).toEqual([['2026-02-28', 1400]]);
    expect(values(c.series[1])).toEqual([['2026-02-28', 875]]);
    expect(values(c.series[2])).toEqual([['2026-02-28', 1.6]]);
    expect(c.summary).toMatchObject({
      latest_ratio: 1.6,
      latest_zone: 'danger',
      days_in_danger: 1,
    });
  });

  // Weekly totals placed on the last day of each 7-day block, so the rolling sums at the end of
  // week k see exactly weeks k (acute) and k−3..k (chronic).
  const weeksOf = (totals: number[]) => {
    const loads = Array(totals.length * 7).fill(0);
    totals.forEach((t, k) => (loads[k * 7 + 6] = t));
    return daily('2026-02-01', loads);
  };

  it('reproduces the published chronic loads of the Watsonia Physiotherapy example: 3, 3.5, 3.5, 4 km → 3.5; then 4 km → 3.75', () => {
    // Watsonia Physiotherapy, "How can you safely manage an increase in your physical activity
    // this summer" (https://watsoniaphysiotherapy.com.au/how-can-you-safely-manage-an-increase-in-your-physical-activity-this-summer):
    // weekly distances 3, 3.5, 3.5 and 4 km, "3+3.5+3.5+4 = 14, 14/4 = 3.5km" chronic; after
    // running 4 km in week 5 "the new chronic workload average is 3.5+3.5+4+4 = 15, 15/4 = 3.75km".
    // Our chronic load (28-day sum / 4) is that rolling 4-week average. Exact (tolerance 1e-9).
    const days = acuteChronic(weeksOf([3, 3.5, 3.5, 4, 4]), '2026-02-01');
    const endOfWeek = (k: number) => days[k * 7 - 1];
    expect(endOfWeek(4).chronic).toBeCloseTo(3.5, 9);
    expect(endOfWeek(5).chronic).toBeCloseTo(3.75, 9);
    expect(endOfWeek(5).acute).toBeCloseTo(4, 9);
    // The page states no ratio for week 5; ours (coupled, the acute week inside the chronic
    // window) is 4 / 3.75 = 1.07, in the 0.8–1.3 "happy zone" the page quotes.
    expect(endOfWeek(5).ratio).toBeCloseTo(4 / 3.75, 9);
    expect(acwrZone(endOfWeek(5).ratio as number)).toBe('sweet_spot');
  });

  it('reproduces the nevpt.com example: weekly 900, 1000, 800, 1100 AU → chronic 950 AU', () => {
    // NEVPT, "Reno-Tahoe Odyssey" (https://nevpt.com/blog/posts/reno-tahoe-odyssey.php), after
    // Gabbett: "900 AU for week 1, 1000 AU week 2, 800 week 3, and 1100 week 4 = 3800/4 = 950 AU
    // chronic workload". Exact. The acute load is week 4's 1100 AU, so the ratio is 1100/950 = 1.16.
    const last = acuteChronic(weeksOf([900, 1000, 800, 1100]), '2026-02-28');
    expect(last).toEqual([{ date: '2026-02-28', acute: 1100, chronic: 950, ratio: 1100 / 950 }]);
  });

  it('matches the bodyrecharge.co.nz example (30, 35, 30, 25 km → chronic 30; next week 25 km → 0.83) with its uncoupled reading', () => {
    // Body Recharge, "Acute:chronic workload ratio", 2020
    // (https://bodyrecharge.co.nz/2020/08/25/acutechronic-workload-ratio): weeks 30, 35, 30, 25 km
    // give a 4-week chronic workload of 30 km; "if the following week is 25km, then the ACWR is
    // 0.83 (25/30)". That is the UNCOUPLED convention (chronic = the 4 weeks before the acute
    // week). Our chart is COUPLED (chronic = the 28 days ending today, acute week included, as in
    // Hulin et al. 2014 / Gabbett 2016), so for week 5 it shows 25 / 28.75 = 0.87. The published
    // 0.83 is reproduced from our own series: chronic at the end of week 4 over acute of week 5.
    const days = acuteChronic(weeksOf([30, 35, 30, 25, 25]), '2026-02-01');
    const endOfWeek = (k: number) => days[k * 7 - 1];
    expect(endOfWeek(4).chronic).toBe(30);
    expect(endOfWeek(5).acute).toBe(25);
    expect(Math.round((endOfWeek(5).acute / endOfWeek(4).chronic) * 100) / 100).toBe(0.83);
    // coupled, as charted: (35 + 30 + 25 + 25) / 4 = 28.75 → 0.87 (differs from the published 0.83)
    expect(endOfWeek(5).chronic).toBe(28.75);
    expect(endOfWeek(5).ratio).toBeCloseTo(0.8696, 4);
  });

  it('is insufficient without any load', () => {
    const c = computeAcuteChronic({
      daily: daily('2026-02-01', Array(28).fill(0)),
      from: '2026-02-28',
      to: '2026-02-28',
    });
    expect(c.insufficient_reason).toBeDefined();
    expect(c.series[2].points).toEqual([]);
  });
});

describe('A3 monotony and strain (Foster 1998)', () => {
  it('loads 300, 0, 400, 350, 0, 500, 200: monotony 1.39, strain 2440', () => {
    // sum 1750, mean 250; squared deviations 2500 + 62500 + 22500 + 10000 + 62500 + 62500 + 2500
    // = 225000; population variance 225000 / 7 = 32142.857; SD 179.284;
    // monotony 250 / 179.284 = 1.3944; strain 1750 × 1.3944 = 2440.26
    const m = monotonyAndStrain([300, 0, 400, 350, 0, 500, 200]);
    expect(m.load).toBe(1750);
    expect(m.monotony).toBeCloseTo(1.3944, 4);
    expect(m.strain).toBeCloseTo(2440.26, 1);
    expect(monotonyAndStrain([100, 100, 100, 100, 100, 100, 100]).monotony).toBeNull();
  });

  it('reproduces the Runalyze blog minimum: one training day in seven gives 1 / (1 + √6) = 0.2899', () => {
    // Runalyze, "New formula for Monotony" (blog.runalyze.com/allgemein-en/new-formula-for-monotony):
    // mean / (SD + mean) is lowest "if you have only exercised on one of the last seven days",
    // 1 / (1 + √6) = 0.2899, so SD = √6 × mean. Loads 420, 0 × 6: mean 60; squared deviations
    // 360² + 6 × 60² = 129600 + 21600 = 151200; population variance 151200 / 7 = 21600;
    // SD √21600 = 60√6 = 146.969. (Sample SD would give √7 × mean and 1 / (1 + √7) = 0.2743.)
    // Foster's monotony is then 60 / 146.969 = 1 / √6 = 0.4082; strain 420 × 0.4082 = 171.46.
    const loads = [420, 0, 0, 0, 0, 0, 0];
    const sd = populationSd(loads) as number;
    expect(sd / 60).toBeCloseTo(Math.sqrt(6), 10);
    expect(60 / (sd + 60)).toBeCloseTo(0.2899, 4);
    const m = monotonyAndStrain(loads);
    expect(m.monotony).toBeCloseTo(1 / Math.sqrt(6), 10);
    expect(r(m.monotony as number, 2)).toBe(0.41);
    expect(m.strain).toBeCloseTo(171.46, 2);
  });

  it('reproduces Runalyze MonotonyTest: loads 5, 15, 20, 20, 20, 25, 35 give 20 / 8.45 and 140 × 20 / 8.45', () => {
    // Runalyze/Runalyze tests/inc/core/Calculation/MonotonyTest.php (testAnotherSimpleExample)
    // expects monotony 20 / 8.45 ± 0.01 and strain 140 × 20 / 8.45 ± 0.1; Monotony.php divides the
    // variance by 7. Mean 20; squared deviations 225 + 25 + 0 + 0 + 0 + 25 + 225 = 500; population
    // variance 500 / 7 = 71.429; SD 8.4515; monotony 20 / 8.4515 = 2.3664; strain 140 × 2.3664
    // = 331.30. (Sample SD √(500 / 6) = 9.129 would give 2.191, outside the published tolerance.)
    const m = monotonyAndStrain([5, 15, 20, 20, 20, 25, 35]);
    expect(m.load).toBe(140);
    expect(populationSd([5, 15, 20, 20, 20, 25, 35])).toBeCloseTo(8.4515, 4);
    expect(m.monotony).toBeCloseTo(2.3664, 4);
    expect(m.strain).toBeCloseTo(331.3, 1);
    expect(Math.abs((m.monotony as number) - 20 / 8.45)).toBeLessThanOrEqual(0.01);
    expect(Math.abs((m.strain as number) - (140 * 20) / 8.45)).toBeLessThanOrEqual(0.1);
  });

  it('answers complete ISO weeks only and the last 7 days', () => {
    const c = computeMonotony({
      daily: daily('2026-03-02', [300, 0, 400, 350, 0, 500, 200, 0, 0, 0]),
      from: '2026-03-02',
      to: '2026-03-11',
    });
    // the week of the first test: monotony 1.3944 → 1.39, strain 2440.26 → 2440
    expect(values(c.series[1])).toEqual([['2026-03-02', 1.39]]);
    expect(values(c.series[2])).toEqual([['2026-03-02', 2440]]);
    // last 7 days 03-05..03-11: 350, 0, 500, 200, 0, 0, 0 → sum 1050
    expect((c.summary.last_7d as { load: number }).load).toBe(1050);
  });
});

describe('A4 active energy', () => {
  it('takes logged kcal, else MET × kg × h: run 60 min at 70 kg = 9.8 × 70 × 1 = 686', () => {
    expect(sessionKcal({ kcal: null, type: 'run', minutes: 60 }, 70)).toEqual({
      kcal: 686,
      estimated: true,
    });
    const c = computeActiveEnergy({
      sessions: [s('2026-03-02', 'run', 60), s('2026-03-02', 'cycle', 30, { kcal: 300 })],
      weightOn: () => 70,
      from: '2026-03-02',
      to: '2026-03-08',
    });
    expect(values(c.series[0])).toEqual([['2026-03-02', 986]]);
    expect(values(c.series[1])).toEqual([['2026-03-02', 986]]);
    expect(c.summary).toMatchObject({
      total_kcal: 986,
      sessions_logged_kcal: 1,
      sessions_estimated_kcal: 1,
    });
  });
});

describe('A5 intensity distribution', () => {
  it('classifies by % HRmax (Tanaka: 208 − 0.7 × 40 = 180) when heart rate and age are known', () => {
    // 110/180 = 61 % low; 120/180 = 66.7 % moderate; 140/180 = 77.8 % high
    expect(intensityOf({ avg_hr: 110, rpe: 9 }, 40)?.intensity).toBe('low');
    expect(intensityOf({ avg_hr: 120, rpe: null }, 40)?.intensity).toBe('moderate');
    expect(intensityOf({ avg_hr: 140, rpe: null }, 40)?.intensity).toBe('high');
    expect(intensityOf({ avg_hr: 140, rpe: 3 }, null)).toEqual({ intensity: 'low', by: 'rpe' });
  });

  it('shares minutes by RPE: 30 min at 3, 60 at 6, 10 at 8 → 30 / 60 / 10 %', () => {
    const c = computeIntensity({
      sessions: [
        s('2026-03-02', 'run', 30, { rpe: 3 }),
        s('2026-03-03', 'run', 60, { rpe: 6 }),
        s('2026-03-04', 'run', 10, { rpe: 8 }),
        s('2026-03-05', 'walk', 45),
      ],
      age: null,
      from: '2026-03-02',
      to: '2026-03-08',
    });
    expect(c.summary).toMatchObject({
      share_pct: { low: 30, moderate: 60, high: 10 },
      unclassified_minutes: 45,
      sessions_by_rpe: 3,
    });
  });
});

describe('A6 activity mix', () => {
  it('gives run 90 min and cycle 30 min shares of 75 % and 25 %', () => {
    const c = computeActivityMix({
      sessions: [s('2026-03-02', 'run', 90), s('2026-03-03', 'cycle', 30)],
      from: '2026-03-02',
      to: '2026-03-08',
    });
    expect(c.summary.types).toEqual({
      cycle: { minutes: 30, share_pct: 25 },
      run: { minutes: 90, share_pct: 75 },
    });
    expect(values(c.series[1])).toEqual([['2026-03-02', 75]]);
  });
});

describe('A7 consistency', () => {
  it('counts active days per week and streaks', () => {
    const c = computeConsistency({
      sessions: ['2026-03-02', '2026-03-03', '2026-03-05', '2026-03-10', '2026-03-10'].map((d) =>
        s(d, 'run', 30),
      ),
      from: '2026-03-02',
      to: '2026-03-11',
    });
    expect(values(c.series[0])).toEqual([
      ['2026-03-02', 3],
      ['2026-03-09', 1],
    ]);
    expect(c.summary).toMatchObject({ active_days: 4, current_streak: 1, longest_streak: 2 });
  });
});

describe('A8 distance and pace', () => {
  it('weights speed by duration: 10 km in 50 min and 5 km in 30 min → 11.25 km/h, 5.33 min/km', () => {
    // (12 km/h × 50 + 10 km/h × 30) / 80 = 11.25 = 15 km / (80/60) h; pace 60 / 11.25 = 5.333
    const c = computeDistancePace({
      sessions: [
        s('2026-03-02', 'run', 50, { distance_km: 10 }),
        s('2026-03-04', 'run', 30, { distance_km: 5 }),
        s('2026-03-05', 'cycle', 60, { distance_km: 30 }),
        s('2026-03-06', 'strength', 60),
      ],
      from: '2026-03-02',
      to: '2026-03-08',
    });
    expect(c.summary.types).toEqual({
      cycle: { distance_km: 30, speed_kmh: 30, pace_min_per_km: 2 },
      run: { distance_km: 15, speed_kmh: 11.25, pace_min_per_km: 5.33 },
    });
    expect(c.series.map((x) => x.key)).toEqual([
      'distance.cycle',
      'speed.cycle',
      'distance.run',
      'pace.run',
    ]);
    expect(values(c.series[3])).toEqual([['2026-03-02', 5.33]]);
  });
});

describe('R1 resting heart rate vs 28-day baseline', () => {
  it('bands 53 bpm against the 7 readings before: mean 50, SD 1.291 → above the band', () => {
    // 50, 52, 48, 50, 51, 49, 50: mean 50; squared deviations 0+4+4+0+1+1+0 = 10; SD √(10/6) = 1.291
    const readings = [50, 52, 48, 50, 51, 49, 50, 53].map((value, i) => ({
      date: shiftDate('2026-03-01', i),
      value,
    }));
    const c = computeRestingHr({ values: readings, from: '2026-03-08', to: '2026-03-08' });
    expect(values(c.series[0])).toEqual([['2026-03-08', 53]]);
    expect(values(c.series[1])).toEqual([['2026-03-08', 50]]);
    expect(values(c.series[2])).toEqual([['2026-03-08', 48.7]]);
    expect(values(c.series[3])).toEqual([['2026-03-08', 51.3]]);
    expect(c.summary).toMatchObject({ days_outside_band: 1, days_above_band: 1 });
  });

  it('is insufficient with fewer than 7 readings before the day', () => {
    const readings = [50, 52, 53].map((value, i) => ({ date: shiftDate('2026-03-01', i), value }));
    expect(
      computeRestingHr({ values: readings, from: '2026-03-01', to: '2026-03-03' })
        .insufficient_reason,
    ).toMatch(/7/);
  });
});

describe('R2 HRV ln(RMSSD)', () => {
  it('bands ln(50) = 3.912 against ln of 40, 60, 40, 60, 40, 60, 40: 3.863 ± 0.217', () => {
    // by hand: mean (4 × 3.68888 + 3 × 4.09434) / 7 = 3.86265; SD 0.21673;
    // 7-day mean of 60, 40, 60, 40, 60, 40, 50 in ln = 27.26168 / 7 = 3.89453
    const readings = [40, 60, 40, 60, 40, 60, 40, 50].map((value, i) => ({
      date: shiftDate('2026-03-01', i),
      value,
    }));
    const c = computeHrv({ values: readings, from: '2026-03-08', to: '2026-03-08' });
    const by = Object.fromEntries(c.series.map((x) => [x.key, x.points[0]?.value]));
    expect(by).toEqual({
      ln_rmssd: 3.912,
      mean_7d: 3.895,
      baseline_mean: 3.863,
      baseline_low: 3.646,
      baseline_high: 4.079,
    });
    expect(c.summary).toMatchObject({ days_outside_band: 0, mean_7d_outside_band: 0 });
  });
});

describe('R3 blood pressure (2018 ESC/ESH)', () => {
  it('classifies readings by the higher category of systolic and diastolic (ESC/ESH Table 3)', () => {
    expect(bpCategory(118, 78)).toBe('optimal');
    expect(bpCategory(125, 82)).toBe('normal');
    expect(bpCategory(135, 80)).toBe('high_normal');
    expect(bpCategory(145, 85)).toBe('grade_1');
    expect(bpCategory(150, 105)).toBe('grade_2'); // diastolic decides
    expect(bpCategory(185, 95)).toBe('grade_3');
    expect(bpCategory(150, 85)).toBe('grade_1'); // isolated systolic hypertension graded by SBP
    expect(bpCategory(119, 80)).toBe('normal');
    expect(bpCategory(179, 109)).toBe('grade_2');
  });

  it.each([
    // [systolic, diastolic, category] at the edges of the published table
    [119, 79, 'optimal'],
    [120, 79, 'normal'],
    [129, 84, 'normal'],
    [119, 80, 'normal'],
    [130, 84, 'high_normal'],
    [139, 89, 'high_normal'],
    [110, 85, 'high_normal'],
    [140, 89, 'grade_1'],
    [159, 99, 'grade_1'],
    [110, 90, 'grade_1'],
    [160, 99, 'grade_2'],
    [179, 109, 'grade_2'],
    [110, 100, 'grade_2'],
    [180, 109, 'grade_3'],
    [110, 110, 'grade_3'],
    // isolated systolic hypertension (≥ 140 and < 90) graded 1, 2, 3 by the systolic value
    [145, 85, 'grade_1'],
    [165, 85, 'grade_2'],
    [185, 85, 'grade_3'],
  ] as const)('follows the published ESC/ESH 2018 table: %i/%i mmHg is %s', (sys, dia, cat) => {
    // 2018 ESC/ESH Guidelines (Williams B et al., Eur Heart J 2018;39:3021-3104), Table 3, as
    // quoted at https://www.droracle.ai/articles/637920/what-are-the-stages-of-hypertension-grading
    // and https://biologyinsights.com/what-is-considered-normal-blood-pressure-in-europe:
    // optimal < 120 and < 80; normal 120–129 and/or 80–84; high normal 130–139 and/or 85–89;
    // grade 1 140–159 and/or 90–99; grade 2 160–179 and/or 100–109; grade 3 ≥ 180 and/or ≥ 110;
    // isolated systolic hypertension ≥ 140 and < 90, "graded (1, 2, 3) according to systolic blood
    // pressure values in the ranges indicated, provided that diastolic values are < 90 mmHg"
    // (ESH-ESC practice guidelines as quoted at https://www.easymanua.ls/gamma/active/manual?p=8).
    // Integer mmHg readings; exact.
    expect(bpCategory(sys, dia)).toBe(cat);
  });

  it('classifies the period by its mean: 130/84 and 140/86 → 135/85 high normal', () => {
    const c = computeBloodPressure({
      systolic: [
        { date: '2026-03-01', value: 130 },
        { date: '2026-03-02', value: 140 },
        { date: '2026-03-03', value: 150 },
      ],
      diastolic: [
        { date: '2026-03-01', value: 84 },
        { date: '2026-03-02', value: 86 },
      ],
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(c.summary).toMatchObject({
      mean_systolic: 135,
      mean_diastolic: 85,
      period_category: 'high_normal',
      // 130/84: systolic 130 is already high normal; 140/86: grade 1
      category_counts: { normal: 0, grade_1: 1, high_normal: 1 },
    });
    expect(values(c.series[2])).toEqual([
      ['2026-03-01', 2],
      ['2026-03-02', 3],
    ]);
  });
});

describe('R4 sleep', () => {
  it('7, 8, 6, 7.5 h: mean 7.13, regularity SD 0.85', () => {
    // mean 7.125; squared deviations .015625 + .765625 + 1.265625 + .140625 = 2.1875; SD √(2.1875/3) = 0.854
    const c = computeSleep({
      values: [7, 8, 6, 7.5].map((value, i) => ({ date: shiftDate('2026-03-01', i), value })),
      from: '2026-03-01',
      to: '2026-03-04',
    });
    expect(c.summary).toMatchObject({ mean_h: 7.13, regularity_sd_h: 0.85, nights: 4 });
    expect(values(c.series[1])).toEqual([
      ['2026-03-01', 7],
      ['2026-03-02', 7.5],
      ['2026-03-03', 7],
      ['2026-03-04', 7.13],
    ]);
  });
});

describe('R5 readiness', () => {
  it('weights z-scores: HRV +1 and resting HR +1.5 (inverted) → 50 + 1.2083 × 50/3 = 70', () => {
    // (0.35 × 1 + 0.25 × 1.5) / 0.6 = 1.20833
    expect(readinessScore({ hrv: 1, resting_hr: 1.5 })).toBeCloseTo(70.139, 2);
    expect(readinessScore({ hrv: 1 })).toBeNull();
    expect(readinessScore({ hrv: 5, sleep: 5 })).toBe(100);
    expect(loadZ(1)).toBe(1);
    expect(loadZ(1.4)).toBe(0);
    expect(loadZ(1.6)).toBe(-2);
  });

  it('scores a day from resting HR above baseline and the workload ratio', () => {
    // RHR z = (53 − 50) / 1.291 = 2.324, inverted −2.324; load ratio 1.0 → +1;
    // (0.25 × −2.324 + 0.15 × 1) / 0.4 = −1.0774 → 50 − 17.96 = 32
    const rhr = [50, 52, 48, 50, 51, 49, 50, 53].map((value, i) => ({
      date: shiftDate('2026-03-01', i),
      value,
    }));
    const c = computeReadiness({
      restingHr: rhr,
      rmssd: [],
      sleep: [],
      acwr: daysOf('2026-03-08', '2026-03-08').map((date) => ({
        date,
        acute: 100,
        chronic: 100,
        ratio: 1,
      })),
      from: '2026-03-08',
      to: '2026-03-08',
    });
    expect(values(c.series[0])).toEqual([['2026-03-08', 32]]);
    expect(values(c.series[2])).toEqual([['2026-03-08', -2.32]]);
  });
});
