import { ValidationOptions, registerDecorator } from 'class-validator';

/**
 * Pieces shared by the tracking modules (activity, nutrition, reference values, photos):
 * where a row came from, numeric column mapping and calendar-date checks.
 */
export const TRACKING_SOURCES = ['manual', 'csv', 'import'] as const;
export type TrackingSource = (typeof TRACKING_SOURCES)[number];

/** Numeric columns arrive from `pg` as strings; this keeps entities typed as numbers. */
export const numericTransformer = {
  to: (value: number | null | undefined): number | null | undefined => value,
  from: (value: string | null): number | null => (value === null ? null : Number(value)),
};

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (2026-02-30 is refused). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value && Number(m[1]) >= 1900;
}

/** Validates a YYYY-MM-DD calendar date from 1900 on. */
export function IsCalendarDate(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isCalendarDate',
      target: target.constructor,
      propertyName: String(propertyName),
      options: {
        message: `${String(propertyName)} must be a date YYYY-MM-DD from 1900 on`,
        ...options,
      },
      validator: { validate: (value: unknown) => isCalendarDate(value) },
    });
}

/** Today's date in UTC plus `days`, as YYYY-MM-DD. */
export function utcDate(days = 0): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** Measurements dated after tomorrow (UTC) are refused: tomorrow allows for time zones ahead of UTC. */
export function isTooFarAhead(date: string): boolean {
  return date > utcDate(1);
}
