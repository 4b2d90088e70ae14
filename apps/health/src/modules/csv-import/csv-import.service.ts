import { Injectable } from '@nestjs/common';
import {
  ConflictError,
  DomainError,
  NotFoundError,
  NotImplementedError,
  PayloadTooLargeError,
  UnprocessableError,
} from '@sports/common';
import { latestAllowedDate } from '../../tracking/calendar-date';
import {
  CsvImportQuery,
  CsvImportRequest,
  CsvModuleListResponse,
  ImportLogListResponse,
  ImportLogResponse,
} from './dto/csv-import.dto';
import { chooseEncoding, scanEncoding } from './csv-encoding';
import {
  CsvImportRepository,
  CsvLimits,
  ImportLogRow,
  ImportLogValues,
  MappingRow,
} from './csv-import.repository';
import { ImportOptions, importOptions } from './csv-import-options';
import { CSV_MODULE_DEFINITIONS, CSV_MODULES, TargetField } from './csv-modules';
import { CsvMappingsService } from './csv-mappings.service';
import { csvRecords, decodeSample, looksBinary, openText, readHead } from './csv-parsing';
import { ImportPass } from './csv-import-pass';
import { Bound, compileDateParserOrFail } from './csv-row-reader';
import {
  CsvFileError,
  emptyFile,
  missingFile,
  notText,
  RowError,
  RowErrorCollector,
  tooLargeDetail,
} from './csv-rows';
import type { CsvSink } from './csv-sinks';
import { unitsOfField } from './csv-units';

/** The part of a multer upload the import needs (disk storage: the file is on disk). */
export interface UploadedCsv {
  path: string;
  originalname: string;
  size: number;
}

export const toLogResponse = (r: ImportLogRow): ImportLogResponse => ({
  id: r.id,
  status: r.status,
  dry_run: r.dry_run,
  skip_invalid_rows: r.skip_invalid_rows,
  mapping_id: r.mapping_id,
  mapping_name: r.mapping_name,
  module: r.module,
  file_name: r.file_name,
  file_bytes: Number(r.file_bytes),
  encoding: r.encoding,
  rows_total: r.rows_total,
  created: r.created,
  updated: r.updated,
  unchanged: r.unchanged,
  skipped: r.skipped,
  error_count: r.error_count,
  errors: r.errors as RowError[],
  failure_code: r.failure_code,
  failure_detail: r.failure_detail,
  duration_ms: r.duration_ms,
  options: r.options,
  warnings: r.warnings,
  missing_columns: r.missing_columns as MissingColumnReport[],
  replaced_day_totals: r.replaced_day_totals,
  merged_rows: r.merged_rows,
  rows_without_values: r.rows_without_values,
  excluded_rows: r.excluded_rows,
  created_at: r.created_at.toISOString(),
});

interface RunResult {
  encoding: string;
  rows_total: number;
  created: number;
  updated: number;
  unchanged: number;
  skipped: number;
  errors: RowErrorCollector;
  status: 'succeeded' | 'partial' | 'failed';
  warnings: string[];
  missing_columns: MissingColumnReport[];
  replaced_day_totals: number;
  merged_rows: number;
  rows_without_values: number;
  excluded_rows: number;
}

export interface MissingColumnReport {
  field: string;
  header: string;
  /** Days of the file on which a value of this field is stored. */
  stored_values: number;
  action: 'keep' | 'clear';
}

/**
 * The CSV import: one pass over the file (streamed through papaparse), every row validated,
 * valid rows written in batches inside one transaction. A dry run runs exactly the same code,
 * database writes included, and rolls back, so its answer is the real run's (422 included).
 */
@Injectable()
export class CsvImportService {
  constructor(
    private readonly repo: CsvImportRepository,
    private readonly mappings: CsvMappingsService,
  ) {}

  modules(): CsvModuleListResponse {
    const items = CSV_MODULES.map((key) => {
      const d = CSV_MODULE_DEFINITIONS[key];
      return {
        module: d.module,
        label: d.label,
        importable: d.importable,
        record: d.record,
        target_fields: d.fields.map((f) => ({
          field: f.field,
          label: f.label,
          type: f.type,
          required: f.required,
          unit: f.unit ?? null,
          units: unitsOfField(f.field),
          min: f.type === 'number' ? (f.min ?? null) : null,
          max: f.max ?? null,
        })),
        required_fields: d.fields.filter((f) => f.required).map((f) => f.field),
      };
    });
    return { items, total: items.length, limit: items.length, offset: 0 };
  }

  async logs(userId: string, limit = 50, offset = 0): Promise<ImportLogListResponse> {
    const { rows, total } = await this.repo.listLogs(userId, limit, offset);
    return { items: rows.map(toLogResponse), total, limit, offset };
  }

  async log(userId: string, id: string): Promise<ImportLogResponse> {
    const row = await this.repo.findLog(userId, id);
    if (!row) throw new NotFoundError('CSV import', id);
    return toLogResponse(row);
  }

