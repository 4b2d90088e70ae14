import type { FieldError } from '@sports/common';
import type { Observation } from 'fhir/r4';
import { isCalendarDate } from '../../tracking/calendar-date';

/** FHIR date search prefixes (hl7.org/fhir/R4/search.html#prefix) the export supports. */
type Prefix = 'eq' | 'ge' | 'gt' | 'le' | 'lt';
const PREFIXES: readonly Prefix[] = ['eq', 'ge', 'gt', 'le', 'lt'];

export interface DateFilter {
  prefix: Prefix;
  day: string;
}

export interface CodeFilter {
  system: string | null;
  code: string;
}

export interface ObservationFilter {
  dates: DateFilter[];
  codes: CodeFilter[];
}

/**
 * Parses `date` (repeatable, `[prefix]YYYY-MM-DD`, compared with the day of the effective time)
 * and `code` (comma-separated `[system|]code` tokens, matched against Observation.code).
 */
export function parseObservationFilter(
  date: string[],
  code: string | undefined,
): { ok: true; value: ObservationFilter } | { ok: false; errors: FieldError[] } {
  const errors: FieldError[] = [];
  const dates: DateFilter[] = [];
  date.forEach((raw, i) => {
    const prefix = PREFIXES.find((p) => raw.startsWith(p)) ?? 'eq';
    const day = PREFIXES.includes(raw.slice(0, 2) as Prefix) ? raw.slice(2) : raw;
    if (!isCalendarDate(day))
      errors.push({
        path: date.length > 1 ? `date[${i}]` : 'date',
        message: 'date must be [eq|ge|gt|le|lt]YYYY-MM-DD',
      });
    else dates.push({ prefix, day });
  });
  const codes: CodeFilter[] = [];
  for (const token of (code ?? '').split(',').filter((t) => t !== '')) {
    const bar = token.lastIndexOf('|');
    const value =
      bar < 0
        ? { system: null, code: token }
        : { system: token.slice(0, bar), code: token.slice(bar + 1) };
    if (!value.code) errors.push({ path: 'code', message: `"${token}" names no code` });
    else codes.push(value);
  }
  return errors.length ? { ok: false, errors } : { ok: true, value: { dates, codes } };
}

/** The time an Observation is sorted and filtered by. */
export function effectiveOf(o: Observation): string {
  return o.effectiveDateTime ?? o.effectivePeriod?.start ?? '';
}

export function matchesFilter(o: Observation, f: ObservationFilter): boolean {
  const day = effectiveOf(o).slice(0, 10);
  for (const d of f.dates) {
    if (d.prefix === 'eq' && day !== d.day) return false;
    if (d.prefix === 'ge' && day < d.day) return false;
    if (d.prefix === 'gt' && day <= d.day) return false;
    if (d.prefix === 'le' && day > d.day) return false;
    if (d.prefix === 'lt' && day >= d.day) return false;
  }
  if (!f.codes.length) return true;
  const codings = o.code.coding ?? [];
  return f.codes.some((c) =>
    codings.some((x) => x.code === c.code && (c.system === null || x.system === c.system)),
  );
}
