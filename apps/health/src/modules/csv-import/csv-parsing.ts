import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import * as iconv from 'iconv-lite';
import Papa from 'papaparse';

/**
 * Pure CSV plumbing without NestJS or database: encoding detection, streaming record reader
 * (papaparse over a Node stream), number and date parsing with the mapping's conventions.
 */

export type CsvEncoding = 'utf-8' | 'windows-1252';
export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;
export const SAMPLE_BYTES = 64 * 1024;

export interface EncodingGuess {
  encoding: CsvEncoding;
  bom: boolean;
}

/** The first `bytes` of a file (less when the file is shorter). */
export async function readHead(path: string, bytes = SAMPLE_BYTES): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

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

/** UTF-8 (with or without BOM) when the bytes decode strictly, Windows-1252 otherwise. */
export function detectEncoding(sample: Buffer, truncated: boolean): EncodingGuess {
  if (sample.length >= 3 && sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) {
    return { encoding: 'utf-8', bom: true };
  }
  let end = sample.length;
  if (truncated) {
    // Do not judge a multi-byte sequence cut by the sample's end.
    let back = 0;
    while (back < 3 && end - back - 1 >= 0 && (sample[end - back - 1] & 0xc0) === 0x80) back += 1;
    if (end - back - 1 >= 0 && sample[end - back - 1] >= 0xc0) end = end - back - 1;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample.subarray(0, end));
    return { encoding: 'utf-8', bom: false };
  } catch {
    return { encoding: 'windows-1252', bom: false };
  }
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

/** The delimiter that splits the sample's first lines into the most, equally long, records. */
export function detectDelimiter(text: string): string {
  let best = ',';
  let bestScore = -1;
  for (const d of CSV_DELIMITERS) {
    const rows = Papa.parse<string[]>(text, { delimiter: d, preview: 20 }).data.filter(
      (r) => r.length > 1 || (r[0] ?? '') !== '',
    );
    if (!rows.length) continue;
    const counts = rows.map((r) => r.length);
    const first = counts[0];
    const consistent = counts.filter((c) => c === first).length / counts.length;
    const score = first > 1 ? first * consistent : 0;
    if (score > bestScore) {
      best = d;
      bestScore = score;
    }
  }
  return best;
}

/** First rows of a decoded sample (for analysis and previews). */
export function sampleRows(text: string, delimiter: string, rows: number): string[][] {
  return Papa.parse<string[]>(text, { delimiter, preview: rows }).data;
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

export type NumberParse = { ok: true; value: number } | { ok: false; hint: string };

const UNIT_FACTORS: Record<string, Record<string, number>> = {
  kg: { kg: 1, lb: 0.45359237, lbs: 0.45359237 },
  '%': { '%': 1 },
  kcal: { kcal: 1 },
  g: { g: 1 },
  mmhg: { mmhg: 1 },
  bpm: { bpm: 1 },
};

/**
 * A number written with `decimalSeparator`, optionally with thousands grouping and a trailing
 * unit ("78,4 kg", "173.1 lbs" → kg). Pounds are converted to kilograms.
 */
const PLAIN_NUMBER: Record<string, RegExp> = {
  '.': /^[-+]?\d+(\.\d+)?$/,
  ',': /^[-+]?\d+(,\d+)?$/,
};
const GROUPED_NUMBER: Record<string, RegExp> = {
  '.': /^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$/,
  ',': /^[-+]?\d{1,3}(\.\d{3})+(,\d+)?$/,
};

export function parseNumber(raw: string, decimalSeparator: string, unit?: string): NumberParse {
  // Fast path for the common case: a plain number in the mapping's convention.
  if (PLAIN_NUMBER[decimalSeparator]?.test(raw)) {
    return { ok: true, value: Number(decimalSeparator === ',' ? raw.replace(',', '.') : raw) };
  }
  let text = raw.trim().replace(/\u00a0/g, ' ');
  let factor = 1;
  const unitMatch = /^(.*?)\s*([A-Za-z%]+)$/.exec(text);
  if (unitMatch && unitMatch[1] !== '') {
    const units = UNIT_FACTORS[(unit ?? '').toLowerCase()] ?? {};
    const f = units[unitMatch[2].toLowerCase()];
    if (f === undefined) {
      return {
        ok: false,
        hint: `"${unitMatch[2]}" is not a unit this field understands${unit ? `; write the value in ${unit}` : ''}.`,
      };
    }
    factor = f;
    text = unitMatch[1].trim();
  }
  const other = decimalSeparator === ',' ? '.' : ',';
  if (GROUPED_NUMBER[decimalSeparator]?.test(text)) text = text.split(other).join('');
  if (text.includes(other)) {
    const example = decimalSeparator === ',' ? '78,5' : '78.5';
    return {
      ok: false,
      hint: `This mapping expects a decimal ${decimalSeparator === ',' ? 'comma' : 'point'} (e.g. ${example}); the value uses "${other}". Copy the mapping and change decimal_separator if your file writes numbers this way.`,
    };
  }
  if (decimalSeparator === ',') text = text.replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(text)) {
    return { ok: false, hint: 'Write a plain number such as 78.5, without letters or spaces.' };
  }
  return { ok: true, value: Number(text) * factor };
}

