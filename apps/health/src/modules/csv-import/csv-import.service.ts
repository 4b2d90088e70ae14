import { Injectable } from '@nestjs/common';
import {
  DomainError,
  NotFoundError,
  NotImplementedError,
  PayloadTooLargeError,
  UnprocessableError,
  ValidationFailedError,
} from '@sports/common';
import { latestAllowedDate } from '../../tracking/calendar-date';
import {
  CsvImportRequest,
  CsvModuleListResponse,
  ImportLogListResponse,
  ImportLogResponse,
} from './dto/csv-import.dto';
import {
  CsvImportRepository,
  CsvLimits,
  ImportLogRow,
  ImportLogValues,
  MappingRow,
} from './csv-import.repository';
import { CSV_MODULE_DEFINITIONS, CSV_MODULES } from './csv-modules';
import { CsvMappingsService } from './csv-mappings.service';
import {
  csvRecords,
  decodeSample,
  detectEncoding,
  isBlankRecord,
  looksBinary,
  openText,
  readHead,
} from './csv-parsing';
import {
  bindColumns,
  compileDateParserOrFail,
  CsvFileError,
  readRow,
  RowContext,
  RowError,
  RowErrorCollector,
} from './csv-rows';
import { BloodPressureSink, CsvSink, NutritionSink, WeightSink } from './csv-sinks';

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
}

export const formatBytes = (n: number): string =>
  n >= 1024 * 1024
    ? `${Math.round((n / 1024 / 1024) * 10) / 10} MiB`
    : `${Math.round(n / 1024)} KiB`;