  async import(
    userId: string,
    file: UploadedCsv | undefined,
    query: CsvImportQuery,
    body: CsvImportRequest,
  ): Promise<ImportLogResponse> {
    const started = Date.now();
    const { mapping_id: mappingId, ...form } = body;
    const options = importOptions(query, form);
    if (!file) throw missingFile();
    const mapping = await this.mappings.visible(userId, mappingId);
    const limits = await this.mappings.limits();
    // A file the upload limit refuses never becomes an import: it is answered, not logged.
    if (file.size > limits.max_file_bytes)
      throw new PayloadTooLargeError(tooLargeDetail(limits.max_file_bytes));
    const base: ImportLogValues = {
      ...emptyLog(userId, file.originalname, file.size),
      mapping_id: mapping.id,
      mapping_name: mapping.name,
      module: mapping.module,
      dry_run: options.dry_run,
      skip_invalid_rows: options.skip_invalid_rows,
      options: { ...options },
    };
    let run: RunResult;
    try {
      if (!CSV_MODULE_DEFINITIONS[mapping.module].importable) {
        throw new NotImplementedError(
          `Importing ${mapping.module} data from CSV is not implemented yet.`,
          { hint: 'Nutrition, weight and blood pressure can be imported.' },
        );
      }
      run = await this.run(userId, file, mapping, limits, options);
    } catch (error) {
      if (error instanceof DomainError) {
        await this.repo.insertLog({
          ...base,
          failure_code: error.code,
          failure_detail: error.message,
          duration_ms: Date.now() - started,
        });
      }
      throw error;
    }
    const row = await this.repo.insertLog({
      ...base,
      encoding: run.encoding,
      status: run.status,
      rows_total: run.rows_total,
      created: run.created,
      updated: run.updated,
      unchanged: run.unchanged,
      skipped: run.skipped,
      error_count: run.errors.count,
      errors: run.errors.sorted(),
      failure_code: run.status === 'failed' ? 'CSV_ROWS_INVALID' : null,
      failure_detail: run.status === 'failed' ? rowsInvalidDetail(run.errors) : null,
      duration_ms: Date.now() - started,
      warnings: run.warnings,
      missing_columns: run.missing_columns,
      replaced_day_totals: run.replaced_day_totals,
      merged_rows: run.merged_rows,
      rows_without_values: run.rows_without_values,
      excluded_rows: run.excluded_rows,
    });
    const response = toLogResponse(row);
    if (run.status === 'failed') {
      throw new UnprocessableError(rowsInvalidDetail(run.errors), 'CSV_ROWS_INVALID', {
        hint: 'Fix the rows listed in row_errors and import again, or send skip_invalid_rows=true to import only the valid rows.',
        errors: response.errors.map((e) => ({
          path: `row ${e.row}${e.column ? `, column ${e.column}${e.header ? ` (${e.header})` : ''}` : ''}`,
          message: `${e.message} ${e.hint}`,
        })),
        extensions: { import_id: row.id, row_errors: response.errors, import: response },
      });
    }
    return response;
  }

  private async run(
    userId: string,
    file: UploadedCsv,
    mapping: MappingRow,
    limits: CsvLimits,
    options: ImportOptions,
  ): Promise<RunResult> {
    const head = await readHead(file.path);
    if (looksBinary(head)) throw notText();
    const choice = chooseEncoding(mapping.encoding, await scanEncoding(file.path));
    if ('problem' in choice)
      throw new CsvFileError('CSV_ENCODING_MISMATCH', choice.problem, choice.hint);
    const encoding = choice.encoding;
    if (decodeSample(head, encoding).trim() === '') throw emptyFile();
    const def = CSV_MODULE_DEFINITIONS[mapping.module];
    const dateParser = compileDateParserOrFail(mapping.date_format);
    const bounds =
      mapping.module === 'blood_pressure'
        ? await this.repo.bloodPressureRanges().then((r) => ({
            ...(r.bp_systolic ? { systolic: r.bp_systolic } : {}),
            ...(r.bp_diastolic ? { diastolic: r.bp_diastolic } : {}),
            ...(r.bp_pulse ? { pulse: r.bp_pulse } : {}),
          }))
        : undefined;
    const errors = new RowErrorCollector(limits.max_errors_reported);

    return this.repo.inTransaction(async (m) => {
      const pass = new ImportPass({
        repo: this.repo,
        m,
        userId,
        mapping,
        options,
        errors,
        dateParser,
        latestDate: latestAllowedDate(),
        maxRows: limits.max_rows,
        bounds,
      });
      try {
        read: for await (const batch of csvRecords(
          openText(file.path, encoding),
          mapping.delimiter,
        )) {
          for (const record of batch) if (!pass.take(record)) break read;
          await pass.sink?.drain();
        }
        const { bound, sink } = pass.finished();
        await sink.finish();
        const missing = missingColumnReport(bound, sink, options);
        const failed = errors.count > 0 && !options.skip_invalid_rows;
        if (!failed) refuseWipe(missing, options);
        const skipped = options.skip_invalid_rows ? errors.invalidRows.size : 0;
        const counts = failed ? { created: 0, updated: 0, unchanged: 0 } : sink.counts;
        return {
          commit: !failed && !options.dry_run,
          result: {
            encoding,
            rows_total: pass.rowsTotal,
            ...counts,
            skipped,
            errors,
            status: failed ? 'failed' : skipped > 0 ? 'partial' : 'succeeded',
            warnings: [
              ...bound.warnings,
              ...missing.map(describeMissing),
              ...sink.warnings,
              ...passWarnings(pass, def.fields),
            ],
            missing_columns: missing,
            replaced_day_totals: failed ? 0 : sink.replacedDayTotals,
            merged_rows: sink.mergedRows,
            rows_without_values: pass.withoutValues,
            excluded_rows: pass.excluded,
          },
        };
      } catch (error) {
        // A batch may still be in flight on the transaction's connection: let it end before
        // the transaction is rolled back.
        await pass.sink?.settle().catch(() => undefined);
        throw error;
      }
    });
  }
}

