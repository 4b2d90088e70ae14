import { COMMON_DATE_FORMATS, compileDateFormat, DateParser, parseTimeOfDay } from './csv-dates';
import { columnLetter, CsvRecord, isBlankRecord, parseNumber } from './csv-parsing';
import { CsvUnit, headerUnit } from './csv-units';

/**
 * What one pass over a file tells about its layout and columns: where the header is, which
 * column holds dates in which format, which hold numbers (with which decimal separator and
 * unit), which times and which text. Pure: fed record by record, no I/O.
 */

export type ColumnKind = 'date' | 'time' | 'number' | 'text' | 'empty';

export interface ColumnProfile {
  index: number;
  letter: string;
  header: string | null;
  kind: ColumnKind;
  unit: CsvUnit | null;
  /** Formats that read every date of the column (times on their own excepted). */
  dateFormats: string[];
  /** Dates on rows of their own above rows with times (Garmin Connect). */
  dateHeadings: boolean;
  decimalSeparator: '.' | ',' | null;
  filled: number;
  samples: string[];
  /** Share of values that are numbers (either separator), for plausibility. */
  numeric: number;
  /** Numbers read with the file's decimal separator, for range checks (first ones only). */
  numbers: number[];
}

export interface FileLayout {
  skipLines: number;
  hasHeader: boolean;
  headers: string[];
  width: number;
}

const PARSERS: DateParser[] = COMMON_DATE_FORMATS.map((f) => compileDateFormat(f)!);
const isEmptyCell = (v: string | undefined) =>
  v === undefined || /^\s*([-–—]+|n\/?a|null)?\s*$/i.test(v);
const DOT_DECIMAL = /^[-+]?\d+\.\d{1,2}(?:\s*[A-Za-z%]+)?$|^[-+]?\d+\.\d{4,}/;
const COMMA_DECIMAL = /^[-+]?\d+,\d{1,2}(?:\s*[A-Za-z%]+)?$|^[-+]?\d+,\d{4,}/;
const VALUE_LIKE = /^\s*[-+]?[\d.,:/\s]+(?:\s*[A-Za-z%]{1,5})?\s*$/;

const looksLikeValue = (cell: string): boolean =>
  cell.trim() !== '' &&
  (VALUE_LIKE.test(cell) || PARSERS.some((p) => p.parse(cell)) || parseTimeOfDay(cell) !== null);

/**
 * The header is the first record as wide as most of the first records whose cells hold no
 * values (numbers, dates, times); lines above it (an exporter's title) are skipped. Without
 * such a record the file has no header and the first wide record is data.
 */
export function detectLayout(records: CsvRecord[]): FileLayout | null {
  const rows = records.filter((r) => !isBlankRecord(r.fields));
  if (!rows.length) return null;
  const widths = new Map<number, number>();
  for (const r of rows.slice(0, 50))
    widths.set(r.fields.length, (widths.get(r.fields.length) ?? 0) + 1);
  const width = [...widths.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0][0];
  const first = rows.find((r) => r.fields.length >= width) ?? rows[0];
  const hasHeader = !first.fields.some(looksLikeValue);
  return {
    skipLines: first.row - 1,
    hasHeader,
    headers: hasHeader ? first.fields.map((h) => h.trim()) : [],
    width,
  };
}

interface ColumnState {
  filled: number;
  times: number;
  dates: number;
  numbers: number;
  dotEvidence: number;
  commaEvidence: number;
  units: Map<CsvUnit, number>;
  alive: DateParser[];
  samples: string[];
  /** The first numbers as written, read once the file's decimal separator is known. */
  raws: string[];
}

/** Collects the evidence of every column, one data record at a time. */
export class ColumnProfiler {
  private readonly columns: ColumnState[];

  constructor(
    private readonly layout: FileLayout,
    private readonly decimalHint: '.' | ',',
  ) {
    this.columns = Array.from({ length: layout.width }, () => ({
      filled: 0,
      times: 0,
      dates: 0,
      numbers: 0,
      dotEvidence: 0,
      commaEvidence: 0,
      units: new Map(),
      alive: [...PARSERS],
      samples: [],
      raws: [],
    }));
  }

