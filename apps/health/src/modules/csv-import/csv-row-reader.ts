import type { TargetField } from './csv-modules';
import {
  COMMON_DATE_FORMATS,
  compileDateFormat,
  dateExample,
  DateParser,
  EARLIEST_DATE,
  parseTimeOfDay,
} from './csv-dates';
import {
  columnIndexOfLetter,
  columnLetter,
  CsvRecord,
  normalizeHeader,
  parseNumber,
} from './csv-parsing';
import { CsvFileError, RowError } from './csv-rows';
import { Conversion, CsvUnit, FIELD_UNITS, headerUnit, unitsOfField } from './csv-units';

/** What of a mapping the reading of rows needs (csv_field_mappings columns). */
export interface MappingShape {
  has_header: boolean;
  skip_lines: number;
  columns: Record<string, string>;
  units: Record<string, string>;
  exclude_rows: { column: string; values: string[] }[];
  date_format: string;
  decimal_separator: string;
  date_heading_rows: boolean;
}

export interface ColumnBinding {
  field: TargetField;
  index: number;
  header: string | null;
  /** The unit of the column's values and how it becomes the field's unit (numbers only). */
  unit: CsvUnit | null;
  conversion: Conversion | null;
}

/** A mapped optional column the file does not have. */
export interface MissingColumn {
  field: string;
  header: string;
}

export interface Bound {
  bindings: ColumnBinding[];
  missing: MissingColumn[];
  excludes: { index: number; header: string; values: Set<string> }[];
  warnings: string[];
}

const describeUnits = (field: string) => unitsOfField(field).join(', ');

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

/**
 * Ties each mapped target field to a column of the file and settles its unit. A missing
 * required column, a mapped header that occurs twice and a unit the header contradicts are
 * file errors; a missing optional column is reported for the caller to decide.
 */
export function bindColumns(
  fields: TargetField[],
  mapping: MappingShape,
  header: string[] | null,
): Bound {
  const bindings: ColumnBinding[] = [];
  const missing: MissingColumn[] = [];
  const missingRequired: string[] = [];
  const duplicates: string[] = [];
  const mismatches: string[] = [];
  const warnings: string[] = [];
  const positions = new Map<string, number[]>();
  header?.forEach((h, i) => {
    const key = normalizeHeader(h);
    if (key) positions.set(key, [...(positions.get(key) ?? []), i]);
  });
  const locate = (source: string): number | undefined | null => {
    if (!mapping.has_header || !header) {
      return columnIndexOfLetter(source.trim().toUpperCase()) ?? undefined;
    }
    const found = positions.get(normalizeHeader(source)) ?? [];
    if (found.length > 1) {
      duplicates.push(`"${source}" appears in columns ${found.map(columnLetter).join(' and ')}`);
      return null;
    }
    return found[0];
  };
  for (const field of fields) {
    const source = mapping.columns[field.field];
    if (source === undefined) continue;
    const index = locate(source);
    if (index === null) continue;
    if (index === undefined) {
      if (field.required) missingRequired.push(source);
      else missing.push({ field: field.field, header: source });
      continue;
    }
    const columnHeader = header ? (header[index] ?? null) : null;
    let unit: CsvUnit | null = null;
    let conversion: Conversion | null = null;
    if (field.type === 'number') {
      const declared = (mapping.units[field.field] as CsvUnit | undefined) ?? null;
      const named = headerUnit(columnHeader);
      const accepted = FIELD_UNITS[field.field] ?? {};
      if (declared && named && declared !== named) {
        mismatches.push(
          `column "${columnHeader}" is in ${named} but the mapping declares ${field.field} in ${declared}`,
        );
        continue;
      }
      unit = declared ?? (named && accepted[named] ? named : null) ?? (field.unit as CsvUnit);
      if (named && !accepted[named]) {
        mismatches.push(
          `column "${columnHeader}" is in ${named}, which ${field.field} cannot take (it accepts ${describeUnits(field.field)})`,
        );
        continue;
      }
      conversion = accepted[unit] ?? null;
      if (conversion?.fatMass) {
        warnings.push(
          `${field.label} is computed from the fat mass in "${columnHeader ?? source}" (${unit}) and the weight of each row.`,
        );
      } else if (unit !== field.unit) {
        warnings.push(`"${columnHeader ?? source}" is converted from ${unit} to ${field.unit}.`);
      }
    }
    bindings.push({ field, index, header: columnHeader, unit, conversion });
  }
  const excludes: Bound['excludes'] = [];
  for (const rule of mapping.exclude_rows) {
    const index = locate(rule.column);
    if (index === null) continue;
    if (index === undefined) {
      warnings.push(`The column "${rule.column}" named by exclude_rows is not in the file.`);
      continue;
    }
    excludes.push({
      index,
      header: rule.column,
      values: new Set(rule.values.map((v) => v.trim().toLowerCase())),
    });
  }
  if (duplicates.length) {
    throw new CsvFileError(
      'CSV_DUPLICATE_HEADERS',
      `The header row names a mapped column more than once: ${duplicates.join('; ')}.`,
      'Rename or delete one of the duplicate columns so that it is clear which one to import.',
      { duplicate_headers: duplicates },
    );
  }
  if (missingRequired.length) {
    throw new CsvFileError(
      'CSV_MISSING_COLUMNS',
      `The file has no column ${missingRequired.map((m) => `"${m}"`).join(', ')}, which this mapping needs.`,
      header
        ? `The header row has: ${header.map((h) => `"${h}"`).join(', ')}. Choose a mapping that fits (POST /api/csv/analyze proposes one) or create one with POST /api/csv/mappings.`
        : 'Check the column letters of the mapping.',
      { missing_columns: missingRequired, found_headers: header ?? [] },
    );
  }
  if (mismatches.length) {
    throw new CsvFileError(
      'CSV_UNIT_MISMATCH',
      `The units do not fit: ${mismatches.join('; ')}.`,
      'Map the column to a field of its unit, or set the mapping\'s units (e.g. units.body_fat_pct = "kg" for a fat mass, which is then divided by the weight).',
      { unit_mismatches: mismatches },
    );
  }
  return { bindings, missing, excludes, warnings };
}

