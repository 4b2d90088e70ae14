import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import * as iconv from 'iconv-lite';
import Papa from 'papaparse';
import type { CsvEncoding } from './csv-encoding';
import { CsvUnit, unitOfSpelling } from './csv-units';

/**
 * Pure CSV plumbing without NestJS or database: streaming record reader (papaparse over a
 * Node stream), delimiter detection, headers and column letters, numbers with the mapping's
 * decimal separator.
 */

export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;
export const SAMPLE_BYTES = 64 * 1024;

/** The first `bytes` of a file (less when the file is shorter). */
export const readHead = (path: string, bytes = SAMPLE_BYTES): Promise<Buffer> =>
  readAt(path, 0, bytes);

/**
 * A text file has no NUL bytes and almost no C0 control characters other than tab, CR, LF.
 * UTF-16 files (NUL in every other byte) count as binary here: they are not offered.
 */
export function looksBinary(sample: Buffer): boolean {
  if (sample.length === 0) return false;
  let control = 0;
  for (const b of sample) {
    if (b === 0) return true;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) control += 1;
  }
  return control / sample.length > 0.01;
}

export function decodeSample(sample: Buffer, encoding: CsvEncoding): string {
  return iconv.decode(sample, encoding, { stripBOM: true });
}

/** A text stream of the file in `encoding`, BOM removed. */
export function openText(path: string, encoding: CsvEncoding): Readable {
  return createReadStream(path, { highWaterMark: 64 * 1024 }).pipe(
    iconv.decodeStream(encoding, { stripBOM: true }),
  ) as unknown as Readable;
}

/**
 * The delimiter that splits the sample's first lines into the most, equally long, records:
 * the most common record width times the share of records that have it (a title line above
 * the table does not count against it).
 */