  add(fields: string[]): void {
    for (let j = 0; j < this.columns.length; j += 1) {
      const v = fields[j];
      if (isEmptyCell(v)) continue;
      const c = this.columns[j];
      const text = (v as string).trim();
      c.filled += 1;
      if (c.samples.length < 3) c.samples.push(text);
      if (parseTimeOfDay(text)) {
        c.times += 1;
        continue;
      }
      if (c.alive.length) {
        const before = c.alive.length;
        c.alive = c.alive.filter((p) => p.parse(text));
        if (c.alive.length) {
          c.dates += 1;
          continue;
        }
        // A column of numbers stops being tried as dates at its first number.
        if (before) c.alive = [];
      }
      const dot = parseNumber(text, '.');
      const comma = dot.ok ? dot : parseNumber(text, ',');
      if (!dot.ok && !comma.ok) continue;
      c.numbers += 1;
      if (DOT_DECIMAL.test(text)) c.dotEvidence += 1;
      if (COMMA_DECIMAL.test(text)) c.commaEvidence += 1;
      const unit = dot.ok ? dot.unit : comma.ok ? comma.unit : null;
      if (unit) c.units.set(unit, (c.units.get(unit) ?? 0) + 1);
      if (c.raws.length < 500) c.raws.push(text);
    }
  }

  /** The decimal separator the numbers of the file use ('.' when nothing tells). */
  decimalSeparator(): '.' | ',' {
    let dot = 0;
    let comma = 0;
    for (const c of this.columns) {
      dot += c.dotEvidence;
      comma += c.commaEvidence;
    }
    if (comma > dot) return ',';
    if (dot > comma) return '.';
    return this.decimalHint;
  }

  profiles(decimal: '.' | ','): ColumnProfile[] {
    return this.columns.map((c, index) => {
      const header = this.layout.hasHeader ? (this.layout.headers[index] ?? null) : null;
      const dateFormats = c.dates ? c.alive.map((p) => p.format) : [];
      const dateHeadings = dateFormats.length > 0 && c.times > 0 && c.dates + c.times === c.filled;
      const numeric = c.filled ? c.numbers / c.filled : 0;
      const kind: ColumnKind =
        c.filled === 0
          ? 'empty'
          : dateFormats.length && (dateHeadings || c.dates === c.filled)
            ? 'date'
            : c.times === c.filled
              ? 'time'
              : numeric >= 0.9
                ? 'number'
                : 'text';
      const valueUnit = [...c.units.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
      return {
        index,
        letter: columnLetter(index),
        header,
        kind,
        unit: headerUnit(header) ?? valueUnit,
        dateFormats,
        dateHeadings,
        decimalSeparator:
          kind !== 'number'
            ? null
            : c.commaEvidence > c.dotEvidence
              ? ','
              : c.dotEvidence
                ? '.'
                : null,
        filled: c.filled,
        samples: c.samples,
        numeric,
        numbers: c.raws.flatMap((raw) => {
          const n = parseNumber(raw, decimal);
          return n.ok ? [n.value] : [];
        }),
      };
    });
  }
}

const DAY_FIRST = /^D/;

/**
 * The format for a date column, and whether it is ambiguous: 01/02/2025 reads as 1 February
 * and as 2 January when no day above 12 settles it. Europe-looking files (";" delimiter,
 * decimal comma) get the day first.
 */
export function chooseDateFormat(
  formats: string[],
  european: boolean,
): { format: string | null; ambiguous: boolean; alternatives: string[] } {
  if (!formats.length) return { format: null, ambiguous: false, alternatives: [] };
  const shape = (f: string) => f.replace(/[DM]+/g, 'X');
  const first = formats[0];
  const twins = formats.filter(
    (f) => f !== first && shape(f) === shape(first) && DAY_FIRST.test(f) !== DAY_FIRST.test(first),
  );
  const ambiguous = twins.length > 0;
  let format = first;
  if (ambiguous) {
    const dayFirst = [first, ...twins].find((f) => DAY_FIRST.test(f));
    const monthFirst = [first, ...twins].find((f) => !DAY_FIRST.test(f));
    format = (european ? dayFirst : monthFirst) ?? first;
  }
  return { format, ambiguous, alternatives: formats.filter((f) => f !== format) };
}