export type RowValues = Record<string, string | number | null>;

export type RowOutcome =
  | { kind: 'data'; values: RowValues; errors: RowError[] }
  | { kind: 'skip'; reason: 'excluded' | 'heading' | 'no_values' | 'header_repeat' }
  | { kind: 'end' };

export interface RowReaderOptions {
  bound: Bound;
  header: string[] | null;
  mapping: MappingShape;
  dateParser: DateParser;
  /** The latest day a date may name (tomorrow, UTC). */
  latestDate: string;
  /** Bounds that replace the fields' defaults (blood pressure from reference_value_types). */
  bounds?: Record<string, { min: number; max: number }>;
}

const EMPTY = /^\s*([-–—]+|n\/?a|null)?\s*$/i;

/** Exports write a missing value as nothing, a dash ("-", "--", "–", "—"), "n/a" or "null". */
function isEmptyValue(raw: string | undefined): boolean {
  if (raw === undefined || raw === '') return true;
  const c = raw.charCodeAt(0);
  // Most cells start with a digit or a quote-free letter of a value: settled without a regex.
  if ((c >= 48 && c <= 57) || (c >= 65 && c <= 77) || (c >= 79 && c <= 90)) return false;
  return EMPTY.test(raw);
}

const clip = (s: string) => (s.length > 100 ? `${s.slice(0, 97)}...` : s);
const round = (v: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(v * f) / f;
};

/**
 * Reads the records of one file with one mapping: every value converted to what is stored,
 * every problem of a row reported at once. Keeps what spans rows: the date of Garmin-style
 * date heading rows and the blank line before a second table.
 */
export class RowReader {
  private readonly width: number | null;
  private readonly dateBinding: ColumnBinding | undefined;
  private readonly valueBindings: ColumnBinding[];
  private readonly requiredValues: ColumnBinding[];
  private headingDate: string | null = null;
  private afterBlank = false;
  /** The header of the date column, normalised: seen again, it starts another table. */
  private readonly dateHeader: string | null;

  constructor(private readonly o: RowReaderOptions) {
    this.width = o.header ? o.header.length : null;
    this.dateBinding = o.bound.bindings.find((b) => b.field.type === 'date');
    this.dateHeader =
      o.header && this.dateBinding
        ? normalizeHeader(o.header[this.dateBinding.index] ?? '') || null
        : null;
    this.valueBindings = o.bound.bindings.filter(
      (b) => b.field.type !== 'date' && b.field.type !== 'time',
    );
    this.requiredValues = this.valueBindings.filter((b) => b.field.required);
  }

  /** A blank line: remembered, because a table that follows one ends the data. */
  blank(): void {
    this.afterBlank = true;
  }

