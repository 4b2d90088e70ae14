import type { EntityManager } from 'typeorm';
import type { CsvImportRepository, FieldMode, MappingRow } from './csv-import.repository';
import type { ImportOptions } from './csv-import-options';
import { CSV_MODULE_DEFINITIONS, CsvModule } from './csv-modules';
import type { DateParser } from './csv-dates';
import { CsvRecord, isBlankRecord } from './csv-parsing';
import { Bound, bindColumns, RowReader } from './csv-row-reader';
import { CsvFileError, emptyFile, RowErrorCollector } from './csv-rows';
import { createSink, CsvSink } from './csv-sinks';

/** Optional fields whose stored values a write can keep, merge or clear, per module. */
const OPTIONAL_STORED: Record<CsvModule, string[]> = {
  weight: ['body_fat_pct', 'note'],
  nutrition: ['protein_g', 'carbohydrate_g', 'fat_g', 'fibre_g'],
  blood_pressure: ['time', 'pulse'],
  activity: [],
};

/**
 * merge for present columns, keep (or clear, when asked) for missing ones, keep for unmapped;
 * a time of day may also come after the date, so an unmapped time column merges as well.
 */
function fieldModes(
  module: CsvModule,
  bound: Bound,
  options: ImportOptions,
): Record<string, FieldMode> {
  const present = new Set(bound.bindings.map((b) => b.field.field));
  const missing = new Set(bound.missing.map((c) => c.field));
  return Object.fromEntries(
    OPTIONAL_STORED[module].map((f) => [
      f,
      missing.has(f)
        ? options.on_missing_column === 'clear'
          ? 'clear'
          : 'keep'
        : present.has(f) || f === 'time'
          ? 'merge'
          : 'keep',
    ]),
  );
}

export interface PassSetup {
  repo: CsvImportRepository;
  m: EntityManager;
  userId: string;
  mapping: MappingRow;
  options: ImportOptions;
  errors: RowErrorCollector;
  dateParser: DateParser;
  latestDate: string;
  maxRows: number;
  bounds?: Record<string, { min: number; max: number }>;
}

/**
 * One import's way through the records of a file: the first record binds the columns (and is
 * the header), every other is read into the module's sink; counts what is left out.
 */
export class ImportPass {
  rowsTotal = 0;
  withoutValues = 0;
  excluded = 0;
  /** Row where a second table starts: nothing from there on is read. */
  endedAt: number | null = null;
  private reader: RowReader | null = null;
  private bound: Bound | null = null;
  private current: CsvSink<{ date: string }> | null = null;

  constructor(private readonly s: PassSetup) {}

  get sink(): CsvSink<{ date: string }> | null {
    return this.current;
  }

  /** Takes one record; false once the data has ended. */
  take(record: CsvRecord): boolean {
    const { mapping } = this.s;
    if (record.row <= mapping.skip_lines) return true;
    if (isBlankRecord(record.fields)) {
      this.reader?.blank();
      return true;
    }
    if (!this.reader) {
      this.start(mapping.has_header ? record.fields : null);
      if (mapping.has_header) return true;
    }
    const outcome = this.reader!.read(record);
    if (outcome.kind === 'end') {
      this.endedAt = record.row;
      return false;
    }
    if (outcome.kind === 'skip') {
      if (outcome.reason === 'heading' || outcome.reason === 'header_repeat') return true;
      if (outcome.reason === 'excluded') this.excluded += 1;
      else this.withoutValues += 1;
    }
    this.rowsTotal += 1;
    if (this.rowsTotal > this.s.maxRows) throw tooManyRows(this.s.maxRows);
    if (outcome.kind !== 'data') return true;
    if (outcome.errors.length) for (const e of outcome.errors) this.s.errors.add(e);
    else this.current!.add(record.row, outcome.values);
    return true;
  }

  /** The bindings and the sink of a file that had data rows; a file error otherwise. */
  finished(): { bound: Bound; sink: CsvSink<{ date: string }> } {
    if (!this.bound || !this.current) throw emptyFile();
    if (this.rowsTotal === 0) {
      throw new CsvFileError(
        'CSV_NO_DATA_ROWS',
        'The file has a header row but no data rows.',
        'Export the data again including its rows.',
      );
    }
    return { bound: this.bound, sink: this.current };
  }

  private start(header: string[] | null): void {
    const { mapping, options } = this.s;
    const bound = bindColumns(CSV_MODULE_DEFINITIONS[mapping.module].fields, mapping, header);
    this.bound = bound;
    this.current = createSink(mapping.module, {
      repo: this.s.repo,
      m: this.s.m,
      userId: this.s.userId,
      errors: this.s.errors,
      modes: fieldModes(mapping.module, bound, options),
      missingFields: bound.missing.map((c) => c.field),
      sameDay: options.same_day,
      replaceDayTotals: options.replace_day_totals,
      timeZone: options.time_zone,
    });
    this.reader = new RowReader({
      bound,
      header,
      mapping,
      dateParser: this.s.dateParser,
      latestDate: this.s.latestDate,
      bounds: this.s.bounds,
    });
  }
}

const tooManyRows = (max: number) =>
  new CsvFileError(
    'CSV_TOO_MANY_ROWS',
    `The file has more than ${max} data rows (limit max_rows = ${max}).`,
    'Split the file into smaller files and import them one after the other.',
    { limit: 'max_rows', max_rows: max },
  );
