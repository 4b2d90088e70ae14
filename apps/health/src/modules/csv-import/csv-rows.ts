import { UnprocessableError } from '@sports/common';
import type { TargetField } from './csv-modules';
import {
  columnIndexOfLetter,
  columnLetter,
  COMMON_DATE_FORMATS,
  compileDateFormat,
  CsvRecord,
  dateExample,
  DateParser,
  normalizeHeader,
  parseNumber,
} from './csv-parsing';

/** One problem of one CSV row, as a user fixes it in a spreadsheet. */
export interface RowError {
  /** Row number as the spreadsheet shows it (the header is row 1). */
  row: number;
  /** Column letter (A, B, ...) and the header text of that column. */
  column: string | null;
  header: string | null;
  field: string | null;
  value: string | null;
  code: string;
  message: string;
  hint: string;
}

/** Keeps the first `max` errors and counts all of them, plus the rows that had any. */
export class RowErrorCollector {
  readonly items: RowError[] = [];
  readonly invalidRows = new Set<number>();
  count = 0;

  constructor(private readonly max: number) {}

  add(error: RowError): void {
    this.count += 1;
    this.invalidRows.add(error.row);
    if (this.items.length < this.max) this.items.push(error);
  }

  get truncated(): boolean {
    return this.count > this.items.length;
  }

  /** Errors sorted by row, so database errors found later sit next to their rows. */
  sorted(): RowError[] {
    return [...this.items].sort((a, b) => a.row - b.row);
  }
}

/** A problem of the whole file: answered with 422 and the code, nothing is written. */
export class CsvFileError extends UnprocessableError {
  constructor(code: string, detail: string, hint?: string, extensions?: Record<string, unknown>) {
    super(detail, code, { hint, extensions });
  }
}

export interface ColumnBinding {
  field: TargetField;
  index: number;
  header: string | null;
}

export interface MappingShape {
  has_header: boolean;
  columns: Record<string, string>;
  date_format: string;
  decimal_separator: string;
}

/**
 * Ties each mapped target field to a column of the file. Missing required columns and a
 * mapped header that occurs twice are file errors; a missing optional column is a warning.
 */
export function bindColumns(
  fields: TargetField[],
  mapping: MappingShape,
  header: string[] | null,
): { bindings: ColumnBinding[]; warnings: string[] } {
  const bindings: ColumnBinding[] = [];
  const warnings: string[] = [];
  const missing: string[] = [];
  const duplicates: string[] = [];
  const positions = new Map<string, number[]>();
  header?.forEach((h, i) => {
    const key = normalizeHeader(h);
    if (key) positions.set(key, [...(positions.get(key) ?? []), i]);
  });
  for (const field of fields) {
    const source = mapping.columns[field.field];
    if (source === undefined) continue;
    let index: number | undefined;
    if (!mapping.has_header || !header) {
      index = columnIndexOfLetter(source.trim().toUpperCase()) ?? undefined;
    } else {
      const found = positions.get(normalizeHeader(source)) ?? [];
      if (found.length > 1) {
        duplicates.push(`"${source}" appears in columns ${found.map(columnLetter).join(' and ')}`);
        continue;
      }
      index = found[0];
    }
    if (index === undefined) {
      if (field.required) missing.push(source);
      else warnings.push(`The optional column "${source}" (${field.field}) is not in the file.`);
      continue;
    }
    bindings.push({ field, index, header: header ? (header[index] ?? null) : null });
  }
  if (duplicates.length) {
    throw new CsvFileError(
      'CSV_DUPLICATE_HEADERS',
      `The header row names a mapped column more than once: ${duplicates.join('; ')}.`,
      'Rename or delete one of the duplicate columns so that it is clear which one to import.',
      { duplicate_headers: duplicates },
    );
  }
  if (missing.length) {
    throw new CsvFileError(
      'CSV_MISSING_COLUMNS',
      `The file has no column ${missing.map((m) => `"${m}"`).join(', ')}, which this mapping needs.`,
      header
        ? `The header row has: ${header.map((h) => `"${h}"`).join(', ')}. Choose a mapping that fits (POST /api/csv/analyze ranks them) or copy one and change its columns.`
        : 'Check the column letters of the mapping.',
      { missing_columns: missing, found_headers: header ?? [] },
    );
  }
  return { bindings, warnings };
}

