import { roundTo } from '../../data-layer/series-values';

/**
 * Small statistics shared by the chart computations. Pure functions, no I/O. Two standard
 * deviations: `sampleSd` (n − 1) where the values are a sample standing for something larger
 * (R4's sleep regularity over the logged nights), and `populationSd` (n) where the values are
 * the whole population, as the 7 days of a week in Foster's monotony (A3): the published worked
 * examples of monotony (Runalyze's formula and implementation) reproduce only with n.
 *
 * Calendar arithmetic runs on day numbers (days since 1970-01-01): a chart of a year touches
 * each day a handful of times, and `Date` parsing and formatting cost microseconds each
 * (measured in bench/charts.bench.mjs). A day's number is computed from its digits (no
 * allocation, no lookup); the text of a day number is memoised.
 */

export { roundTo };

const DAY_MS = 86_400_000;
const dayStrings = new Map<number, string>();

/** The value of the `length` decimal digits of `s` from `at`. */
function digits(s: string, at: number, length: number): number {
  let n = 0;
  for (let i = at; i < at + length; i++) n = n * 10 + s.charCodeAt(i) - 48;
  return n;
}

/**
 * Days since 1970-01-01 of a YYYY-MM-DD day: the proleptic Gregorian day count of
 * `days_from_civil` (H. Hinnant, "chrono-Compatible Low-Level Date Algorithms"), which
 * `Date.UTC` answers too.
 */
export function dayNumber(date: string): number {
  const month = digits(date, 5, 2);
  const year = digits(date, 0, 4) - (month <= 2 ? 1 : 0);
  const era = Math.floor(year / 400);
  const yearOfEra = year - era * 400;
  const dayOfYear =
    Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + digits(date, 8, 2) - 1;
  const dayOfEra =
    yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** YYYY-MM-DD of a day number. */
export function dayString(n: number): string {
  let s = dayStrings.get(n);
  if (s === undefined) {
    s = new Date(n * DAY_MS).toISOString().slice(0, 10);
    if (dayStrings.size > 50_000) dayStrings.clear();
    dayStrings.set(n, s);
  }
  return s;
}

/** `date` moved by `days` calendar days. */
export const shiftDate = (date: string, days: number): string => dayString(dayNumber(date) + days);

/** Whole days from `from` to `to`. */
export const daysBetween = (from: string, to: string): number => dayNumber(to) - dayNumber(from);

const POW10 = [1, 10, 100, 1000, 10000];

/** Rounds half away from zero to `digits` (≤ 4) decimals; for values known to be finite. */
export const r = (value: number, digits: number): number => {
  const f = POW10[digits];
  const a = Math.round(Math.abs(value) * f + Number.EPSILON) / f;
  return value < 0 ? -a : a;
};

export function mean(values: readonly number[]): number | null {
  if (!values.length) return null;
  return values.reduce((a, b) => a + b, 0) / values.length;
}

/** Sample standard deviation (n − 1); null below two values. */
export function sampleSd(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const m = mean(values) as number;
  const ss = values.reduce((acc, v) => acc + (v - m) ** 2, 0);
  return Math.sqrt(ss / (values.length - 1));
}

/**
 * Population standard deviation (n): the values are the whole population, not a sample of it.
 * null below two values, like `sampleSd` (one value has no spread worth reporting).
 */
export function populationSd(values: readonly number[]): number | null {
  if (values.length < 2) return null;
  const m = mean(values) as number;
  const ss = values.reduce((acc, v) => acc + (v - m) ** 2, 0);
  return Math.sqrt(ss / values.length);
}

/** Ordinary least-squares slope of y over x; null below two distinct x. */
export function leastSquaresSlope(points: readonly { x: number; y: number }[]): number | null {
  if (points.length < 2) return null;
  const mx = mean(points.map((p) => p.x)) as number;
  const my = mean(points.map((p) => p.y)) as number;
  let sxy = 0;
  let sxx = 0;
  for (const p of points) {
    sxy += (p.x - mx) * (p.y - my);
    sxx += (p.x - mx) ** 2;
  }
  return sxx === 0 ? null : sxy / sxx;
}

/** Monday of the ISO 8601 week containing `date` (weeks start on Monday). */
export function isoWeekStart(date: string): string {
  const n = dayNumber(date);
  // day 0 (1970-01-01) was a Thursday, index 3 counting from Monday = 0
  return dayString(n - ((((n + 3) % 7) + 7) % 7));
}

/** Mondays of every ISO week that overlaps [from, to], oldest first. */
export function isoWeeksOf(from: string, to: string): string[] {
  const weeks: string[] = [];
  for (let w = isoWeekStart(from); w <= to; w = shiftDate(w, 7)) weeks.push(w);
  return weeks;
}

/** Every calendar day of [from, to], oldest first. */
export function daysOf(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = shiftDate(d, 1)) out.push(d);
  return out;
}

/**
 * Current and longest run of consecutive days in `days` within [from, to]. The current
 * streak ends on `to`, or on the day before when `to` itself has nothing yet (a day still
 * in progress does not break it).
 */
export function streaks(
  days: ReadonlySet<string>,
  from: string,
  to: string,
): { current: number; longest: number } {
  let longest = 0;
  let run = 0;
  for (const d of daysOf(from, to)) {
    run = days.has(d) ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  let current = 0;
  let d = days.has(to) ? to : shiftDate(to, -1);
  while (d >= from && days.has(d)) {
    current += 1;
    d = shiftDate(d, -1);
  }
  return { current, longest };
}

/**
 * Mean of the values whose date lies in [date − (days − 1), date], over logged days only
 * (absent days are not zeros). `sorted` must be in ascending date order.
 */
export function trailingMeans(
  sorted: readonly { date: string; value: number }[],
  days: number,
): Map<string, number> {
  const out = new Map<string, number>();
  const day = sorted.map((v) => dayNumber(v.date));
  let start = 0;
  let sum = 0;
  for (let i = 0; i < sorted.length; i++) {
    sum += sorted[i].value;
    const first = day[i] - (days - 1);
    while (day[start] < first) sum -= sorted[start++].value;
    out.set(sorted[i].date, sum / (i - start + 1));
  }
  return out;
}

/** Rounds to `digits`, keeping null. */
export const rn = (value: number | null | undefined, digits: number): number | null =>
  value === null || value === undefined || !Number.isFinite(value) ? null : r(value, digits);

export const inRange = (date: string, from: string, to: string): boolean =>
  date >= from && date <= to;
