import { ChartComputation, ChartPoint, series } from './chart-types';
import {
  daysBetween,
  inRange,
  isoWeekStart,
  isoWeeksOf,
  leastSquaresSlope,
  mean,
  r,
  rn,
  shiftDate,
  streaks,
  trailingMeans,
} from './series-math';
import { DatedValue, emaTrend, trendOnDays } from './weight-trend';

/** Daily nutrition totals as the data layer answers them. */
export interface IntakeDay {
  date: string;
  kcal: number;
  protein_g: number | null;
  carbohydrate_g: number | null;
  fat_g: number | null;
}

/** Atwater general factors: 4 kcal/g protein and carbohydrate, 9 kcal/g fat (FAO 2003). */
export const KCAL_PER_G = { protein: 4, carbohydrate: 4, fat: 9 } as const;

/** Energy of 1 kg body-mass change (Wishnofsky 1958: 3500 kcal/lb ≈ 7700 kcal/kg). */
export const KCAL_PER_KG = 7700;

/** Protein target band in g per kg body weight (ISSN position stand, Jäger et al. 2017). */
export const PROTEIN_BAND_G_PER_KG = { low: 1.6, high: 2.2 } as const;

// ---------------------------------------------------------------------------- E1

/**
 * E1 energy intake: daily kcal, the mean of the logged days in the trailing 7 days (unlogged
 * days are not zeros), and the goal line when a goal is known.
 */
export function computeEnergyIntake(input: {
  /** Days from `from − 6` to `to` (the 7-day mean of the first days looks back). */
  days: readonly IntakeDay[];
  from: string;
  to: string;
  goalKcal: number | null;
}): ChartComputation {
  const { from, to, goalKcal } = input;
  const all = input.days.map((d) => ({ date: d.date, value: d.kcal }));
  const means = trailingMeans(all, 7);
  const window = all.filter((d) => inRange(d.date, from, to));
  const out: ChartComputation = {
    series: [
      series('kcal', 'Energy intake', 'kcal', window),
      series(
        'mean_7d',
        '7-day mean',
        'kcal',
        window.map((d) => ({ date: d.date, value: r(means.get(d.date) as number, 0) })),
      ),
      series(
        'goal',
        'Goal',
        'kcal',
        goalKcal === null
          ? []
          : [
              { date: from, value: goalKcal },
              { date: to, value: goalKcal },
            ],
      ),
    ],
    summary: {
      mean_kcal: rn(mean(window.map((d) => d.value)), 0),
      days_logged: window.length,
      goal_kcal: goalKcal,
    },
    data_points: window.length,
  };
  if (!window.length) out.insufficient_reason = 'No nutrition was logged in the range.';
  return out;
}

// ---------------------------------------------------------------------------- E2

type Macro = keyof typeof KCAL_PER_G;
const MACROS: Macro[] = ['protein', 'carbohydrate', 'fat'];
const gramsOf = (d: IntakeDay, m: Macro): number => d[`${m}_g`] ?? 0;

/** Percent of macronutrient energy from each macro, from grams (4 / 4 / 9 kcal per g). */
export function macroShares(g: Record<Macro, number>): Record<Macro, number> | null {
  const kcal = MACROS.map((m) => g[m] * KCAL_PER_G[m]);
  const total = kcal.reduce((a, b) => a + b, 0);
  if (total <= 0) return null;
  return {
    protein: (kcal[0] / total) * 100,
    carbohydrate: (kcal[1] / total) * 100,
    fat: (kcal[2] / total) * 100,
  };
}

