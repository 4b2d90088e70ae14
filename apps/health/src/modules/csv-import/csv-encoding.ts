import { isAscii, isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';

/**
 * Which text encoding a whole file is in. Exports are UTF-8 (often with a BOM) or, from
 * Windows spreadsheets, Windows-1252. Decoding one as the other stores mojibake ("GrÃ¶ÃŸe",
 * "Gr�e"), so the decision is made over every byte, not a sample.
 */
export type CsvEncoding = 'utf-8' | 'windows-1252';

export interface EncodingScan {
  bom: boolean;
  /** Every byte sequence is valid UTF-8. */
  utf8: boolean;
  /** Only 7-bit bytes: both encodings read the file alike. */
  ascii: boolean;
  /** Line (1-based) of the first byte that is not valid UTF-8. */
  firstInvalidLine: number | null;
}

/** Bytes at the end of `buf` that start a UTF-8 sequence the buffer does not complete. */
function incompleteTail(buf: Buffer): number {
  let i = buf.length - 1;
  let continuation = 0;
  while (i >= 0 && continuation < 3 && (buf[i] & 0xc0) === 0x80) {
    i -= 1;
    continuation += 1;
  }
  if (i < 0 || buf[i] < 0xc0) return 0;
  const needed = buf[i] >= 0xf0 ? 4 : buf[i] >= 0xe0 ? 3 : 2;
  return continuation + 1 < needed ? continuation + 1 : 0;
}

/** Offset of the first invalid UTF-8 sequence (only called once a chunk failed). */
function firstInvalidOffset(buf: Buffer): number {
  for (let i = 0; i < buf.length;) {
    const b = buf[i];
    const len =
      b < 0x80
        ? 1
        : b >= 0xc2 && b < 0xe0
          ? 2
          : b >= 0xe0 && b < 0xf0
            ? 3
            : b >= 0xf0 && b < 0xf5
              ? 4
              : 0;
    if (len === 0 || !isUtf8(buf.subarray(i, i + len))) return i;
    i += len;
  }
  return buf.length;
}

const countLines = (buf: Buffer, end: number): number => {
  let n = 0;
  for (let i = buf.indexOf(0x0a); i >= 0 && i < end; i = buf.indexOf(0x0a, i + 1)) n += 1;
  return n;
};

/** One pass over the file: BOM, UTF-8 validity (with the line of the first bad byte), ASCII. */
export async function scanEncoding(path: string): Promise<EncodingScan> {
  let carry = Buffer.alloc(0);
  let first = true;
  let bom = false;
  let ascii = true;
  let lines = 1;
  for await (const data of createReadStream(path, { highWaterMark: 1 << 20 })) {
    let chunk = data as Buffer;
    if (first) {
      first = false;
      bom = chunk.length >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf;
    }
    if (carry.length) chunk = Buffer.concat([carry, chunk]);
    const cut = chunk.length - incompleteTail(chunk);
    const whole = chunk.subarray(0, cut);
    carry = Buffer.from(chunk.subarray(cut));
    if (ascii && isAscii(whole)) {
      lines += countLines(whole, whole.length);
      continue;
    }
    ascii = false;
    if (!isUtf8(whole)) {
      const at = firstInvalidOffset(whole);
      return { bom, utf8: false, ascii: false, firstInvalidLine: lines + countLines(whole, at) };
    }
    lines += countLines(whole, whole.length);
  }
  if (carry.length) return { bom, utf8: false, ascii: false, firstInvalidLine: lines };
  return { bom, utf8: true, ascii, firstInvalidLine: null };
}

/**
 * UTF-8 read as Windows-1252 turns "ü" into "Ã¼" and "ß" into "ÃŸ": a capital A with tilde or
 * circumflex followed by a character of the Latin-1 upper half (or the Windows-1252 specials).
 */
const MOJIBAKE =
  /[ÃÂ][\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013\u2014\u2018-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122]/;

/** A sample of mojibake in decoded text ("Ã¼"), or null. */
export function mojibakeSample(text: string): string | null {
  const m = MOJIBAKE.exec(text);
  return m ? m[0] : null;
}

export type EncodingChoice = { encoding: CsvEncoding } | { problem: string; hint: string };

/**
 * The encoding to read a file in. `auto` follows the bytes. A mapping that forces an encoding
 * the bytes contradict is refused rather than read into mojibake.
 */
export function chooseEncoding(setting: 'auto' | CsvEncoding, scan: EncodingScan): EncodingChoice {
  const actual: CsvEncoding = scan.utf8 ? 'utf-8' : 'windows-1252';
  if (setting === 'auto' || scan.ascii || setting === actual) return { encoding: actual };
  if (setting === 'utf-8') {
    return {
      problem: `The file is not UTF-8 (line ${scan.firstInvalidLine} has a byte that UTF-8 does not allow); it looks like Windows-1252, and reading it as UTF-8 would store umlauts as "\ufffd".`,
      hint: 'Set the mapping\'s encoding to "auto" or "windows-1252", or save the file as UTF-8.',
    };
  }
  return {
    problem:
      'The file is UTF-8, but the mapping reads it as Windows-1252: "ü" would be stored as "Ã¼".',
    hint: 'Set the mapping\'s encoding to "auto" or "utf-8".',
  };
}
