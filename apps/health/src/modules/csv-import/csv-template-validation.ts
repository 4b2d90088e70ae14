import { CSV_MODULE_DEFINITIONS, isCsvModule } from './csv-modules';
import { columnIndexOfLetter, compileDateFormat, CSV_DELIMITERS } from './csv-parsing';

export interface TemplateDraft {
  name: string;
  description?: string | null;
  module: string;
  delimiter: string;
  decimal_separator: string;
  date_format: string;
  encoding?: string;
  has_header?: boolean;
  columns: Record<string, unknown>;
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
  if (!compileDateFormat(t.date_format ?? '')) {
    add(
      'date_format',
      'INVALID_DATE_FORMAT',
      `date_format "${t.date_format}" must contain YYYY, MM (or M) and DD (or D) once each; allowed tokens: YYYY MM M DD D HH H mm ss.`,
    );
  }
  if (t.encoding !== undefined && !(CSV_ENCODINGS as readonly string[]).includes(t.encoding)) {
    add('encoding', 'UNKNOWN_ENCODING', 'encoding must be auto, utf-8 or windows-1252.');
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
