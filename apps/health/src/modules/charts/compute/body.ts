import { ChartComputation, ChartPoint, series } from './chart-types';
import { inRange, mean, r, rn, shiftDate } from './series-math';
import type { DatedValue } from './weight-trend';

/** How many days a weigh-in may precede a measurement and still count as "its" weight. */
export const WEIGHT_LOOKBACK_DAYS = 7;

/** The weigh-in of `date`, else the latest one within the WEIGHT_LOOKBACK_DAYS before it. */
export function weightFinder(weights: readonly DatedValue[]): (date: string) => number | null {
  const byDate = new Map(weights.map((w) => [w.date, w.value]));
  return (date: string) => {
    for (let k = 0; k <= WEIGHT_LOOKBACK_DAYS; k++) {
      const v = byDate.get(shiftDate(date, -k));
      if (v !== undefined) return v;
    }
    return null;
  };
}

export interface BodyFatReading {
  date: string;
  formula: string;
  body_fat_pct: number;
}

/** When several skinfold formulas were measured on one day, the one with more sites wins. */
const FORMULA_PREFERENCE = ['jp7', 'dw4', 'jp3'];

export function oneReadingPerDay(readings: readonly BodyFatReading[]): BodyFatReading[] {
  const best = new Map<string, BodyFatReading>();
  for (const x of readings) {
    const cur = best.get(x.date);
    if (!cur || FORMULA_PREFERENCE.indexOf(x.formula) < FORMULA_PREFERENCE.indexOf(cur.formula))
      best.set(x.date, x);
  }
  return [...best.values()].sort((a, b) => (a.date < b.date ? -1 : 1));
}

/** Fat mass = weight × body fat % / 100; lean (fat-free) mass = weight − fat mass. */
export function bodyComposition(
  weightKg: number,
  bodyFatPct: number,
): { fat_kg: number; lean_kg: number } {
  const fat = (weightKg * bodyFatPct) / 100;
  return { fat_kg: fat, lean_kg: weightKg - fat };
}

/**
 * C2 body composition: body-fat % of the caliper module (Jackson-Pollock 3/7 site or
 * Durnin-Womersley density, Siri 1961 conversion, stored per measurement), fat and lean mass
 * with the weight of that day.
 */
export function computeBodyComposition(input: {
  readings: readonly BodyFatReading[];
  weights: readonly DatedValue[];
  from: string;
  to: string;
}): ChartComputation {
  const weightOn = weightFinder(input.weights);
  const readings = oneReadingPerDay(input.readings).filter((x) =>
    inRange(x.date, input.from, input.to),
  );
  const fat: ChartPoint[] = [];
  const lean: ChartPoint[] = [];
  for (const x of readings) {
    const kg = weightOn(x.date);
    if (kg === null) continue;
    const c = bodyComposition(kg, x.body_fat_pct);
    fat.push({ date: x.date, value: r(c.fat_kg, 2) });
    lean.push({ date: x.date, value: r(c.lean_kg, 2) });
  }
  const first = readings[0];
  const last = readings[readings.length - 1];
  const out: ChartComputation = {
    series: [
      series(
        'body_fat_pct',
        'Body fat',
        '%',
        readings.map((x) => ({ date: x.date, value: x.body_fat_pct })),
      ),
      series('fat_mass_kg', 'Fat mass', 'kg', fat),
      series('lean_mass_kg', 'Lean mass', 'kg', lean),
    ],
    summary: {
      latest: last
        ? {
            date: last.date,
            formula: last.formula,
            body_fat_pct: last.body_fat_pct,
            fat_mass_kg: fat.find((p) => p.date === last.date)?.value ?? null,
            lean_mass_kg: lean.find((p) => p.date === last.date)?.value ?? null,
          }
        : null,
      change_body_fat_pct: first && last ? r(last.body_fat_pct - first.body_fat_pct, 1) : null,
      weight_lookback_days: WEIGHT_LOOKBACK_DAYS,
    },
    data_points: readings.length,
  };
  if (!readings.length) out.insufficient_reason = 'No caliper measurement in the range.';
  return out;
}

// ---------------------------------------------------------------------------- C3

/**
 * Waist-to-height ratio bands: < 0.5 low risk, 0.5–0.6 increased, ≥ 0.6 high (Ashwell M,
 * Gunn P, Gibson S. Obes Rev 2012;13:275-286; "keep your waist to less than half your height").
 */
export function waistToHeightBand(ratio: number): 'low' | 'increased' | 'high' {
  return ratio < 0.5 ? 'low' : ratio < 0.6 ? 'increased' : 'high';
}

/**
 * WHO. Waist circumference and waist-hip ratio: report of a WHO expert consultation, Geneva
 * 2008: substantially increased risk of metabolic complications at ≥ 0.90 (men), ≥ 0.85 (women).
 */
export function waistToHipBand(
  ratio: number,
  sex: 'female' | 'male' | null,
): 'low' | 'substantially_increased' | null {
  if (sex === null) return null;
  return ratio >= (sex === 'male' ? 0.9 : 0.85) ? 'substantially_increased' : 'low';
}