function missingColumnReport(
  bound: Bound,
  sink: CsvSink<{ date: string }>,
  options: ImportOptions,
): MissingColumnReport[] {
  return bound.missing.map((c) => ({
    field: c.field,
    header: c.header,
    stored_values: sink.storedValues[c.field] ?? 0,
    action: options.on_missing_column ?? 'keep',
  }));
}

/**
 * A mapped column the file lacks while values of it are stored for the file's days: the user
 * chooses (on_missing_column) whether they stay or go; without a choice the import is refused.
 */
function refuseWipe(missing: MissingColumnReport[], options: ImportOptions): void {
  const conflicts = missing.filter((c) => c.stored_values > 0);
  if (!conflicts.length || options.on_missing_column) return;
  throw new ConflictError(
    `The file has no column ${conflicts.map((c) => `"${c.header}" (${c.field})`).join(', ')}, which the mapping names, and values of it are stored for ${conflicts.map((c) => `${c.stored_values} day${c.stored_values === 1 ? '' : 's'}`).join(', ')} of the file.`,
    'CSV_MAPPED_COLUMN_MISSING',
    {
      hint: 'Send on_missing_column=keep to leave the stored values as they are, or on_missing_column=clear to remove them; a dry run shows what either does.',
      extensions: { missing_columns: conflicts },
    },
  );
}

function describeMissing(c: MissingColumnReport): string {
  const what = `The file has no column "${c.header}" (${c.field})`;
  if (!c.stored_values) return `${what}; no stored value is affected.`;
  return c.action === 'clear'
    ? `${what}; its stored values on ${c.stored_values} day${c.stored_values === 1 ? '' : 's'} are removed (on_missing_column=clear).`
    : `${what}; its stored values on ${c.stored_values} day${c.stored_values === 1 ? '' : 's'} are kept (on_missing_column=keep).`;
}

/** What the pass left out, as sentences. */
function passWarnings(pass: ImportPass, fields: TargetField[]): string[] {
  const out: string[] = [];
  const n = pass.withoutValues;
  if (n) {
    const what = fields
      .filter((f) => f.required && f.type === 'number')
      .map((f) => f.label.toLowerCase())
      .join(' or ');
    out.push(
      `${n} row${n === 1 ? ' has' : 's have'} no ${what} and ${n === 1 ? 'was' : 'were'} left out.`,
    );
  }
  if (pass.excluded) {
    out.push(
      `${pass.excluded} row${pass.excluded === 1 ? ' was' : 's were'} left out by the mapping's exclude_rows.`,
    );
  }
  if (pass.endedAt) {
    out.push(`A second table starts in row ${pass.endedAt}; only the first table was read.`);
  }
  return out;
}

function emptyLog(userId: string, fileName: string, bytes: number): ImportLogValues {
  return {
    user_id: userId,
    mapping_id: null,
    mapping_name: null,
    module: null,
    file_name: (fileName || 'upload.csv').slice(0, 255),
    file_bytes: bytes,
    encoding: null,
    dry_run: false,
    skip_invalid_rows: false,
    status: 'failed',
    rows_total: 0,
    created: 0,
    updated: 0,
    unchanged: 0,
    skipped: 0,
    error_count: 0,
    errors: [],
    failure_code: null,
    failure_detail: null,
    duration_ms: 0,
    options: {},
    warnings: [],
    missing_columns: [],
    replaced_day_totals: 0,
    merged_rows: 0,
    rows_without_values: 0,
    excluded_rows: 0,
  };
}

function rowsInvalidDetail(errors: RowErrorCollector): string {
  return `${errors.count} error${errors.count === 1 ? '' : 's'} in ${errors.invalidRows.size} row${errors.invalidRows.size === 1 ? '' : 's'}; nothing was imported.${errors.truncated ? ` Only the first ${errors.items.length} errors are listed (limit max_errors_reported).` : ''}`;
}