  read(record: CsvRecord): RowOutcome {
    const afterBlank = this.afterBlank;
    this.afterBlank = false;
    const f = record.fields;
    // PostgreSQL stores no NUL in text or jsonb (the import log), so the row is refused whole
    // and the value is not echoed; the binary sniffing sees only the file's first 64 KB.
    const nulAt = f.findIndex((v) => v.includes('\u0000'));
    if (nulAt >= 0) {
      return {
        kind: 'data',
        values: { time: null, offset: null },
        errors: [
          {
            row: record.row,
            column: columnLetter(nulAt),
            header: null,
            field: null,
            value: null,
            code: 'CSV_NUL_CHARACTER',
            message: 'The row contains the NUL character (U+0000), which is not text.',
            hint: 'Remove the character or export the file again as CSV text.',
          },
        ],
      };
    }
    const header = this.o.header;
    const dateCell = this.dateBinding ? f[this.dateBinding.index] : undefined;
    if (
      header &&
      this.dateHeader &&
      dateCell !== undefined &&
      dateCell.length >= this.dateHeader.length &&
      normalizeHeader(dateCell) === this.dateHeader
    ) {
      const same = header.every((h, j) => normalizeHeader(h) === normalizeHeader(f[j] ?? ''));
      if (same) return { kind: 'skip', reason: 'header_repeat' };
      if (afterBlank) return { kind: 'end' };
    }
    for (const rule of this.o.bound.excludes) {
      if (rule.values.has((f[rule.index] ?? '').trim().toLowerCase())) {
        return { kind: 'skip', reason: 'excluded' };
      }
    }
    if (
      this.o.mapping.date_heading_rows &&
      this.dateBinding &&
      this.valueBindings.every((b) => isEmptyValue(f[b.index]))
    ) {
      const heading = this.o.dateParser.parse(f[this.dateBinding.index] ?? '');
      if (heading) {
        this.headingDate = heading.date;
        return { kind: 'skip', reason: 'heading' };
      }
    }
    if (this.requiredValues.length && this.requiredValues.every((b) => isEmptyValue(f[b.index]))) {
      return { kind: 'skip', reason: 'no_values' };
    }
    return this.readValues(record);
  }

  private readValues(record: CsvRecord): RowOutcome {
    const errors: RowError[] = [];
    const values: RowValues = { time: null, offset: null };
    if (record.parseError) {
      errors.push({
        row: record.row,
        column: null,
        header: null,
        field: null,
        value: null,
        code: 'CSV_QUOTES',
        message: 'The row has an unmatched quotation mark.',
        hint: 'A value that starts with " must end with "; write a quote inside a value as "".',
      });
    }
    if (this.width !== null && record.fields.length > this.width) {
      const extra = record.fields.length - this.width;
      errors.push({
        row: record.row,
        column: columnLetter(this.width),
        header: null,
        field: null,
        value: clip(record.fields.slice(this.width).join(', ')),
        code: 'CSV_EXTRA_COLUMN',
        message: `The row has ${record.fields.length} values but the header has ${this.width} columns (${extra} too many).`,
        hint:
          this.o.mapping.decimal_separator === ','
            ? 'A value probably contains the delimiter. Put such values in quotes.'
            : 'A value probably contains the delimiter, e.g. a decimal comma like 78,5 in a comma-separated file. Put such values in quotes or use a mapping with decimal comma and semicolon delimiter.',
      });
    }
    let fatMass: { binding: ColumnBinding; kg: number } | null = null;
    for (const b of this.o.bound.bindings) {
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
      if (isEmptyValue(raw)) {
        if (f.type !== 'time') values[f.field] = null;
        if (f.required) {
          errors.push({
            ...at(),
            code: raw === undefined ? 'CSV_MISSING_VALUE' : 'CSV_REQUIRED',
            message: `${f.label} is missing.`,
            hint:
              raw === undefined
                ? `The row ends before column ${columnLetter(b.index)}; every row needs a value for ${f.label}.`
                : `Every row with a measurement needs a value for ${f.label}${f.unit ? ` in ${f.unit}` : ''}; fill the cell or delete the row.`,
          });
        }
        continue;
      }
      const text = raw as string;
      if (f.type === 'date') {
        const error = this.readDate(text, values);
        if (error) errors.push({ ...at(), ...error });
        continue;
      }
      if (f.type === 'time') {
        const time = parseTimeOfDay(text);
        if (time) values.time = time;
        else {
          errors.push({
            ...at(),
            code: 'CSV_INVALID_TIME',
            message: `"${clip(text)}" is not a time of day.`,
            hint: 'Write the time like 07:30, 7:30 PM or 07:30:15.',
          });
        }
        continue;
      }
      if (f.type === 'text') {
        const value = text.trim();
        if (f.max !== undefined && value.length > f.max) {
          errors.push({
            ...at(),
            code: 'CSV_TEXT_TOO_LONG',
            message: `${f.label} has ${value.length} characters.`,
            hint: `Shorten it to at most ${f.max} characters.`,
          });
        } else values[f.field] = value;
        continue;
      }
      const parsed = parseNumber(text, this.o.mapping.decimal_separator);
      if (!parsed.ok) {
        errors.push({
          ...at(),
          code: 'CSV_INVALID_NUMBER',
          message: `"${clip(text)}" is not a number.`,
          hint: parsed.hint,
        });
        continue;
      }
      const conversion = parsed.unit ? FIELD_UNITS[f.field]?.[parsed.unit] : b.conversion;
      if (!conversion) {
        errors.push({
          ...at(),
          code: 'CSV_UNIT_MISMATCH',
          message: `"${clip(text)}" is in ${parsed.unit}, which ${f.label.toLowerCase()} cannot take.`,
          hint: `Write ${f.label.toLowerCase()} in ${describeUnits(f.field)}.`,
        });
        continue;
      }
      if (conversion.fatMass) {
        fatMass = { binding: b, kg: parsed.value * conversion.factor };
        continue;
      }
      const error = this.store(b, parsed.value * conversion.factor, values);
      if (error) errors.push({ ...at(), ...error });
    }
    if (fatMass) {
      const weight = values.weight_kg;
      if (typeof weight === 'number' && weight > 0) {
        const error = this.store(fatMass.binding, (fatMass.kg / weight) * 100, values);
        if (error) {
          errors.push({
            row: record.row,
            column: columnLetter(fatMass.binding.index),
            header: fatMass.binding.header,
            field: fatMass.binding.field.field,
            value: clip(record.fields[fatMass.binding.index] ?? ''),
            ...error,
            message: `${error.message.replace(/\.$/, '')} (fat mass ${round(fatMass.kg, 2)} kg of ${weight} kg).`,
          });
        }
      }
    }
    return { kind: 'data', values, errors };
  }