export function computeCircumferences(input: {
  points: readonly { date: string; site: string; value_cm: number }[];
  heightCm: number | null;
  sex: 'female' | 'male' | null;
  from: string;
  to: string;
}): ChartComputation {
  const pts = input.points.filter((p) => inRange(p.date, input.from, input.to));
  const sites = [...new Set(pts.map((p) => p.site))].sort();
  const bySite = (site: string) => pts.filter((p) => p.site === site);
  const hip = new Map(bySite('hip').map((p) => [p.date, p.value_cm]));
  const waist = bySite('waist');
  const whtr = input.heightCm
    ? waist.map((p) => ({ date: p.date, value: r(p.value_cm / (input.heightCm as number), 3) }))
    : [];
  const whr = waist
    .filter((p) => hip.has(p.date))
    .map((p) => ({ date: p.date, value: r(p.value_cm / (hip.get(p.date) as number), 3) }));
  const lastWhtr = whtr[whtr.length - 1];
  const lastWhr = whr[whr.length - 1];
  const latest: Record<string, { date: string; value_cm: number }> = {};
  for (const p of pts) latest[p.site] = { date: p.date, value_cm: p.value_cm };
  const out: ChartComputation = {
    series: [
      ...sites.map((s) =>
        series(
          s,
          s[0].toUpperCase() + s.slice(1),
          'cm',
          bySite(s).map((p) => ({ date: p.date, value: p.value_cm })),
        ),
      ),
      series('waist_to_height', 'Waist-to-height ratio', null, whtr),
      series('waist_to_hip', 'Waist-to-hip ratio', null, whr),
    ],
    summary: {
      latest,
      waist_to_height: lastWhtr ? { ...lastWhtr, band: waistToHeightBand(lastWhtr.value) } : null,
      waist_to_hip: lastWhr ? { ...lastWhr, band: waistToHipBand(lastWhr.value, input.sex) } : null,
      waist_to_hip_cutoff: input.sex === null ? null : input.sex === 'male' ? 0.9 : 0.85,
    },
    data_points: pts.length,
  };
  if (!pts.length) out.insufficient_reason = 'No circumference measurement in the range.';
  return out;
}

// ---------------------------------------------------------------------------- C4

/** WHO BMI classes (WHO Technical Report Series 894, 2000). */
export function bmiCategory(bmi: number): string {
  if (bmi < 18.5) return 'underweight';
  if (bmi < 25) return 'normal';
  if (bmi < 30) return 'pre_obese';
  if (bmi < 35) return 'obese_class_1';
  if (bmi < 40) return 'obese_class_2';
  return 'obese_class_3';
}

/**
 * Height-normalised fat-free mass index (Kouri EM et al., Clin J Sport Med 1995;5:223-228):
 * FFMI = lean kg / m² + 6.1 × (1.8 − m). Kouri found values up to about 25 in men who never
 * used anabolic steroids; above that is flagged.
 */
export function normalisedFfmi(leanKg: number, heightM: number): number {
  return leanKg / heightM ** 2 + 6.1 * (1.8 - heightM);
}
export const ffmiCategory = (ffmi: number): string => (ffmi > 25 ? 'above_25' : 'up_to_25');

export function computeBodyIndices(input: {
  weights: readonly DatedValue[];
  readings: readonly BodyFatReading[];
  heightCm: number | null;
  from: string;
  to: string;
}): ChartComputation {
  const weights = input.weights.filter((w) => inRange(w.date, input.from, input.to));
  const out: ChartComputation = {
    series: [],
    summary: { bmi: null, ffmi: null, height_cm: input.heightCm },
    data_points: weights.length,
  };
  if (!input.heightCm) {
    out.series = [
      series('bmi', 'BMI', 'kg/m²', []),
      series('ffmi', 'FFMI (normalised)', 'kg/m²', []),
    ];
    out.insufficient_reason = 'The profile has no height.';
    return out;
  }
  const m = input.heightCm / 100;
  const bmi = weights.map((w) => ({ date: w.date, value: r(w.value / m ** 2, 1) }));
  const weightOn = weightFinder(input.weights);
  const ffmi: ChartPoint[] = [];
  for (const x of oneReadingPerDay(input.readings).filter((y) =>
    inRange(y.date, input.from, input.to),
  )) {
    const kg = weightOn(x.date);
    if (kg === null) continue;
    ffmi.push({
      date: x.date,
      value: r(normalisedFfmi(bodyComposition(kg, x.body_fat_pct).lean_kg, m), 1),
    });
  }
  const lb = bmi[bmi.length - 1];
  const lf = ffmi[ffmi.length - 1];
  out.series = [
    series('bmi', 'BMI', 'kg/m²', bmi),
    series('ffmi', 'FFMI (normalised)', 'kg/m²', ffmi),
  ];
  out.summary = {
    bmi: lb ? { ...lb, category: bmiCategory(lb.value) } : null,
    mean_bmi: rn(mean(bmi.map((p) => p.value)), 1),
    ffmi: lf ? { ...lf, category: ffmiCategory(lf.value) } : null,
    height_cm: input.heightCm,
  };
  if (!weights.length) out.insufficient_reason = 'No weigh-in in the range.';
  return out;
}
