import { ACWR_DANGER_ABOVE, ACWR_SWEET_SPOT, AcwrDay } from './activity';
import { ChartComputation, ChartPoint, series } from './chart-types';
import { dayNumber, inRange, mean, r, rn, sampleSd, shiftDate, trailingMeans } from './series-math';
import type { DatedValue } from './weight-trend';

/** Days before a reading that form its baseline (the day itself excluded). */
export const BASELINE_DAYS = 28;
/** Fewest readings in the baseline window for a band (a quarter of the window). */
export const BASELINE_MIN_READINGS = 7;

export interface Baseline {
  mean: number;
  sd: number;
  n: number;
}

/**
 * Rolling baseline of each reading: mean ± 1 SD of the readings of the 28 days before it,
 * the day itself excluded (Plews DJ et al., Sports Med 2013;43:773-781, baseline approach
 * for HRV-guided training; the same rule serves resting heart rate). `sorted` ascending; the
 * answer is aligned with it (undefined below `BASELINE_MIN_READINGS` readings).
 */
export function rollingBaselineList(sorted: readonly DatedValue[]): (Baseline | undefined)[] {
  const out: (Baseline | undefined)[] = new Array(sorted.length);
  const day = sorted.map((v) => dayNumber(v.date));
  // running sums over the readings of [day − 28, day − 1]
  let start = 0;
  let sum = 0;
  let sumSq = 0;
  for (let i = 0; i < sorted.length; i++) {
    const first = day[i] - BASELINE_DAYS;
    while (day[start] < first) {
      sum -= sorted[start].value;
      sumSq -= sorted[start].value ** 2;
      start++;
    }
    const n = i - start;
    if (n >= BASELINE_MIN_READINGS) {
      const m = sum / n;
      const sd = Math.sqrt(Math.max(0, (sumSq - n * m * m) / (n - 1)));
      // float residue of identical readings is no spread
      out[i] = { mean: m, sd: sd < 1e-9 * Math.max(1, Math.abs(m)) ? 0 : sd, n };
    }
    sum += sorted[i].value;
    sumSq += sorted[i].value ** 2;
  }
  return out;
}

/** `rollingBaselineList` by day. */
export function rollingBaselines(sorted: readonly DatedValue[]): Map<string, Baseline> {
  const out = new Map<string, Baseline>();
  rollingBaselineList(sorted).forEach((b, i) => b && out.set(sorted[i].date, b));
  return out;
}

/** The z-score of `value` against its baseline; null when the baseline has no spread. */
export const zScore = (value: number, b: Baseline | undefined): number | null =>
  b && b.sd > 0 ? (value - b.mean) / b.sd : null;

/** The readings of [from, to] with the baseline of each (aligned, undefined without one). */
interface BaselineWindow {
  window: DatedValue[];
  baselines: (Baseline | undefined)[];
}

function baselineChart(input: {
  /** Readings from `from − 28` to `to`, ascending (already transformed, e.g. ln). */
  values: readonly DatedValue[];
  from: string;
  to: string;
  key: string;
  label: string;
  unit: string | null;
  digits: number;
  what: string;
}): { result: ChartComputation } & BaselineWindow {
  const { from, to, digits } = input;
  const all = rollingBaselineList(input.values);
  const window: DatedValue[] = [];
  const baselines: (Baseline | undefined)[] = [];
  const readings: ChartPoint[] = [];
  const means: ChartPoint[] = [];
  const lows: ChartPoint[] = [];
  const highs: ChartPoint[] = [];
  let above = 0;
  let below = 0;
  // One pass over the window: the readings, the band of those with a baseline, and the counts.
  input.values.forEach((v, i) => {
    if (!inRange(v.date, from, to)) return;
    const b = all[i];
    window.push(v);
    baselines.push(b);
    readings.push({ date: v.date, value: r(v.value, digits) });
    if (!b) return;
    means.push({ date: v.date, value: r(b.mean, digits) });
    lows.push({ date: v.date, value: r(b.mean - b.sd, digits) });
    highs.push({ date: v.date, value: r(b.mean + b.sd, digits) });
    if (v.value > b.mean + b.sd) above++;
    else if (v.value < b.mean - b.sd) below++;
  });
  const last = window[window.length - 1];
  const lastBase = baselines[baselines.length - 1];
  const result: ChartComputation = {
    series: [
      series(input.key, input.label, input.unit, readings),
      series('baseline_mean', 'Baseline (28 d mean)', input.unit, means),
      series('baseline_low', 'Baseline − 1 SD', input.unit, lows),
      series('baseline_high', 'Baseline + 1 SD', input.unit, highs),
    ],
    summary: {
      latest: last ? r(last.value, digits) : null,
      latest_baseline: lastBase
        ? { mean: r(lastBase.mean, digits), sd: r(lastBase.sd, digits), readings: lastBase.n }
        : null,
      days_with_baseline: means.length,
      days_outside_band: above + below,
      days_above_band: above,
      days_below_band: below,
    },
    data_points: window.length,
  };
  if (!window.length) result.insufficient_reason = `No ${input.what} reading in the range.`;
  else if (!means.length) {
    result.insufficient_reason = `A baseline needs at least ${BASELINE_MIN_READINGS} ${input.what} readings in the ${BASELINE_DAYS} days before a day.`;
  }
  return { result, window, baselines };
}