export interface RowContext {
  bindings: ColumnBinding[];
  /** Header length; a record with more values has an extra column. Null without header. */
  width: number | null;
  dateParser: DateParser;
  decimalSeparator: string;
  latestDate: string;
  /** Bounds that replace the field's defaults (blood pressure from reference_value_types). */
  bounds?: Record<string, { min: number; max: number }>;
}

export type RowValues = Record<string, string | number | null>;

export function compileDateParserOrFail(format: string): DateParser {
  const parser = compileDateFormat(format);
  if (!parser) {
    throw new CsvFileError(
      'CSV_MAPPING_INVALID',
      `The mapping's date format "${format}" is not usable.`,
      'An administrator or the mapping owner must fix date_format (tokens YYYY, MM, DD).',
    );
  }
  return parser;
}

/** Exports write a missing value as nothing, "-", "--" or "n/a". */
const isEmptyValue = (raw: string): boolean => /^\s*(-+|n\/?a|null)?\s*$/i.test(raw);

const clip = (s: string) => (s.length > 100 ? `${s.slice(0, 97)}...` : s);
const round = (v: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(v * f) / f;
};

/** Reads the mapped values of one record, reporting every problem of the row. */
export function readRow(
  record: CsvRecord,
  ctx: RowContext,
): { values: RowValues; errors: RowError[] } {
  const errors: RowError[] = [];
  const values: RowValues = {};
  const base = { row: record.row };
  if (record.parseError) {
    errors.push({
      ...base,
      column: null,
      header: null,
      field: null,
      value: null,
      code: 'CSV_QUOTES',
      message: 'The row has an unmatched quotation mark.',
      hint: 'A value that starts with " must end with "; write a quote inside a value as "".',
    });
  }
  if (ctx.width !== null && record.fields.length > ctx.width) {
    const extra = record.fields.length - ctx.width;
    errors.push({
      ...base,
      column: columnLetter(ctx.width),
      header: null,
      field: null,
      value: clip(record.fields.slice(ctx.width).join(', ')),
      code: 'CSV_EXTRA_COLUMN',
      message: `The row has ${record.fields.length} values but the header has ${ctx.width} columns (${extra} too many).`,
      hint:
        ctx.decimalSeparator === ','
          ? 'A value probably contains the delimiter. Put such values in quotes.'
          : 'A value probably contains the delimiter, e.g. a decimal comma like 78,5 in a comma-separated file. Put such values in quotes or use a mapping with decimal comma and semicolon delimiter.',
    });
  }
  for (const b of ctx.bindings) {
    const raw = record.fields[b.index];
    const f = b.field;
    // Built only for an error: most rows have none.
    const at = () => ({
      row: record.row,
      column: columnLetter(b.index),
      header: b.header,
      field: f.field,
      value: raw === undefined ? null : clip(raw),
    });
    if (raw === undefined || isEmptyValue(raw)) {
      values[f.field] = null;
      if (f.required) {
        errors.push({
          ...at(),
          code: raw === undefined ? 'CSV_MISSING_VALUE' : 'CSV_REQUIRED',
          message: `${f.label} is missing.`,
          hint:
            raw === undefined
              ? `The row ends before column ${columnLetter(b.index)}; every row needs a value for ${f.label}.`
              : `Every row needs a value for ${f.label}${f.unit ? ` in ${f.unit}` : ''}; fill the cell or delete the row.`,
        });
      }
      continue;
    }
    if (f.type === 'date') {
      const date = ctx.dateParser.parse(raw);
      if (!date) {
        const guess = COMMON_DATE_FORMATS.find(
          (fmt) => fmt !== ctx.dateParser.format && compileDateFormat(fmt)?.parse(raw),
        );
        errors.push({
          ...at(),
          code: 'CSV_INVALID_DATE',
          message: `"${clip(raw)}" is not a date in the format ${ctx.dateParser.format}.`,
          hint: `Expected a date like ${dateExample(ctx.dateParser.format)} (format ${ctx.dateParser.format}).${guess ? ` The value looks like ${guess}; use a mapping with that date format.` : ''}`,
        });
      } else if (date > ctx.latestDate) {
        errors.push({
          ...at(),
          code: 'CSV_DATE_IN_FUTURE',
          message: `${date} lies in the future.`,
          hint: 'Only days up to today can be imported; check the year and the day/month order.',
        });
      } else {
        values[f.field] = date;
      }
      continue;
    }
    if (f.type === 'text') {
      const text = raw.trim();
      if (f.max !== undefined && text.length > f.max) {
        errors.push({
          ...at(),
          code: 'CSV_TEXT_TOO_LONG',
          message: `${f.label} has ${text.length} characters.`,
          hint: `Shorten it to at most ${f.max} characters.`,
        });
      } else values[f.field] = text;
      continue;
    }
    const parsed = parseNumber(raw, ctx.decimalSeparator, f.unit);
    if (!parsed.ok) {
      errors.push({
        ...at(),
        code: 'CSV_INVALID_NUMBER',
        message: `"${clip(raw)}" is not a number.`,
        hint: parsed.hint,
      });
      continue;
    }
    const bounds = ctx.bounds?.[f.field] ?? { min: f.min, max: f.max };
    const value = f.decimals === undefined ? parsed.value : round(parsed.value, f.decimals);
    if (
      (bounds.min !== undefined && value < bounds.min) ||
      (bounds.max !== undefined && value > bounds.max)
    ) {
      errors.push({
        ...at(),
        code: 'CSV_OUT_OF_RANGE',
        message: `${f.label} ${value}${f.unit ? ` ${f.unit}` : ''} is outside ${bounds.min}–${bounds.max}${f.unit ? ` ${f.unit}` : ''}.`,
        hint: `Check for a typo or a wrong unit; ${f.label.toLowerCase()} must lie between ${bounds.min} and ${bounds.max}${f.unit ? ` ${f.unit}` : ''}.`,
      });
      continue;
    }
    values[f.field] = value;
  }
  return { values, errors };
}