/** E2 macronutrient distribution: daily g and % of macronutrient energy; period means. */
export function computeMacros(input: {
  days: readonly IntakeDay[];
  from: string;
  to: string;
}): ChartComputation {
  const days = input.days.filter(
    (d) =>
      inRange(d.date, input.from, input.to) &&
      MACROS.some((m) => d[`${m}_g`] !== null && gramsOf(d, m) > 0),
  );
  const grams = (m: Macro) =>
    series(
      `${m}_g`,
      `${m[0].toUpperCase()}${m.slice(1)}`,
      'g',
      days.map((d) => ({ date: d.date, value: r(gramsOf(d, m), 1) })),
    );
  const pct = (m: Macro) =>
    series(
      `${m}_pct`,
      `${m[0].toUpperCase()}${m.slice(1)} share of energy`,
      '%',
      days.map((d) => {
        const s = macroShares({
          protein: gramsOf(d, 'protein'),
          carbohydrate: gramsOf(d, 'carbohydrate'),
          fat: gramsOf(d, 'fat'),
        }) as Record<Macro, number>;
        return { date: d.date, value: r(s[m], 1) };
      }),
    );
  const meanG = {
    protein: mean(days.map((d) => gramsOf(d, 'protein'))) ?? 0,
    carbohydrate: mean(days.map((d) => gramsOf(d, 'carbohydrate'))) ?? 0,
    fat: mean(days.map((d) => gramsOf(d, 'fat'))) ?? 0,
  };
  const shares = macroShares(meanG);
  const out: ChartComputation = {
    series: [...MACROS.map(grams), ...MACROS.map(pct)],
    summary: {
      mean_g: days.length
        ? {
            protein: r(meanG.protein, 1),
            carbohydrate: r(meanG.carbohydrate, 1),
            fat: r(meanG.fat, 1),
          }
        : null,
      mean_pct: shares
        ? {
            protein: r(shares.protein, 1),
            carbohydrate: r(shares.carbohydrate, 1),
            fat: r(shares.fat, 1),
          }
        : null,
      kcal_per_g: KCAL_PER_G,
    },
    data_points: days.length,
  };
  if (!days.length) out.insufficient_reason = 'No day in the range has macronutrients logged.';
  return out;
}

// ---------------------------------------------------------------------------- E3

/** E3 protein adequacy: g protein per kg of the C1 trend weight of that day. */
export function computeProteinAdequacy(input: {
  days: readonly IntakeDay[];
  /** Weigh-ins from `from − TREND_WARMUP_DAYS` to `to`. */
  weights: readonly DatedValue[];
  from: string;
  to: string;
}): ChartComputation {
  const trendOf = trendOnDays(emaTrend(input.weights));
  const points: ChartPoint[] = [];
  for (const d of input.days) {
    if (!inRange(d.date, input.from, input.to) || d.protein_g === null) continue;
    const kg = trendOf(d.date);
    if (kg === null) continue;
    points.push({ date: d.date, value: r(d.protein_g / kg, 2) });
  }
  const { low, high } = PROTEIN_BAND_G_PER_KG;
  const band = (value: number) =>
    points.length ? [input.from, input.to].map((date) => ({ date, value })) : [];
  const out: ChartComputation = {
    series: [
      series('protein_g_per_kg', 'Protein per kg body weight', 'g/kg', points),
      series('band_low', 'Target band low', 'g/kg', band(low)),
      series('band_high', 'Target band high', 'g/kg', band(high)),
    ],
    summary: {
      mean_g_per_kg: rn(mean(points.map((p) => p.value)), 2),
      days_below: points.filter((p) => p.value < low).length,
      days_within: points.filter((p) => p.value >= low && p.value <= high).length,
      days_above: points.filter((p) => p.value > high).length,
      target_band: { low, high },
    },
    data_points: points.length,
  };
  if (!points.length) {
    out.insufficient_reason =
      'Protein per kg needs days with protein logged and a weigh-in on or before them.';
  }
  return out;
}

// ---------------------------------------------------------------------------- E4

/**
 * Adaptive expenditure (energy-balance method, e.g. Hall 2008; 7700 kcal/kg): expenditure =
 * mean intake − trend slope per day × 7700. A falling trend (negative slope) means the body
 * spent more than was eaten.
 */
export function adaptiveExpenditure(meanIntakeKcal: number, slopeKgPerDay: number): number {
  return meanIntakeKcal - slopeKgPerDay * KCAL_PER_KG;
}