/** R1 resting heart rate against its rolling 28-day baseline. */
export function computeRestingHr(input: {
  values: readonly DatedValue[];
  from: string;
  to: string;
}): ChartComputation {
  return baselineChart({
    ...input,
    key: 'resting_hr',
    label: 'Resting heart rate',
    unit: 'bpm',
    digits: 1,
    what: 'resting heart rate',
  }).result;
}

/** ln(RMSSD), the log-transformed HRV used for baselines (Plews 2013, Buchheit 2014). */
export const lnRmssd = (values: readonly DatedValue[]): DatedValue[] =>
  values.filter((v) => v.value > 0).map((v) => ({ date: v.date, value: Math.log(v.value) }));

/** R2 ln(RMSSD): daily, 7-day mean of the logged days, and the 28-day baseline band. */
export function computeHrv(input: {
  values: readonly DatedValue[];
  from: string;
  to: string;
}): ChartComputation {
  const ln = lnRmssd(input.values);
  const { result, window, baselines } = baselineChart({
    values: ln,
    from: input.from,
    to: input.to,
    key: 'ln_rmssd',
    label: 'ln(RMSSD)',
    unit: 'ln(ms)',
    digits: 3,
    what: 'HRV',
  });
  const means = trailingMeans(ln, 7);
  const mean7 = window.map((v) => ({ date: v.date, value: r(means.get(v.date) as number, 3) }));
  result.series.splice(1, 0, series('mean_7d', '7-day mean', 'ln(ms)', mean7));
  result.summary.mean_7d_outside_band = window.filter((v, i) => {
    const b = baselines[i];
    const m = means.get(v.date) as number;
    return b !== undefined && (m > b.mean + b.sd || m < b.mean - b.sd);
  }).length;
  return result;
}

// ---------------------------------------------------------------------------- R3

/**
 * 2018 ESC/ESH Guidelines for the management of arterial hypertension (Williams B et al.,
 * Eur Heart J 2018;39:3021-3104, Table 3). When systolic and diastolic fall into different
 * categories, the higher one applies.
 */
export const BP_CATEGORIES = [
  { key: 'optimal', systolicFrom: 0, diastolicFrom: 0 },
  { key: 'normal', systolicFrom: 120, diastolicFrom: 80 },
  { key: 'high_normal', systolicFrom: 130, diastolicFrom: 85 },
  { key: 'grade_1', systolicFrom: 140, diastolicFrom: 90 },
  { key: 'grade_2', systolicFrom: 160, diastolicFrom: 100 },
  { key: 'grade_3', systolicFrom: 180, diastolicFrom: 110 },
] as const;
export type BpCategory = (typeof BP_CATEGORIES)[number]['key'];

const rankOf = (value: number, pick: 'systolicFrom' | 'diastolicFrom'): number => {
  let rank = 0;
  BP_CATEGORIES.forEach((c, i) => {
    if (value >= c[pick]) rank = i;
  });
  return rank;
};

/** Category rank 0 (optimal) … 5 (grade 3) of one reading. */
export function bpCategoryRank(systolic: number, diastolic: number): number {
  return Math.max(rankOf(systolic, 'systolicFrom'), rankOf(diastolic, 'diastolicFrom'));
}

