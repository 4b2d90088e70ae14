import { ValidationFailedError } from '@sports/common';
import { isCalendarDate } from '../../tracking/calendar-date';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Longest range one series call may span (10 years and a bit): bounds generate_series. */
export const MAX_SERIES_DAYS = 3700;

/** `date` moved by `days` calendar days (negative = earlier), as YYYY-MM-DD. */
export function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Today's calendar day in UTC. */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (0 when equal). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Refuses a malformed, inverted or overly long range before any SQL runs. */
export function assertRange(from: string, to: string): void {
  const errors = [];
  if (!isCalendarDate(from)) errors.push({ path: 'from', message: 'from must be YYYY-MM-DD' });
  if (!isCalendarDate(to)) errors.push({ path: 'to', message: 'to must be YYYY-MM-DD' });
  if (!errors.length && from > to)
    errors.push({ path: 'from', message: 'from must not be after to' });
  if (!errors.length && daysBetween(from, to) > MAX_SERIES_DAYS) {
    errors.push({ path: 'from', message: `the range must not exceed ${MAX_SERIES_DAYS} days` });
  }
  if (errors.length) throw new ValidationFailedError('The date range is not valid.', errors);
}

/** Rounds half away from zero to `digits` decimals; null stays null. */
export function roundTo(value: number | null | undefined, digits: number): number | null {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const f = 10 ** digits;
  // toPrecision(12) removes binary noise first: 1.005 × 100 is 100.49999999999999 in floats.
  return (Math.sign(value) * Math.round(Number((Math.abs(value) * f).toPrecision(12)))) / f;
}

/** `numeric`/`bigint` columns arrive as strings from `pg`. */
export function toNumber(value: unknown): number | null {
  if (value === null || value === undefined) return null;
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** "128/82" from a systolic and diastolic reading of the same day; null when one is missing. */
export function formatBloodPressure(
  systolic: number | null | undefined,
  diastolic: number | null | undefined,
): string | null {
  if (systolic === null || systolic === undefined || diastolic === null || diastolic === undefined)
    return null;
  return `${Math.round(systolic)}/${Math.round(diastolic)}`;
}

/** b − a rounded, or null when either is missing. */
export function difference(a: number | null, b: number | null, digits: number): number | null {
  if (a === null || b === null) return null;
  return roundTo(b - a, digits);
}

/** BMI = kg / m² (WHO), one decimal. */
export function bodyMassIndex(weightKg: number | null, heightCm: number | null): number | null {
  if (weightKg === null || heightCm === null || heightCm <= 0) return null;
  const m = heightCm / 100;
  return roundTo(weightKg / (m * m), 1);
}