/**
 * A database refusal turned into a sentence (the "internal error" hint of the spec). The
 * constraint names are those of the tracking migrations.
 */
export function describeDatabaseError(error: unknown): {
  code: string;
  message: string;
  hint: string;
} {
  const e = error as { code?: string; constraint?: string };
  const c = e.constraint ?? '';
  const known: Record<string, [string, string]> = {
    weight_entries_weight_kg_check: [
      'The weight is outside 20–400 kg.',
      'Check the unit and the decimal separator of the weight.',
    ],
    weight_entries_body_fat_pct_check: [
      'The body fat is outside 2–70 %.',
      'Check the body fat value.',
    ],
    weight_entries_note_check: ['The note is longer than 500 characters.', 'Shorten the note.'],
    nutrition_entries_kcal_check: [
      'The day total of energy is outside 0–20 000 kcal.',
      'The rows of this day add up to more than a day can hold; check for rows listed twice or a misplaced decimal separator.',
    ],
    nutrition_entries_protein_g_check: [
      'The day total of protein is outside 0–2000 g.',
      'The rows of this day add up to too much protein; check for duplicates or a wrong unit.',
    ],
    nutrition_entries_carbohydrate_g_check: [
      'The day total of carbohydrate is outside 0–2000 g.',
      'The rows of this day add up to too much carbohydrate; check for duplicates or a wrong unit.',
    ],
    nutrition_entries_fat_g_check: [
      'The day total of fat is outside 0–2000 g.',
      'The rows of this day add up to too much fat; check for duplicates or a wrong unit.',
    ],
    nutrition_entries_fibre_g_check: [
      'The day total of fibre is outside 0–2000 g.',
      'The rows of this day add up to too much fibre; check for duplicates or a wrong unit.',
    ],
  };
  if (known[c]) return { code: 'CSV_STORAGE_REFUSED', message: known[c][0], hint: known[c][1] };
  if (e.code === '22003') {
    return {
      code: 'CSV_STORAGE_REFUSED',
      message: 'A number is too large to be stored.',
      hint: 'Check for a misplaced decimal separator or thousands separator.',
    };
  }
  if (e.code === '23505') {
    return {
      code: 'CSV_STORAGE_REFUSED',
      message: 'This record exists already and cannot be stored twice.',
      hint: 'Remove the repeated row.',
    };
  }
  if (e.code?.startsWith('23') || e.code?.startsWith('22')) {
    return {
      code: 'CSV_STORAGE_REFUSED',
      message: 'The database refused a value of this row.',
      hint: 'Check the values of this row for typos and impossible values.',
    };
  }
  throw error;
}