/** E4 per ISO week: mean intake, expenditure and balance (kcal/day); the period's estimate. */
export function computeEnergyBalance(input: {
  days: readonly IntakeDay[];
  weights: readonly DatedValue[];
  from: string;
  to: string;
}): ChartComputation {
  const { from, to } = input;
  const trend = emaTrend(input.weights).filter((t) => t.date <= to);
  const days = input.days.filter((d) => inRange(d.date, from, to));
  const slopeOf = (a: string, b: string) =>
    leastSquaresSlope(
      trend
        .filter((t) => inRange(t.date, a, b))
        .map((t) => ({ x: daysBetween(a, t.date), y: t.value })),
    );
  const intake: ChartPoint[] = [];
  const expenditure: ChartPoint[] = [];
  const balance: ChartPoint[] = [];
  for (const week of isoWeeksOf(from, to)) {
    const last = addDaysCapped(week, 6, to);
    const start = week < from ? from : week;
    const eaten = days.filter((d) => inRange(d.date, start, last)).map((d) => d.kcal);
    const slope = slopeOf(start, last);
    if (!eaten.length || slope === null) continue;
    const m = mean(eaten) as number;
    intake.push({ date: week, value: r(m, 0) });
    expenditure.push({ date: week, value: r(adaptiveExpenditure(m, slope), 0) });
    balance.push({ date: week, value: r(slope * KCAL_PER_KG, 0) });
  }
  const meanIntake = mean(days.map((d) => d.kcal));
  const slope = slopeOf(from, to);
  const out: ChartComputation = {
    series: [
      series('intake', 'Mean intake', 'kcal/day', intake),
      series('expenditure', 'Estimated expenditure', 'kcal/day', expenditure),
      series('balance', 'Energy balance', 'kcal/day', balance),
    ],
    summary: {
      mean_intake_kcal: rn(meanIntake, 0),
      trend_slope_kg_per_week: rn(slope === null ? null : slope * 7, 2),
      expenditure_kcal:
        meanIntake !== null && slope !== null ? r(adaptiveExpenditure(meanIntake, slope), 0) : null,
      balance_kcal: slope !== null ? r(slope * KCAL_PER_KG, 0) : null,
      kcal_per_kg: KCAL_PER_KG,
    },
    data_points: days.length,
  };
  if (meanIntake === null || slope === null) {
    out.insufficient_reason =
      'Adaptive expenditure needs logged intake and at least 2 weigh-ins in the range.';
  }
  return out;
}

function addDaysCapped(date: string, days: number, cap: string): string {
  const d = shiftDate(date, days);
  return d > cap ? cap : d;
}

// ---------------------------------------------------------------------------- E5

/** E5 logging adherence: days with nutrition / weight entries per ISO week; streaks. */
export function computeLoggingAdherence(input: {
  nutritionDays: readonly string[];
  weightDays: readonly string[];
  from: string;
  to: string;
}): ChartComputation {
  const { from, to } = input;
  const n = new Set(input.nutritionDays.filter((d) => inRange(d, from, to)));
  const w = new Set(input.weightDays.filter((d) => inRange(d, from, to)));
  const any = new Set([...n, ...w]);
  const weeks = isoWeeksOf(from, to);
  const perWeek = (set: Set<string>) => {
    const counts = new Map<string, number>();
    for (const d of set) counts.set(isoWeekStart(d), (counts.get(isoWeekStart(d)) ?? 0) + 1);
    // Counts per week are sums over a period: a week without entries is a real 0.
    return weeks.map((week) => ({ date: week, value: counts.get(week) ?? 0 }));
  };
  const ns = streaks(n, from, to);
  const ws = streaks(w, from, to);
  const as = streaks(any, from, to);
  const out: ChartComputation = {
    series: [
      series('nutrition_days', 'Days with nutrition logged', 'days', perWeek(n)),
      series('weight_days', 'Days with a weigh-in', 'days', perWeek(w)),
    ],
    summary: {
      nutrition: { days: n.size, current_streak: ns.current, longest_streak: ns.longest },
      weight: { days: w.size, current_streak: ws.current, longest_streak: ws.longest },
      any: { days: any.size, current_streak: as.current, longest_streak: as.longest },
    },
    data_points: any.size,
  };
  if (!any.size) out.insufficient_reason = 'Nothing was logged in the range.';
  return out;
}