/**
 * The CSV import: one pass over the file (streamed through papaparse), every row validated,
 * valid rows written in batches inside one transaction. A dry run runs exactly the same code,
 * database writes included, and rolls back, so its counts and errors are those of a real run.
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

  /** Records an upload refused for its size before the import ran (called by the upload storage). */
  async logRefusedUpload(
    userId: string,
    fileName: string,
    bytes: number,
    limit: number,
    mappingId?: string,
  ): Promise<void> {
    await this.repo.insertLog({
      ...emptyLog(userId, fileName, bytes),
      mapping_id: mappingId && /^[0-9a-f-]{36}$/i.test(mappingId) ? mappingId : null,
      failure_code: 'PAYLOAD_TOO_LARGE',
      failure_detail: tooLargeDetail(limit),
    });
  }

  async import(
    userId: string,
    file: UploadedCsv | undefined,
    body: CsvImportRequest,
  ): Promise<ImportLogResponse> {
    const started = Date.now();
    if (!file) throw missingFile();
    const dryRun = body.dry_run ?? false;
    const skip = body.skip_invalid_rows ?? false;
    const mapping = await this.mappings.visible(userId, body.mapping_id);
    const base: ImportLogValues = {
      ...emptyLog(userId, file.originalname, file.size),
      mapping_id: mapping.id,
      mapping_name: mapping.name,
      module: mapping.module,
      dry_run: dryRun,
      skip_invalid_rows: skip,
    };
    let run: RunResult;
    try {
      if (!CSV_MODULE_DEFINITIONS[mapping.module].importable) {
        throw new NotImplementedError(
          `Importing ${mapping.module} data from CSV is not implemented yet.`,
          {
            hint: 'Nutrition, weight and blood pressure can be imported.',
          },
        );
      }
      const limits = await this.mappings.limits();
      if (file.size > limits.max_file_bytes)
        throw new PayloadTooLargeError(tooLargeDetail(limits.max_file_bytes));
      run = await this.run(userId, file, mapping, limits, dryRun, skip);
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
    });
    const response = toLogResponse(row);
    if (run.status === 'failed' && !dryRun) {
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
    dryRun: boolean,
    skip: boolean,
  ): Promise<RunResult> {
    const head = await readHead(file.path);
    if (looksBinary(head)) throw notText();
    const encoding =
      mapping.encoding === 'auto'
        ? detectEncoding(head, file.size > head.length).encoding
        : mapping.encoding;
    if (decodeSample(head, encoding).trim() === '') throw emptyFile();
    const def = CSV_MODULE_DEFINITIONS[mapping.module];
    const dateParser = compileDateParserOrFail(mapping.date_format);
    const bounds =
      mapping.module === 'blood_pressure'
        ? await this.repo.bloodPressureRanges().then((r) => ({
            ...(r.bp_systolic ? { systolic: r.bp_systolic } : {}),
            ...(r.bp_diastolic ? { diastolic: r.bp_diastolic } : {}),
          }))
        : undefined;
    const errors = new RowErrorCollector(limits.max_errors_reported);
    const latestDate = latestAllowedDate();

    return this.repo.inTransaction(async (m) => {
      const sink: CsvSink<unknown> =
        mapping.module === 'weight'
          ? new WeightSink(this.repo, m, userId, errors, {
              body_fat_pct: mapping.columns.body_fat_pct !== undefined,
              note: mapping.columns.note !== undefined,
            })
          : mapping.module === 'nutrition'
            ? new NutritionSink(this.repo, m, userId, errors)
            : new BloodPressureSink(this.repo, m, userId, errors);
      try {
        let ctx: RowContext | null = null;
        let rowsTotal = 0;
        for await (const batch of csvRecords(openText(file.path, encoding), mapping.delimiter)) {
          for (const record of batch) {
            if (isBlankRecord(record.fields)) continue;
            if (!ctx) {
              const header = mapping.has_header ? record.fields : null;
              const { bindings } = bindColumns(def.fields, mapping, header);
              ctx = {
                bindings,
                width: header ? header.length : null,
                dateParser,
                decimalSeparator: mapping.decimal_separator,
                latestDate,
                bounds,
              };
              if (header) continue;
            }
            rowsTotal += 1;
            if (rowsTotal > limits.max_rows) {
              throw new CsvFileError(
                'CSV_TOO_MANY_ROWS',
                `The file has more than ${limits.max_rows} data rows (limit max_rows = ${limits.max_rows}).`,
                'Split the file into smaller files and import them one after the other.',
                { limit: 'max_rows', max_rows: limits.max_rows },
              );
            }
            const { values, errors: rowErrors } = readRow(record, ctx);
            if (rowErrors.length) for (const e of rowErrors) errors.add(e);
            else sink.add(record.row, values);
          }
          await sink.drain();
        }
        if (!ctx) throw emptyFile();
        if (rowsTotal === 0) {
          throw new CsvFileError(
            'CSV_NO_DATA_ROWS',
            'The file has a header row but no data rows.',
            'Export the data again including its rows.',
          );
        }
        await sink.finish();
        const failed = errors.count > 0 && !skip;
        const skipped = skip ? errors.invalidRows.size : 0;
        const counts = failed ? { created: 0, updated: 0, unchanged: 0 } : sink.counts;
        return {
          commit: !failed && !dryRun,
          result: {
            encoding,
            rows_total: rowsTotal,
            ...counts,
            skipped,
            errors,
            status: failed ? 'failed' : skipped > 0 ? 'partial' : 'succeeded',
          },
        };
      } catch (error) {
        // A batch may still be in flight on the transaction's connection: let it end before
        // the transaction is rolled back.
        await sink.settle().catch(() => undefined);
        throw error;
      }
    });
  }
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
  };
}

function rowsInvalidDetail(errors: RowErrorCollector): string {
  return `${errors.count} error${errors.count === 1 ? '' : 's'} in ${errors.invalidRows.size} row${errors.invalidRows.size === 1 ? '' : 's'}; nothing was imported.${errors.truncated ? ` Only the first ${errors.items.length} errors are listed (limit max_errors_reported).` : ''}`;
}

export const tooLargeDetail = (limit: number): string =>
  `The file is larger than the import limit max_file_bytes = ${limit} bytes (${formatBytes(limit)}).`;

export const missingFile = (): ValidationFailedError =>
  new ValidationFailedError('A CSV file is required.', [
    { path: 'file', message: 'attach the CSV file as multipart field "file"' },
  ]);

export const emptyFile = (): CsvFileError =>
  new CsvFileError(
    'CSV_EMPTY_FILE',
    'The file is empty.',
    'Export the data again; the file has no content.',
  );

export const notText = (): CsvFileError =>
  new CsvFileError(
    'CSV_NOT_TEXT',
    'The file is not a CSV text file (it contains binary data).',
    'Spreadsheets such as .xlsx or .numbers must be saved as "CSV" first; renaming the file is not enough.',
  );