export const bpCategory = (systolic: number, diastolic: number): BpCategory =>
  BP_CATEGORIES[bpCategoryRank(systolic, diastolic)].key;

/** R3 blood pressure: readings (days with both values), their category, the period's category. */
export function computeBloodPressure(input: {
  systolic: readonly DatedValue[];
  diastolic: readonly DatedValue[];
  from: string;
  to: string;
}): ChartComputation {
  const dia = new Map(input.diastolic.map((d) => [d.date, d.value]));
  const readings = input.systolic
    .filter((s) => dia.has(s.date) && inRange(s.date, input.from, input.to))
    .map((s) => {
      const d = dia.get(s.date) as number;
      return { date: s.date, systolic: s.value, diastolic: d, category: bpCategory(s.value, d) };
    });
  const ms = mean(readings.map((x) => x.systolic));
  const md = mean(readings.map((x) => x.diastolic));
  const counts = Object.fromEntries(BP_CATEGORIES.map((c) => [c.key, 0])) as Record<
    BpCategory,
    number
  >;
  for (const x of readings) counts[x.category] += 1;
  const out: ChartComputation = {
    series: [
      series(
        'systolic',
        'Systolic',
        'mmHg',
        readings.map((x) => ({ date: x.date, value: x.systolic })),
      ),
      series(
        'diastolic',
        'Diastolic',
        'mmHg',
        readings.map((x) => ({ date: x.date, value: x.diastolic })),
      ),
      series(
        'category_rank',
        'Category (0 optimal … 5 grade 3)',
        null,
        readings.map((x) => ({ date: x.date, value: bpCategoryRank(x.systolic, x.diastolic) })),
      ),
    ],
    summary: {
      readings: readings.map((x) => ({
        ...x,
        systolic: r(x.systolic, 0),
        diastolic: r(x.diastolic, 0),
      })),
      mean_systolic: rn(ms, 1),
      mean_diastolic: rn(md, 1),
      period_category: ms !== null && md !== null ? bpCategory(ms, md) : null,
      category_counts: counts,
      categories: BP_CATEGORIES.map((c) => c.key),
    },
    data_points: readings.length,
  };
  if (!readings.length) {
    out.insufficient_reason = 'No day in the range has both a systolic and a diastolic reading.';
  }
  return out;
}

// ---------------------------------------------------------------------------- R4

/** R4 sleep: duration per night, 7-day mean of the logged nights, regularity (SD). */
export function computeSleep(input: {
  values: readonly DatedValue[];
  from: string;
  to: string;
}): ChartComputation {
  const means = trailingMeans(input.values, 7);
  const window = input.values.filter((v) => inRange(v.date, input.from, input.to));
  const last7 = window.filter((v) => v.date >= shiftDate(input.to, -6)).map((v) => v.value);
  const out: ChartComputation = {
    series: [
      series(
        'duration',
        'Sleep duration',
        'h',
        window.map((v) => ({ date: v.date, value: r(v.value, 2) })),
      ),
      series(
        'mean_7d',
        '7-day mean',
        'h',
        window.map((v) => ({ date: v.date, value: r(means.get(v.date) as number, 2) })),
      ),
    ],
    summary: {
      mean_h: rn(mean(window.map((v) => v.value)), 2),
      regularity_sd_h: rn(sampleSd(window.map((v) => v.value)), 2),
      last_7d_mean_h: rn(mean(last7), 2),
      last_7d_sd_h: rn(sampleSd(last7), 2),
      nights: window.length,
    },
    data_points: window.length,
  };
  if (window.length < 2)
    out.insufficient_reason = 'At least 2 nights in the range are needed for regularity.';
  return out;
}

// ---------------------------------------------------------------------------- R5

/**
 * Readiness weights (documented choice; HRV weighted highest as the most specific marker of
 * autonomic recovery, Plews 2013): HRV 0.35, resting HR 0.25, sleep 0.25, workload 0.15.
 * Weights are renormalised over the components present on a day; at least 2 are needed.
 */
export const READINESS_WEIGHTS = { hrv: 0.35, resting_hr: 0.25, sleep: 0.25, load: 0.15 } as const;
type Component = keyof typeof READINESS_WEIGHTS;
const Z_CAP = 3;

/**
 * The workload ratio as a z-like value: +1 in the sweet spot 0.8–1.3, 0 just outside it
 * (below 0.8 or 1.3–1.5), −2 in the danger zone above 1.5 (Gabbett 2016).
 */
