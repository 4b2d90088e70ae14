import { Transform } from 'class-transformer';

/** Query booleans: `true`/`1` and `false`/`0`; anything else stays a string and fails @IsBoolean. */
export const QueryBoolean = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => {
    if (value === 'true' || value === '1' || value === true) return true;
    if (value === 'false' || value === '0' || value === false) return false;
    return value;
  });

/** Query lists: repeated parameters and/or comma-separated values; an empty value is []. */
export const QueryList = (): PropertyDecorator =>
  Transform(({ value }: { value: unknown }) => {
    if (value === undefined || value === null) return value;
    const parts = (Array.isArray(value) ? value : [value]).flatMap((v) =>
      typeof v === 'string' ? v.split(',') : [v],
    );
    return parts.map((v) => (typeof v === 'string' ? v.trim() : v)).filter((v) => v !== '');
  });
