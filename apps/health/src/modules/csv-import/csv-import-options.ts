import { ValidationFailedError } from '@sports/common';
import type { CsvImportOptionsInput } from './dto/csv-import.dto';
import type { SameDayRule } from './csv-sinks';

/** The choices of one import, from the query string or the multipart form (the same names). */
export interface ImportOptions {
  dry_run: boolean;
  skip_invalid_rows: boolean;
  /** What to do with stored values of a mapped optional column the file lacks; null: refuse. */
  on_missing_column: 'keep' | 'clear' | null;
  replace_day_totals: boolean;
  same_day: SameDayRule;
  /** IANA zone of times without an offset (blood pressure `measured_at`). */
  time_zone: string;
}

const KEYS = [
  'dry_run',
  'skip_invalid_rows',
  'on_missing_column',
  'replace_day_totals',
  'same_day',
  'time_zone',
] as const;

/**
 * The options of an import. Each may come in the query (as for POST /api/import) or as a
 * form field; both may be sent only when they agree.
 */
export function importOptions(
  query: CsvImportOptionsInput,
  form: CsvImportOptionsInput,
): ImportOptions {
  const conflicts = KEYS.filter(
    (k) => query[k] !== undefined && form[k] !== undefined && query[k] !== form[k],
  );
  if (conflicts.length) {
    throw new ValidationFailedError(
      'The query string and the form give different values for the same option.',
      conflicts.map((k) => ({
        path: k,
        message: `${k} is ${String(query[k])} in the query but ${String(form[k])} in the form`,
      })),
    );
  }
  const pick = <K extends (typeof KEYS)[number]>(k: K) => query[k] ?? form[k];
  return {
    dry_run: pick('dry_run') ?? false,
    skip_invalid_rows: pick('skip_invalid_rows') ?? false,
    on_missing_column: pick('on_missing_column') ?? null,
    replace_day_totals: pick('replace_day_totals') ?? false,
    same_day: pick('same_day') ?? 'refuse',
    time_zone: pick('time_zone') ?? 'UTC',
  };
}