  /** Reads the date (and a time after it) into `values`, or answers the problem. */
  private readDate(
    text: string,
    values: RowValues,
  ): Pick<RowError, 'code' | 'message' | 'hint'> | null {
    const parser = this.o.dateParser;
    let parsed = parser.parse(text);
    if (!parsed && this.o.mapping.date_heading_rows) {
      const time = parseTimeOfDay(text);
      if (time && this.headingDate) parsed = { date: this.headingDate, time, offset: null };
      else if (time) {
        return {
          code: 'CSV_INVALID_DATE',
          message: `The time "${clip(text)}" comes before any row with a date.`,
          hint: 'In this layout a row holding only the date stands above the rows of that day.',
        };
      }
    }
    if (!parsed) {
      const guess = COMMON_DATE_FORMATS.find(
        (fmt) => fmt !== parser.format && compileDateFormat(fmt)?.parse(text),
      );
      return {
        code: 'CSV_INVALID_DATE',
        message: `"${clip(text)}" is not a date in the format ${parser.format}.`,
        hint: `Expected a date like ${dateExample(parser.format)} (format ${parser.format}).${guess ? ` The value looks like ${guess}; use a mapping with that date format.` : ''}`,
      };
    }
    if (parsed.date < EARLIEST_DATE) {
      return {
        code: 'CSV_DATE_TOO_EARLY',
        message: `${parsed.date} lies before ${EARLIEST_DATE}.`,
        hint: 'Dates are accepted from 1900 on, as everywhere in this API; check the year (a typo such as 1026 for 2026?).',
      };
    }
    if (parsed.date > this.o.latestDate) {
      return {
        code: 'CSV_DATE_IN_FUTURE',
        message: `${parsed.date} lies in the future.`,
        hint: 'Days up to today (tomorrow in UTC for time zones east of UTC) can be imported; check the year and the day/month order.',
      };
    }
    values.date = parsed.date;
    if (parsed.time && values.time === null) values.time = parsed.time;
    values.offset = parsed.offset;
    return null;
  }

  /** Rounds like the database column and checks the bounds. */
  private store(
    b: ColumnBinding,
    raw: number,
    values: RowValues,
  ): Pick<RowError, 'code' | 'message' | 'hint'> | null {
    const f = b.field;
    const bounds = this.o.bounds?.[f.field] ?? { min: f.min, max: f.max };
    const value = f.decimals === undefined ? raw : round(raw, f.decimals);
    if (
      (bounds.min !== undefined && value < bounds.min) ||
      (bounds.max !== undefined && value > bounds.max)
    ) {
      const unit = f.unit ? ` ${f.unit}` : '';
      return {
        code: 'CSV_OUT_OF_RANGE',
        message: `${f.label} ${value}${unit} is outside ${bounds.min}–${bounds.max}${unit}.`,
        hint: `Check for a typo or a wrong unit; ${f.label.toLowerCase()} must lie between ${bounds.min} and ${bounds.max}${unit}.`,
      };
    }
    values[f.field] = value;
    return null;
  }
}
