import { compileDateFormat } from './csv-dates';
import { CSV_MODULE_DEFINITIONS, isCsvModule } from './csv-modules';
import { columnIndexOfLetter, CSV_DELIMITERS } from './csv-parsing';
import { CsvUnit, FIELD_UNITS, headerUnit, unitsOfField } from './csv-units';

export interface TemplateDraft {
  name: string;
  description?: string | null;
  module: string;
  delimiter: string;
  decimal_separator: string;
  date_format: string;
  encoding?: string;
  has_header?: boolean;
  skip_lines?: number;
  columns: Record<string, unknown>;
  units?: Record<string, unknown>;
  exclude_rows?: { column: string; values: string[] }[];
  date_heading_rows?: boolean;
}

export interface TemplateWarning {
  field: string;
  code: string;
  message: string;
}

export const CSV_ENCODINGS = ['auto', 'utf-8', 'windows-1252'] as const;

/**
 * Everything a mapping must satisfy to import a file. An empty list means valid; every entry
 * blocks saving (the spec's "422 with warnings").
 */
export function validateTemplate(t: TemplateDraft): TemplateWarning[] {
  const w: TemplateWarning[] = [];
  const add = (field: string, code: string, message: string) => w.push({ field, code, message });
  if (!isCsvModule(t.module)) {
    add(
      'module',
      'UNKNOWN_MODULE',
      `module must be one of ${Object.keys(CSV_MODULE_DEFINITIONS).join(', ')}.`,
    );
  }
  if (!(CSV_DELIMITERS as readonly string[]).includes(t.delimiter)) {
    add('delimiter', 'UNKNOWN_DELIMITER', 'delimiter must be one of "," ";" "|" or a tab.');
  }
  if (t.decimal_separator !== '.' && t.decimal_separator !== ',') {
    add('decimal_separator', 'UNKNOWN_DECIMAL_SEPARATOR', 'decimal_separator must be "." or ",".');
  } else if (t.decimal_separator === t.delimiter) {
    add(
      'decimal_separator',
      'DECIMAL_EQUALS_DELIMITER',
      'A decimal comma needs another delimiter (usually ";"): otherwise 78,5 splits into two columns.',
    );
  }
  if ((t.date_format ?? '').length > 40) {
    add('date_format', 'INVALID_DATE_FORMAT', 'date_format has at most 40 characters.');
  } else if (!compileDateFormat(t.date_format ?? '')) {
    add(
      'date_format',
      'INVALID_DATE_FORMAT',
      `date_format "${t.date_format}" must contain a year (YYYY or YY), a month (MM, M, MMM or MMMM) and a day (DD or D) once each; other tokens: HH H hh h mm ss A; put other letters in [brackets].`,
    );
  }
  if (t.encoding !== undefined && !(CSV_ENCODINGS as readonly string[]).includes(t.encoding)) {
    add('encoding', 'UNKNOWN_ENCODING', 'encoding must be auto, utf-8 or windows-1252.');
  }
  if (
    t.skip_lines !== undefined &&
    (!Number.isInteger(t.skip_lines) || t.skip_lines < 0 || t.skip_lines > 50)
  ) {
    add('skip_lines', 'INVALID_SKIP_LINES', 'skip_lines must be a whole number from 0 to 50.');
  }
  for (const [i, rule] of (t.exclude_rows ?? []).entries()) {
    if (!rule.column?.trim() || !rule.values?.length || rule.values.some((v) => !v.trim())) {
      add(
        `exclude_rows.${i}`,
        'INVALID_EXCLUDE_ROWS',
        'Each rule names a column and at least one value that leaves a row out.',
      );
    }
  }
  const hasHeader = t.has_header ?? true;
  if (!isCsvModule(t.module)) return w;
  const fields = CSV_MODULE_DEFINITIONS[t.module].fields;
  const known = new Set(fields.map((f) => f.field));
  const seen = new Map<string, string>();
  for (const [target, source] of Object.entries(t.columns ?? {})) {
    const path = `columns.${target}`;
    if (!known.has(target)) {
      add(
        path,
        'UNKNOWN_TARGET_FIELD',
        `"${target}" is not a field of ${t.module}; known: ${[...known].join(', ')}.`,
      );
      continue;
    }
    if (typeof source !== 'string' || source.trim() === '' || source.length > 200) {
      add(
        path,
        'INVALID_SOURCE_COLUMN',
        `The source column of ${target} must be a header text of 1-200 characters.`,
      );
      continue;
    }
    if (!hasHeader && columnIndexOfLetter(source.trim().toUpperCase()) === null) {
      add(
        path,
        'COLUMN_LETTER_REQUIRED',
        'Without a header row, name columns by letter (A, B, ...).',
      );
      continue;
    }
    const key = source.trim().toLowerCase();
    const other = seen.get(key);
    if (other) {
      add(
        path,
        'SOURCE_COLUMN_TWICE',
        `"${source}" already feeds ${other}; each column feeds one field.`,
      );
    } else seen.set(key, target);
  }
  for (const [target, unit] of Object.entries(t.units ?? {})) {
    const accepted = FIELD_UNITS[target];
    if (!accepted) {
      add(`units.${target}`, 'UNKNOWN_UNIT_FIELD', `${target} has no unit to choose.`);
    } else if (typeof unit !== 'string' || !accepted[unit as CsvUnit]) {
      add(
        `units.${target}`,
        'UNKNOWN_UNIT',
        `${target} takes ${unitsOfField(target).join(', ')}, not "${String(unit)}".`,
      );
    }
  }
  for (const [target, source] of Object.entries(t.columns ?? {})) {
    if (typeof source !== 'string' || !FIELD_UNITS[target] || !hasHeader) continue;
    const named = headerUnit(source);
    const declared = t.units?.[target];
    if (named && typeof declared === 'string' && named !== declared) {
      add(
        `units.${target}`,
        'UNIT_MISMATCH',
        `The column "${source}" is in ${named}, but ${target} is declared in ${declared}.`,
      );
    } else if (named && !FIELD_UNITS[target][named]) {
      add(
        `columns.${target}`,
        'UNIT_MISMATCH',
        `The column "${source}" is in ${named}; ${target} takes ${unitsOfField(target).join(', ')}.`,
      );
    }
  }
  for (const f of fields) {
    if (f.required && (t.columns ?? {})[f.field] === undefined) {
      add(
        `columns.${f.field}`,
        'REQUIRED_FIELD_UNMAPPED',
        `${f.field} is required for ${t.module}; name its source column.`,
      );
    }
  }
  return w;
}