export function loadZ(ratio: number): number {
  if (ratio > ACWR_DANGER_ABOVE) return -2;
  if (ratio >= ACWR_SWEET_SPOT.low && ratio <= ACWR_SWEET_SPOT.high) return 1;
  return 0;
}

/** 0–100: 50 + weighted mean z × 50 / 3 (z capped at ±3, so ±3 SD maps to 100 / 0). */
export function readinessScore(z: Partial<Record<Component, number>>): number | null {
  const present = (Object.keys(READINESS_WEIGHTS) as Component[]).filter((k) => z[k] !== undefined);
  if (present.length < 2) return null;
  const w = present.reduce((a, k) => a + READINESS_WEIGHTS[k], 0);
  const zm =
    present.reduce(
      (a, k) => a + READINESS_WEIGHTS[k] * Math.max(-Z_CAP, Math.min(Z_CAP, z[k] as number)),
      0,
    ) / w;
  return 50 + (zm * 50) / Z_CAP;
}

export function computeReadiness(input: {
  restingHr: readonly DatedValue[];
  rmssd: readonly DatedValue[];
  sleep: readonly DatedValue[];
  /** Acute:chronic days of the range (A2). */
  acwr: readonly AcwrDay[];
  from: string;
  to: string;
}): ChartComputation {
  const { from, to } = input;
  const ln = lnRmssd(input.rmssd);
  const sources: Record<
    Exclude<Component, 'load'>,
    { values: Map<string, number>; base: Map<string, Baseline>; sign: number }
  > = {
    hrv: { values: new Map(ln.map((v) => [v.date, v.value])), base: rollingBaselines(ln), sign: 1 },
    // A resting heart rate above its baseline means less readiness: inverted.
    resting_hr: {
      values: new Map(input.restingHr.map((v) => [v.date, v.value])),
      base: rollingBaselines(input.restingHr),
      sign: -1,
    },
    sleep: {
      values: new Map(input.sleep.map((v) => [v.date, v.value])),
      base: rollingBaselines(input.sleep),
      sign: 1,
    },
  };
  const ratio = new Map(
    input.acwr.filter((d) => d.ratio !== null).map((d) => [d.date, d.ratio as number]),
  );
  const days = new Set<string>();
  for (const s of Object.values(sources))
    for (const d of s.values.keys()) if (inRange(d, from, to)) days.add(d);
  const score: ChartPoint[] = [];
  const comp: Record<Component, ChartPoint[]> = { hrv: [], resting_hr: [], sleep: [], load: [] };
  for (const date of [...days].sort()) {
    const z: Partial<Record<Component, number>> = {};
    for (const [k, s] of Object.entries(sources) as [
      Exclude<Component, 'load'>,
      (typeof sources)['hrv'],
    ][]) {
      const v = s.values.get(date);
      const zz = v === undefined ? null : zScore(v, s.base.get(date));
      if (zz !== null) z[k] = s.sign * zz;
    }
    const ra = ratio.get(date);
    if (ra !== undefined) z.load = loadZ(ra);
    const sc = readinessScore(z);
    if (sc === null) continue;
    score.push({ date, value: r(sc, 0) });
    for (const k of Object.keys(z) as Component[])
      comp[k].push({ date, value: r(z[k] as number, 2) });
  }
  const last = score[score.length - 1];
  const out: ChartComputation = {
    series: [
      series('score', 'Readiness', 'score', score),
      series('z_hrv', 'HRV (z)', 'z', comp.hrv),
      series('z_resting_hr', 'Resting HR (z, inverted)', 'z', comp.resting_hr),
      series('z_sleep', 'Sleep (z)', 'z', comp.sleep),
      series('z_load', 'Workload ratio component', 'z', comp.load),
    ],
    summary: {
      latest_score: last ? last.value : null,
      mean_score: rn(mean(score.map((p) => p.value)), 0),
      weights: READINESS_WEIGHTS,
    },
    data_points: days.size,
  };
  if (!score.length) {
    out.insufficient_reason = `Readiness needs, on one day, at least 2 components: HRV, resting HR or sleep with a baseline of ${BASELINE_MIN_READINGS}+ readings in the ${BASELINE_DAYS} days before, or a workload ratio.`;
  }
  return out;
}
