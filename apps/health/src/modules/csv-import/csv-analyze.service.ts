import { Injectable } from '@nestjs/common';
import { PayloadTooLargeError } from '@sports/common';
import { latestAllowedDate } from '../../tracking/calendar-date';
import {
  AnalyzeCandidateResponse,
  AnalyzeColumnResponse,
  AnalyzeProposalResponse,
  AnalyzeResponse,
  PreviewRowResponse,
} from './dto/csv-import.dto';
import { compileDateFormat } from './csv-dates';
import {
  chooseEncoding,
  CsvEncoding,
  EncodingScan,
  mojibakeSample,
  scanEncoding,
} from './csv-encoding';
import {
  chooseDateFormat,
  ColumnProfile,
  ColumnProfiler,
  detectLayout,
  FileLayout,
} from './csv-file-profile';
import { CsvImportRepository, MappingRow } from './csv-import.repository';
import type { UploadedCsv } from './csv-import.service';
import { CsvMappingsService } from './csv-mappings.service';
import { CSV_MODULE_DEFINITIONS, CSV_MODULES, CsvModule } from './csv-modules';
import {
  countRecords,
  CsvRecord,
  decodeSample,
  detectDelimiter,
  headerFingerprint,
  isBlankRecord,
  looksBinary,
  normalizeHeader,
  readAt,
  readHead,
  recordsOfText,
} from './csv-parsing';
import { nameScore, proposeModule, Proposal } from './csv-proposals';
import { Bound, bindColumns, MappingShape, RowReader } from './csv-row-reader';
import { CsvFileError, emptyFile, missingFile, notText, tooLargeDetail } from './csv-rows';
import { validateTemplate } from './csv-template-validation';

/** Records kept from the start of the file: the layout is read from them, previews run on them. */
const SAMPLE_RECORDS = 200;
const PREVIEW_ROWS = 5;
/**
 * Columns are profiled on the first 512 KiB (the whole of most exports) and on 8 windows of
 * 32 KiB spread over the rest: enough evidence for formats and units, and a 10 MiB file is
 * analysed in well under a second. Encoding and record count look at every byte.
 */
const HEAD_BYTES = 512 * 1024;
const WINDOWS = 8;
const WINDOW_BYTES = 32 * 1024;

/** A mapping as the analysis tries it on the file (stored, or proposed). */
type Trial = MappingShape & {
  module: CsvModule;
  delimiter: string;
  encoding: 'auto' | CsvEncoding;
};

interface TrialResult {
  importable: boolean;
  reason: string | null;
  bound: Bound | null;
  ok: number;
  failed: number;
  preview: PreviewRowResponse[];
  /** Days that occur on more than one row (one record per day modules). */
  repeatedDays: number;
}

interface FileFacts {
  scan: EncodingScan;
  encoding: CsvEncoding;
  text: string;
  delimiter: string;
  first: CsvRecord[];
}

/**
 * Reads a whole uploaded file once: encoding (every byte), delimiter, header row, decimal
 * separator, date format and per-column kinds and units. Then tries every mapping the caller
 * may use on the first rows and keeps those that import them, and builds a new mapping per
 * module from the columns. Each comes with a preview of rows as they would be stored.
 */
@Injectable()
export class CsvAnalyzeService {
  constructor(
    private readonly repo: CsvImportRepository,
    private readonly mappings: CsvMappingsService,
  ) {}

