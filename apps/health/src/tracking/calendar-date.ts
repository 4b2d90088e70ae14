import { registerDecorator, ValidationOptions } from 'class-validator';

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` naming a real calendar day from 1900 on (2026-02-30 is refused). */
export function isCalendarDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = DATE_PATTERN.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value && Number(m[1]) >= 1900;
}

/** Today's date in UTC plus `days`, as YYYY-MM-DD. */
export function utcDate(days = 0): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/**
 * The latest day a client may call "today": the UTC date plus one day, so that a user in a
 * time zone east of UTC (up to UTC+14) can record their own today.
 */
export function latestAllowedDate(now: Date = new Date()): string {
  return new Date(now.getTime() + 24 * 3600 * 1000).toISOString().slice(0, 10);
}

/** Measurements dated after tomorrow (UTC) are refused: tomorrow allows for zones east of UTC. */
export function isTooFarAhead(date: string): boolean {
  return date > latestAllowedDate();
}

/** Full years between `birthDate` and `onDate` (both YYYY-MM-DD). */
export function ageOn(birthDate: string, onDate: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number);
  const [y, m, d] = onDate.split('-').map(Number);
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** A calendar day `YYYY-MM-DD` that is not in the future. */
export function IsPastOrTodayDate(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isPastOrTodayDate',
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: {
        validate: (value: unknown) => isCalendarDate(value) && value <= latestAllowedDate(),
        // Names the rule the value broke: a year 1026 is not "in the future".
        defaultMessage: (args) =>
          isCalendarDate(args?.value)
            ? `${args?.property ?? 'date'} must not be later than tomorrow (UTC)`
            : `${args?.property ?? 'date'} must be a calendar date YYYY-MM-DD from 1900 on`,
      },
    });
}

/** A calendar day `YYYY-MM-DD` (any, e.g. for range filters). */
export function IsCalendarDate(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isCalendarDate',
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: {
        validate: (value: unknown) => isCalendarDate(value),
        defaultMessage: (args) =>
          `${args?.property ?? 'date'} must be a calendar date YYYY-MM-DD from 1900 on`,
      },
    });
}