const TOKEN_RE = /YYYY|MM|M|DD|D|HH|H|mm|ss/g;
const TOKEN_PATTERN: Record<string, string> = {
  YYYY: '(\\d{4})',
  MM: '(\\d{2})',
  M: '(\\d{1,2})',
  DD: '(\\d{2})',
  D: '(\\d{1,2})',
  HH: '(\\d{2})',
  H: '(\\d{1,2})',
  mm: '(\\d{2})',
  ss: '(\\d{2})',
};

export interface DateParser {
  format: string;
  /** YYYY-MM-DD, or null when the value does not match or names no real day. */
  parse(raw: string): string | null;
}

/**
 * Compiles a format such as `DD.MM.YYYY` or `YYYY-MM-DD HH:mm:ss` (tokens YYYY, MM/M, DD/D,
 * HH/H, mm, ss; anything else literal). A value may carry a time after the date even when the
 * format has none. Returns null for a format without year, month and day.
 */
export function compileDateFormat(format: string): DateParser | null {
  const order: string[] = [];
  let pattern = '';
  let last = 0;
  for (const m of format.matchAll(TOKEN_RE)) {
    pattern += escapeRegex(format.slice(last, m.index)) + TOKEN_PATTERN[m[0]];
    order.push(m[0]);
    last = (m.index ?? 0) + m[0].length;
  }
  const rest = format.slice(last);
  if (/[A-Za-z]/.test(rest) || /[A-Za-z]/.test(format.replace(TOKEN_RE, ''))) return null;
  pattern += escapeRegex(rest);
  const yi = order.indexOf('YYYY');
  const mi = order.findIndex((t) => t === 'MM' || t === 'M');
  const di = order.findIndex((t) => t === 'DD' || t === 'D');
  if (yi < 0 || mi < 0 || di < 0) return null;
  if (new Set(order).size !== order.length) return null;
  const hasTime = order.includes('HH') || order.includes('H');
  const re = new RegExp(`^${pattern}${hasTime ? '' : '(?:[ T].*)?'}$`);
  return {
    format,
    parse(raw: string): string | null {
      const m = re.exec(raw.trim());
      if (!m) return null;
      const y = Number(m[yi + 1]);
      const mo = Number(m[mi + 1]);
      const d = Number(m[di + 1]);
      const dt = new Date(Date.UTC(y, mo - 1, d));
      dt.setUTCFullYear(y);
      if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== mo - 1 || dt.getUTCDate() !== d) {
        return null;
      }
      return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
    },
  };
}

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Formats tried to tell a user which format a wrongly dated value seems to have. */
export const COMMON_DATE_FORMATS = [
  'YYYY-MM-DD',
  'DD.MM.YYYY',
  'DD/MM/YYYY',
  'MM/DD/YYYY',
  'YYYY/MM/DD',
  'D.M.YYYY',
];

/** An example rendering of `format` for 31 January 2026, 07:30:00. */
export function dateExample(format: string): string {
  const values: Record<string, string> = {
    YYYY: '2026',
    MM: '01',
    M: '1',
    DD: '31',
    D: '31',
    HH: '07',
    H: '7',
    mm: '30',
    ss: '00',
  };
  return format.replace(TOKEN_RE, (t) => values[t]);
}