  async analyze(
    userId: string,
    file: UploadedCsv | undefined,
    module?: string,
  ): Promise<AnalyzeResponse> {
    const started = Date.now();
    if (!file) throw missingFile();
    const limits = await this.mappings.limits();
    if (file.size > limits.max_file_bytes)
      throw new PayloadTooLargeError(tooLargeDetail(limits.max_file_bytes));
    const head = await readHead(file.path);
    if (looksBinary(head)) throw notText();
    const scan = await scanEncoding(file.path);
    const encoding: CsvEncoding = scan.utf8 ? 'utf-8' : 'windows-1252';
    const start = decodeSample(head, encoding);
    if (start.trim() === '') throw emptyFile();
    const delimiter = detectDelimiter(start);
    const sample = await this.sampleFile(file, encoding, delimiter);
    const { layout, profiler, rowsTotal } = sample;
    const facts: FileFacts = { scan, encoding, text: sample.text, delimiter, first: sample.first };
    const european = delimiter === ';';
    const decimal = profiler.decimalSeparator();
    const columns = profiler.profiles(decimal);
    const dateColumn = columns
      .filter((c) => c.kind === 'date')
      .sort((a, b) => nameScore(b.header, 'date') - nameScore(a.header, 'date'))[0];
    const dates = chooseDateFormat(dateColumn?.dateFormats ?? [], european || decimal === ',');
    const warnings = fileWarnings(facts, layout, dates);

    const ranges = await this.repo.bloodPressureRanges();
    const bounds = {
      ...(ranges.bp_systolic ? { systolic: ranges.bp_systolic } : {}),
      ...(ranges.bp_diastolic ? { diastolic: ranges.bp_diastolic } : {}),
      ...(ranges.bp_pulse ? { pulse: ranges.bp_pulse } : {}),
    };
    const mappings = await this.repo.listMappings(userId, module);
    const candidates = mappings
      .map((m) => this.candidate(m, facts, bounds))
      .filter((c): c is AnalyzeCandidateResponse => c !== null)
      .sort((a, b) => b.confidence - a.confidence || Number(b.is_system) - Number(a.is_system));

    const modules = CSV_MODULES.filter((m) => !module || m === module);
    const proposals = modules
      .map((m) => proposeModule(m, columns, layout.hasHeader))
      .filter((p): p is Proposal => p !== null)
      .map((p) =>
        this.proposal(p, { facts, layout, decimal, european, fileName: file.originalname, bounds }),
      )
      .filter((p): p is AnalyzeProposalResponse => p !== null)
      .sort((a, b) => b.confidence - a.confidence);
    if (!candidates.length && !proposals.length) {
      warnings.push(
        'No mapping can import this file and no column layout was recognised; create a mapping with POST /api/csv/mappings (GET /api/csv/modules lists the fields).',
      );
    }

    return {
      file_name: file.originalname,
      file_bytes: file.size,
      encoding,
      bom: scan.bom,
      delimiter,
      decimal_separator: decimal,
      has_header: layout.hasHeader,
      skip_lines: layout.skipLines,
      headers: layout.headers,
      date_format: dates.format,
      date_format_ambiguous: dates.ambiguous,
      date_format_alternatives: dates.alternatives,
      rows_total: rowsTotal,
      columns: columns.map(toColumnResponse),
      candidates,
      best_mapping_id: candidates[0]?.mapping_id ?? null,
      proposals,
      preview: candidates[0]?.preview ?? proposals[0]?.preview ?? [],
      warnings,
      duration_ms: Date.now() - started,
    };
  }

  /**
   * Profiles the columns on the start of the file and, for a large file, on windows spread
   * over the rest; counts its records over every byte. The start is kept for the trials.
   */
  private async sampleFile(file: UploadedCsv, encoding: CsvEncoding, delimiter: string) {
    const head = await readHead(file.path, HEAD_BYTES);
    const truncated = file.size > head.length;
    let text = decodeSample(head, encoding);
    if (truncated) text = text.slice(0, Math.max(0, text.lastIndexOf('\n')));
    const records = recordsOfText(text, delimiter);
    const layout = detectLayout(records.slice(0, SAMPLE_RECORDS));
    if (!layout) throw emptyFile();
    const profiler = new ColumnProfiler(layout, delimiter === ';' ? ',' : '.');
    const feeder = new ProfileFeeder(layout, profiler);
    for (const r of records) feeder.feed(r);
    let rowsTotal = feeder.rows;
    if (truncated) {
      for (let k = 1; k <= WINDOWS; k += 1) {
        const at = Math.floor((file.size * k) / (WINDOWS + 1));
        const window = decodeSample(await readAt(file.path, at, WINDOW_BYTES), encoding);
        const whole = window.slice(window.indexOf('\n') + 1, window.lastIndexOf('\n'));
        for (const r of recordsOfText(whole, delimiter)) feeder.feed({ ...r, row: Infinity });
      }
      const before = records.filter(
        (r) => r.row <= layout.skipLines + (layout.hasHeader ? 1 : 0) && !isBlankRecord(r.fields),
      ).length;
      rowsTotal = (await countRecords(file.path, delimiter)) - before;
    }
    return { text, first: records.slice(0, SAMPLE_RECORDS), layout, profiler, rowsTotal };
  }

  /** A stored mapping that reads the file's first rows, or null when it cannot import it. */
  private candidate(
    m: MappingRow,
    facts: FileFacts,
    bounds: Record<string, { min: number; max: number }>,
  ): AnalyzeCandidateResponse | null {
    const trial = this.trial(m, facts, bounds);
    if (!trial.importable || !trial.bound) return null;
    const mapped = Object.values(m.columns);
    const matched = trial.bound.bindings.map((b) => b.header ?? m.columns[b.field.field]);
    const rows = trial.ok / (trial.ok + trial.failed);
    const header = facts.first.find((r) => r.row > m.skip_lines && !isBlankRecord(r.fields));
    const exact =
      m.has_header &&
      header &&
      headerFingerprint(Object.fromEntries(header.fields.map((h, i) => [i, h]))) ===
        m.header_fingerprint;
    const confidence = exact && rows === 1 ? 1 : (matched.length / mapped.length) * rows;
    return {
      mapping_id: m.id,
      name: m.name,
      module: m.module,
      is_system: m.is_system,
      confidence: Math.round(confidence * 100) / 100,
      matched_columns: matched,
      missing_columns: trial.bound.missing.map((c) => c.header),
      options: sameDayOption(m.module, trial.repeatedDays),
      preview: trial.preview,
      warnings: [
        ...trial.bound.warnings,
        ...trial.bound.missing.map(
          (c) =>
            `The file has no column "${c.header}" (${c.field}); an import keeps stored values of ${c.field} only with on_missing_column=keep when the file's days have some.`,
        ),
      ],
    };
  }

