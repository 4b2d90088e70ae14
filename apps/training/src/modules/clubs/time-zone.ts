import { registerDecorator, ValidationOptions } from 'class-validator';
import { tzlib_get_timezones } from 'timezones-ical-library';

/**
 * IANA zones a club may use: those the runtime's time zone data knows (to place a unit's local
 * time) and for which a VTIMEZONE definition exists (calendar feeds ship it).
 */
const SUPPORTED = new Set(
  (tzlib_get_timezones() as string[]).filter((zone) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }),
);

export const DEFAULT_TIME_ZONE = 'UTC';

export function isSupportedTimeZone(value: unknown): value is string {
  return typeof value === 'string' && SUPPORTED.has(value);
}

/** An IANA time zone name such as `Europe/Berlin` (or `UTC`). */
export function IsTimeZone(options?: ValidationOptions): PropertyDecorator {
  return (target: object, propertyName: string | symbol) =>
    registerDecorator({
      name: 'isTimeZone',
      target: target.constructor,
      propertyName: String(propertyName),
      options,
      validator: {
        validate: isSupportedTimeZone,
        defaultMessage: (args) =>
          `${args?.property ?? 'time_zone'} must be an IANA time zone name such as Europe/Berlin`,
      },
    });
}
