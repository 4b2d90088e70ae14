import { Injectable } from '@nestjs/common';
import { PayloadTooLargeError } from '@sports/common';
import { latestAllowedDate } from '../../tracking/calendar-date';
import {
  AnalyzeCandidateResponse,
  AnalyzeResponse,
  PreviewRowResponse,
} from './dto/csv-import.dto';
import { CsvImportRepository, MappingRow } from './csv-import.repository';
import { CSV_MODULE_DEFINITIONS } from './csv-modules';
import {
  columnIndexOfLetter,
  COMMON_DATE_FORMATS,
  compileDateFormat,
  decodeSample,
  detectDelimiter,
  detectEncoding,
  headerFingerprint,
  isBlankRecord,
  looksBinary,
  normalizeHeader,
  parseNumber,
  readHead,
  sampleRows,
} from './csv-parsing';
import { bindColumns, CsvFileError, readRow } from './csv-rows';
import { CsvMappingsService } from './csv-mappings.service';
import { emptyFile, missingFile, notText, tooLargeDetail, UploadedCsv } from './csv-import.service';

const PREVIEW_ROWS = 5;

const looksLikeValue = (cell: string): boolean =>
  cell.trim() !== '' &&
  (parseNumber(cell, '.').ok ||
    parseNumber(cell, ',').ok ||
    COMMON_DATE_FORMATS.some((f) => compileDateFormat(f)?.parse(cell)));

/**
 * Looks at the start of an uploaded file: encoding, delimiter, header row; ranks every
 * mapping the caller may use by how well its source columns match the header, and previews
 * the first rows as the best mapping would import them.
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
    if (!file) throw missingFile();
    const limits = await this.mappings.limits();
    if (file.size > limits.max_file_bytes)
      throw new PayloadTooLargeError(tooLargeDetail(limits.max_file_bytes));
    const head = await readHead(file.path);
    if (looksBinary(head)) throw notText();
    const truncated = file.size > head.length;
    const { encoding, bom } = detectEncoding(head, truncated);
    let text = decodeSample(head, encoding);
    if (truncated) text = text.slice(0, Math.max(0, text.lastIndexOf('\n')));
    if (text.trim() === '') throw emptyFile();
    const delimiter = detectDelimiter(text);
    const rows = sampleRows(text, delimiter, 50).filter((r) => !isBlankRecord(r));
    if (!rows.length) throw emptyFile();
    const hasHeader = !rows[0].some(looksLikeValue);
    const headers = hasHeader ? rows[0].map((h) => h.trim()) : [];
    const warnings: string[] = [];
    const seen = new Map<string, number>();
    for (const h of headers) {
      const k = normalizeHeader(h);
      if (k) seen.set(k, (seen.get(k) ?? 0) + 1);
    }
    for (const [k, n] of seen) if (n > 1) warnings.push(`The header "${k}" appears ${n} times.`);

    const all = await this.repo.listMappings(userId, module);
    const scored = all
      .map((m) => this.score(m, headers, hasHeader, rows[0]?.length ?? 0, delimiter))
      .sort(
        (a, b) =>
          b.candidate.confidence - a.candidate.confidence ||
          Number(b.mapping.is_system) - Number(a.mapping.is_system),
      );
    const best = scored.find((s) => s.candidate.confidence > 0);
    const preview = best ? this.preview(best.mapping, text, warnings) : [];
    return {
      file_name: file.originalname,
      file_bytes: file.size,
      encoding,
      bom,
      delimiter,
      has_header: hasHeader,
      headers,
      candidates: scored.map((s) => s.candidate),
      best_mapping_id: best?.mapping.id ?? null,
      preview,
      warnings,
    };
  }

  /**
   * Confidence = share of the mapping's source columns found in the header (0.5× when a
   * required one is missing, 0.9× when the delimiter differs); 1 when the header is exactly
   * the mapped columns (same fingerprint).
   */
  private score(
    m: MappingRow,
    headers: string[],
    hasHeader: boolean,
    width: number,
    delimiter: string,
  ) {
    const def = CSV_MODULE_DEFINITIONS[m.module];
    const sources = Object.entries(m.columns);
    const present = new Set(headers.map(normalizeHeader));
    let matched: string[] = [];
    let missing: string[] = [];
    if (m.has_header && hasHeader) {
      matched = sources.filter(([, s]) => present.has(normalizeHeader(s))).map(([, s]) => s);
      missing = sources.filter(([, s]) => !present.has(normalizeHeader(s))).map(([, s]) => s);
    } else if (!m.has_header && !hasHeader) {
      for (const [, s] of sources) {
        const i = columnIndexOfLetter(s.toUpperCase());
        (i !== null && i < width ? matched : missing).push(s);
      }
    } else missing = sources.map(([, s]) => s);
    const requiredMissing = def.fields.some(
      (f) => f.required && m.columns[f.field] !== undefined && missing.includes(m.columns[f.field]),
    );
    let confidence = sources.length ? matched.length / sources.length : 0;
    if (requiredMissing) confidence *= 0.5;
    if (m.delimiter !== delimiter) confidence *= 0.9;
    if (!m.has_header && !hasHeader) confidence *= 0.5;
    if (
      hasHeader &&
      m.has_header &&
      headerFingerprint(Object.fromEntries(headers.map((h, i) => [i, h]))) === m.header_fingerprint
    ) {
      confidence = 1;
    }
    const candidate: AnalyzeCandidateResponse = {
      mapping_id: m.id,
      name: m.name,
      module: m.module,
      is_system: m.is_system,
      confidence: Math.round(confidence * 100) / 100,
      matched_columns: matched,
      missing_columns: missing,
    };
    return { mapping: m, candidate };
  }

  /** The first rows as the import would read them with `m` (its delimiter and conventions). */
  private preview(m: MappingRow, text: string, warnings: string[]): PreviewRowResponse[] {
    const dateParser = compileDateFormat(m.date_format);
    if (!dateParser) return [];
    const records = sampleRows(text, m.delimiter, 50);
    const out: PreviewRowResponse[] = [];
    let header: string[] | null = null;
    let started = false;
    try {
      for (let i = 0; i < records.length && out.length < PREVIEW_ROWS; i += 1) {
        const fields = records[i];
        if (isBlankRecord(fields)) continue;
        if (!started && m.has_header) {
          header = fields;
          started = true;
          continue;
        }
        started = true;
        const { bindings, warnings: w } = bindColumns(
          CSV_MODULE_DEFINITIONS[m.module].fields,
          m,
          header,
        );
        if (out.length === 0) warnings.push(...w);
        const { values, errors } = readRow(
          { row: i + 1, fields },
          {
            bindings,
            width: header?.length ?? null,
            dateParser,
            decimalSeparator: m.decimal_separator,
            latestDate: latestAllowedDate(),
          },
        );
        out.push({ row: i + 1, values, errors });
      }
    } catch (error) {
      if (error instanceof CsvFileError) warnings.push(error.message);
      else throw error;
    }
    return out;
  }
}