  private proposal(
    p: Proposal,
    ctx: {
      facts: FileFacts;
      layout: FileLayout;
      decimal: '.' | ',';
      european: boolean;
      fileName: string;
      bounds: Record<string, { min: number; max: number }>;
    },
  ): AnalyzeProposalResponse | null {
    const dateColumn = p.columns.find((c) => c.field === 'date')?.column;
    const format = chooseDateFormat(
      dateColumn?.dateFormats ?? [],
      ctx.european || ctx.decimal === ',',
    ).format;
    if (!format) return null;
    const source = (c: ColumnProfile) => (ctx.layout.hasHeader ? (c.header ?? c.letter) : c.letter);
    const mapping = {
      name: proposalName(ctx.fileName, p.module),
      description: `Proposed by the analysis of "${ctx.fileName}".`,
      module: p.module,
      delimiter: ctx.facts.delimiter,
      decimal_separator: ctx.decimal,
      date_format: format,
      encoding: 'auto',
      has_header: ctx.layout.hasHeader,
      skip_lines: ctx.layout.skipLines,
      columns: Object.fromEntries(p.columns.map((c) => [c.field, source(c.column)])),
      units: p.units,
      exclude_rows: p.excludeRows,
      date_heading_rows: p.dateHeadingRows,
    };
    if (validateTemplate(mapping).length) return null;
    const trial = this.trial(
      { ...mapping, module: p.module, encoding: 'auto' },
      ctx.facts,
      ctx.bounds,
    );
    if (!trial.importable || !trial.bound) return null;
    const rows = trial.ok / (trial.ok + trial.failed);
    return {
      module: p.module,
      confidence: Math.round(p.confidence * rows * 100) / 100,
      mapping,
      columns: p.columns.map((c) => ({
        field: c.field,
        header: c.column.header,
        column: c.column.letter,
        confidence: c.confidence,
        unit: c.column.unit,
        reason: c.reason,
      })),
      options: sameDayOption(p.module, trial.repeatedDays),
      preview: trial.preview,
      warnings: trial.bound.warnings,
    };
  }

  /** Reads the first rows of the file with a mapping, as the import would. */
  private trial(
    m: Trial,
    facts: FileFacts,
    bounds: Record<string, { min: number; max: number }>,
  ): TrialResult {
    const none = (reason: string): TrialResult => ({
      importable: false,
      reason,
      bound: null,
      ok: 0,
      failed: 0,
      preview: [],
      repeatedDays: 0,
    });
    const def = CSV_MODULE_DEFINITIONS[m.module];
    if (!def.importable) return none('not importable');
    const choice = chooseEncoding(m.encoding, facts.scan);
    if ('problem' in choice) return none(choice.problem);
    const dateParser = compileDateFormat(m.date_format);
    if (!dateParser) return none('date format not usable');
    const records =
      m.delimiter === facts.delimiter
        ? facts.first
        : recordsOfText(facts.text, m.delimiter, SAMPLE_RECORDS);
    const rows = records.filter((r) => r.row > m.skip_lines);
    const headerRecord = rows.find((r) => !isBlankRecord(r.fields));
    if (!headerRecord) return none('no rows');
    const header = m.has_header ? headerRecord.fields : null;
    let bound: Bound;
    try {
      bound = bindColumns(def.fields, m, header);
    } catch (error) {
      if (error instanceof CsvFileError) return none(error.message);
      throw error;
    }
    const reader = new RowReader({
      bound,
      header,
      mapping: m,
      dateParser,
      latestDate: latestAllowedDate(),
      bounds: m.module === 'blood_pressure' ? bounds : undefined,
    });
    const result: TrialResult = {
      importable: false,
      reason: null,
      bound,
      ok: 0,
      failed: 0,
      preview: [],
      repeatedDays: 0,
    };
    const days = new Map<string, number>();
    const hasTime = def.fields.some((f) => f.type === 'time');
    for (const record of rows) {
      if (header && record === headerRecord) continue;
      if (isBlankRecord(record.fields)) {
        reader.blank();
        continue;
      }
      const outcome = reader.read(record);
      if (outcome.kind === 'end') break;
      if (outcome.kind === 'skip') {
        if (
          (outcome.reason === 'excluded' || outcome.reason === 'no_values') &&
          result.preview.length < PREVIEW_ROWS
        ) {
          result.preview.push({
            row: record.row,
            values: {},
            errors: [],
            left_out: outcome.reason,
          });
        }
        continue;
      }
      if (outcome.errors.length) result.failed += 1;
      else {
        result.ok += 1;
        const day = String(outcome.values.date);
        days.set(day, (days.get(day) ?? 0) + 1);
      }
      if (result.preview.length < PREVIEW_ROWS) {
        const { offset, time, ...values } = outcome.values;
        if (hasTime) values.time = time;
        result.preview.push({
          row: record.row,
          values: offset ? { ...values, offset } : values,
          errors: outcome.errors,
        });
      }
    }
    result.repeatedDays = [...days.values()].filter((n) => n > 1).length;
    result.importable = result.ok > 0 && result.ok >= result.failed;
    return result;
  }
}

