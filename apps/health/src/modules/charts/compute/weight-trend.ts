import { ChartComputation, series } from './chart-types';
import { daysBetween, inRange, leastSquaresSlope, r, rn, shiftDate } from './series-math';

/**
 * C1 weight trend. Exponentially smoothed moving average of the weigh-ins as in J. Walker,
 * "The Hacker's Diet" (1991), chapter "Signal and Noise": trend_t = trend_{t−1} + 0.1 ×
 * (w_t − trend_{t−1}), seeded with the first weigh-in. The trend advances on weigh-in days
 * only (no invented days). The slope is the least-squares line through the trend values of
 * the last 14 days ending at the last weigh-in.
 */

export const EMA_ALPHA = 0.1;
export const SLOPE_WINDOW_DAYS = 14;
/** Weigh-ins before `from` read to settle the trend before the window starts. */
export const TREND_WARMUP_DAYS = 60;

export interface DatedValue {
  date: string;
  value: number;
}

/** The EMA trend of every weigh-in, in date order. */
export function emaTrend(weights: readonly DatedValue[], alpha = EMA_ALPHA): DatedValue[] {
  const out: DatedValue[] = [];
  let trend: number | null = null;
  for (const w of weights) {
    trend = trend === null ? w.value : trend + alpha * (w.value - trend);
    out.push({ date: w.date, value: trend });
  }
  return out;
}

/** Slope in kg per day of the trend over the `SLOPE_WINDOW_DAYS` ending at its last point. */
export function trendSlopePerDay(
  trend: readonly DatedValue[],
  windowDays = SLOPE_WINDOW_DAYS,
): number | null {
  if (!trend.length) return null;
  const last = trend[trend.length - 1].date;
  const first = shiftDate(last, -(windowDays - 1));
  const pts = trend
    .filter((t) => t.date >= first)
    .map((t) => ({ x: daysBetween(first, t.date), y: t.value }));
  return leastSquaresSlope(pts);
}

/** Day the goal weight is reached when the trend keeps `slopePerDay`; null when moving away. */
export function goalDate(
  lastDate: string,
  lastTrend: number,
  goalKg: number | null,
  slopePerDay: number | null,
): string | null {
  if (goalKg === null || slopePerDay === null || slopePerDay === 0) return null;
  const days = (goalKg - lastTrend) / slopePerDay;
  if (days < 0) return null;
  // the epsilon keeps float noise (7.0000000001 days) from adding a day
  return shiftDate(lastDate, Math.ceil(days - 1e-9));
}

/** The trend weight of every day in [from, to], carried forward from the last weigh-in. */
export function trendOnDays(trend: readonly DatedValue[]): (date: string) => number | null {
  return (date: string) => {
    let lo = 0;
    let hi = trend.length - 1;
    let found: number | null = null;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (trend[mid].date <= date) {
        found = trend[mid].value;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
}

export function computeWeightTrend(input: {
  /** Weigh-ins from `from − TREND_WARMUP_DAYS` to `to`, ascending. */
  weights: readonly DatedValue[];
  from: string;
  to: string;
  goalKg: number | null;
}): ChartComputation {
  const { from, to, goalKg } = input;
  const trend = emaTrend(input.weights).filter((t) => t.date <= to);
  const inWindow = input.weights.filter((w) => inRange(w.date, from, to));
  const trendInWindow = trend.filter((t) => inRange(t.date, from, to));
  const out: ChartComputation = {
    series: [
      series(
        'weight',
        'Weight',
        'kg',
        inWindow.map((w) => ({ date: w.date, value: w.value })),
      ),
      series(
        'trend',
        'Trend (EMA)',
        'kg',
        trendInWindow.map((t) => ({ date: t.date, value: r(t.value, 2) })),
      ),
    ],
    summary: {
      latest_trend_kg: null,
      slope_kg_per_week: null,
      goal_weight_kg: goalKg,
      goal_date: null,
    },
    data_points: inWindow.length,
  };
  if (inWindow.length < 2) {
    out.insufficient_reason = 'At least 2 weigh-ins in the range are needed for a trend.';
    return out;
  }
  const slope = trendSlopePerDay(trendInWindow);
  const last = trendInWindow[trendInWindow.length - 1];
  out.summary = {
    latest_trend_kg: r(last.value, 2),
    slope_kg_per_week: rn(slope === null ? null : slope * 7, 2),
    goal_weight_kg: goalKg,
    goal_date: goalDate(last.date, last.value, goalKg, slope),
  };
  if (slope === null) {
    out.insufficient_reason = `At least 2 weigh-ins in the last ${SLOPE_WINDOW_DAYS} days are needed for the slope.`;
  }
  return out;
}