export function detectDelimiter(text: string): string {
  let best = ',';
  let bestScore = -1;
  for (const d of CSV_DELIMITERS) {
    const rows = Papa.parse<string[]>(text, { delimiter: d, preview: 30 }).data.filter(
      (r) => r.length > 1 || (r[0] ?? '') !== '',
    );
    if (!rows.length) continue;
    const widths = new Map<number, number>();
    for (const r of rows) widths.set(r.length, (widths.get(r.length) ?? 0) + 1);
    const [width, n] = [...widths.entries()].sort((a, b) => b[1] - a[1] || b[0] - a[0])[0];
    const score = width > 1 ? width * (n / rows.length) : 0;
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

/** The records of a decoded sample (row numbers count from the sample's first line). */
export function recordsOfText(text: string, delimiter: string, limit = 0): CsvRecord[] {
  return Papa.parse<string[]>(text, { delimiter, preview: limit }).data.map((fields, i) => ({
    row: i + 1,
    fields,
  }));
}

/** `bytes` bytes of a file from `position` (less at its end). */
export async function readAt(path: string, position: number, bytes: number): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, position);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

export interface CsvRecord {
  /** Row number as a spreadsheet shows it (1 = first line of the file). */
  row: number;
  fields: string[];
  /** A quoting problem papaparse found in this record. */
  parseError?: string;
}

/**
 * Streams records of `source` through papaparse in chunks. The source is paused while more
 * than a few chunks wait for the consumer, so memory stays bounded by a few 64 KiB chunks.
 */
export async function* csvRecords(
  source: Readable,
  delimiter: string,
): AsyncGenerator<CsvRecord[], void, undefined> {
  const pending: CsvRecord[][] = [];
  let done = false;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  let row = 0;
  const notify = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  Papa.parse<string[]>(source as unknown as File, {
    delimiter,
    skipEmptyLines: false,
    chunk: (results) => {
      const errors = new Map<number, string>();
      for (const e of results.errors) {
        if (typeof e.row === 'number' && !errors.has(e.row)) errors.set(e.row, e.code);
      }
      pending.push(
        results.data.map((fields, i) => ({ row: ++row, fields, parseError: errors.get(i) })),
      );
      if (pending.length >= 4 && !source.isPaused()) source.pause();
      notify();
    },
    complete: () => {
      done = true;
      notify();
    },
    error: (error: unknown) => {
      failure = error;
      done = true;
      notify();
    },
  });
  try {
    for (;;) {
      const next = pending.shift();
      if (next) {
        if (pending.length < 2 && source.isPaused()) source.resume();
        yield next;
        continue;
      }
      if (failure) throw failure;
      if (done) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    if (!done) source.destroy();
  }
}

export const isBlankRecord = (fields: string[]): boolean => fields.every((f) => f.trim() === '');

export const normalizeHeader = (h: string): string => h.trim().replace(/\s+/g, ' ').toLowerCase();

/** sha256 over the mapping's sorted, normalised source headers (the migration computes the same). */
export function headerFingerprint(columns: Record<string, string>): string {
  const headers = Object.values(columns)
    .map((h) => h.trim().toLowerCase())
    .sort();
  return createHash('sha256').update(headers.join('\u001f'), 'utf8').digest('hex');
}

/** A → 0, B → 1, ..., AA → 26. */
export function columnIndexOfLetter(letter: string): number | null {
  if (!/^[A-Z]{1,3}$/.test(letter)) return null;
  let n = 0;
  for (const c of letter) n = n * 26 + (c.charCodeAt(0) - 64);
  return n - 1;
}

/** 0 → A, 25 → Z, 26 → AA: the column as a spreadsheet names it. */
export function columnLetter(index: number): string {
  let n = index + 1;
  let s = '';
  while (n > 0) {
    const r = (n - 1) % 26;
    s = String.fromCharCode(65 + r) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

export type NumberParse =
  { ok: true; value: number; unit: CsvUnit | null } | { ok: false; hint: string };

const PLAIN_NUMBER: Record<string, RegExp> = {
  '.': /^[-+]?\d+(\.\d+)?$/,
  ',': /^[-+]?\d+(,\d+)?$/,
};
const GROUPED_NUMBER: Record<string, RegExp> = {
  '.': /^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$/,
  ',': /^[-+]?\d{1,3}(\.\d{3})+(,\d+)?$/,
};

/**
 * A number written with `decimalSeparator`, optionally with thousands grouping and a unit
 * after it ("78,4 kg", "173.1 lbs", "20%"). The unit is returned, not applied: what it means
 * depends on the target field (csv-units.ts).
 */
export function parseNumber(raw: string, decimalSeparator: string): NumberParse {
  // Fast path for the common case: a plain number in the mapping's convention.
  if (PLAIN_NUMBER[decimalSeparator]?.test(raw)) {
    return {
      ok: true,
      value: Number(decimalSeparator === ',' ? raw.replace(',', '.') : raw),
      unit: null,
    };
  }
  let text = raw.trim().replace(/\u00a0/g, ' ');
  let unit: CsvUnit | null = null;
  const unitMatch = /^(.*?\d)\s*([A-Za-z%][A-Za-z/]*)$/.exec(text);
  if (unitMatch) {
    unit = unitOfSpelling(unitMatch[2]);
    if (!unit) {
      return { ok: false, hint: `"${unitMatch[2]}" is not a unit this import understands.` };
    }
    text = unitMatch[1].trim();
  }
  const other = decimalSeparator === ',' ? '.' : ',';
  if (GROUPED_NUMBER[decimalSeparator]?.test(text)) text = text.split(other).join('');
  if (text.includes(other)) {
    const example = decimalSeparator === ',' ? '78,5' : '78.5';
    return {
      ok: false,
      hint: `This mapping expects a decimal ${decimalSeparator === ',' ? 'comma' : 'point'} (e.g. ${example}); the value uses "${other}". Use a mapping with decimal_separator "${other}" if your file writes numbers this way.`,
    };
  }
  if (decimalSeparator === ',') text = text.replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(text)) {
    return { ok: false, hint: 'Write a plain number such as 78.5, without letters or spaces.' };
  }
  return { ok: true, value: Number(text), unit };
}

/**
 * Records of a file that hold something, counted over the bytes without parsing them: a line
 * break inside quotes does not end a record, a record of only delimiters and spaces is blank.
 * Exact for UTF-8 and Windows-1252, where every delimiter, quote and line break is one byte.
 */
export async function countRecords(path: string, delimiter: string): Promise<number> {
  const sep = delimiter.charCodeAt(0);
  const blank = (b: number) => b === sep || b === 0x20 || b === 0x0d || b === 0x09;
  let records = 0;
  let quoted = false;
  let filled = false;
  let first = true;
  for await (const data of createReadStream(path, { highWaterMark: 1 << 20 })) {
    const chunk = data as Buffer;
    let pos = 0;
    if (first) {
      first = false;
      if (chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) pos = 3;
    }
    // Jumps from quote to quote and line break to line break (native searches).
    let nextQuote = chunk.indexOf(0x22, pos);
    while (pos < chunk.length) {
      if (nextQuote !== -1 && nextQuote < pos) nextQuote = chunk.indexOf(0x22, pos);
      if (quoted) {
        if (nextQuote === -1) break;
        if (nextQuote > pos) filled = true;
        quoted = false;
        pos = nextQuote + 1;
        continue;
      }
      const nl = chunk.indexOf(0x0a, pos);
      const end = nl === -1 ? chunk.length : nl;
      if (nextQuote !== -1 && nextQuote < end) {
        for (let i = pos; !filled && i < nextQuote; i += 1) filled = !blank(chunk[i]);
        quoted = true;
        pos = nextQuote + 1;
        continue;
      }
      for (let i = pos; !filled && i < end; i += 1) filled = !blank(chunk[i]);
      if (nl === -1) break;
      if (filled) records += 1;
      filled = false;
      pos = nl + 1;
    }
  }
  return filled ? records + 1 : records;
}