/**
 * Feeds data records to the profiler: not the lines above the header or the header itself,
 * and nothing after a header that follows a blank line (a second table, as the import reads).
 */
class ProfileFeeder {
  rows = 0;
  private afterBlank = false;
  private ended = false;
  /** The first named column: a header again names it too. */
  private readonly first: { index: number; header: string } | null;

  constructor(
    private readonly layout: FileLayout,
    private readonly profiler: ColumnProfiler,
  ) {
    const index = layout.headers.findIndex((h) => h.trim() !== '');
    this.first = index >= 0 ? { index, header: normalizeHeader(layout.headers[index]) } : null;
  }

  feed(record: CsvRecord): void {
    if (this.ended || record.row <= this.layout.skipLines) return;
    if (isBlankRecord(record.fields)) {
      this.afterBlank = true;
      return;
    }
    const afterBlank = this.afterBlank;
    this.afterBlank = false;
    if (this.layout.hasHeader && record.row === this.layout.skipLines + 1) return;
    const cell = this.first ? record.fields[this.first.index] : undefined;
    if (
      cell &&
      cell.length >= this.first!.header.length &&
      normalizeHeader(cell) === this.first!.header
    ) {
      if (afterBlank) this.ended = true;
      return;
    }
    this.rows += 1;
    this.profiler.add(record.fields);
  }
}

/** Several readings on one day need a choice: the morning weight, the mean blood pressure. */
function sameDayOption(module: CsvModule, repeatedDays: number): Record<string, string> {
  if (!repeatedDays) return {};
  if (module === 'weight') return { same_day: 'first' };
  if (module === 'blood_pressure') return { same_day: 'mean' };
  return {};
}

function proposalName(fileName: string, module: CsvModule): string {
  const base = fileName.replace(/\.[^.]+$/, '').slice(0, 120) || 'CSV file';
  return `${base} (${module.replace('_', ' ')})`;
}

function fileWarnings(
  facts: FileFacts,
  layout: FileLayout,
  dates: { format: string | null; ambiguous: boolean; alternatives: string[] },
): string[] {
  const warnings: string[] = [];
  if (facts.encoding === 'windows-1252' && !facts.scan.ascii) {
    warnings.push(
      `The file is not UTF-8 (line ${facts.scan.firstInvalidLine}); it is read as Windows-1252. A mapping that forces UTF-8 cannot import it.`,
    );
  }
  const mojibake = mojibakeSample(facts.text);
  if (mojibake) {
    warnings.push(
      `The file itself contains mojibake ("${mojibake}"): it was converted to the wrong encoding before. Export it again; the import would store the text as it is.`,
    );
  }
  if (dates.ambiguous) {
    warnings.push(
      `Every date has a day and a month of at most 12, so ${dates.format} and ${dates.alternatives[0]} both read the file (01/02 is 1 February or 2 January). Check the date_format.`,
    );
  }
  const seen = new Map<string, number>();
  for (const h of layout.headers) {
    const k = normalizeHeader(h);
    if (k) seen.set(k, (seen.get(k) ?? 0) + 1);
  }
  for (const [k, n] of seen) if (n > 1) warnings.push(`The header "${k}" appears ${n} times.`);
  if (layout.skipLines) {
    warnings.push(
      `The first ${layout.skipLines} line${layout.skipLines === 1 ? ' is' : 's are'} not part of the table (skip_lines).`,
    );
  }
  return warnings;
}

const toColumnResponse = (c: ColumnProfile): AnalyzeColumnResponse => ({
  index: c.index,
  letter: c.letter,
  header: c.header,
  kind: c.kind,
  unit: c.unit,
  date_formats: c.dateFormats,
  decimal_separator: c.decimalSeparator,
  filled: c.filled,
  samples: c.samples,
});
