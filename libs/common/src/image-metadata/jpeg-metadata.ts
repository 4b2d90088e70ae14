import { orientationOf, orientationOnlyTiff } from './exif-orientation';
import { MalformedImageError } from './image-metadata-error';

const EXIF_ID = Buffer.from('Exif\0\0', 'latin1');
const JFIF_ID = Buffer.from('JFIF\0', 'latin1');
const ICC_ID = Buffer.from('ICC_PROFILE\0', 'latin1');
const ADOBE_ID = Buffer.from('Adobe', 'latin1');

const SOI = 0xd8;
const EOI = 0xd9;
const SOS = 0xda;
const APP0 = 0xe0;
const APP1 = 0xe1;
const APP2 = 0xe2;
const APP14 = 0xee;
const COM = 0xfe;

const startsWith = (buf: Buffer, id: Buffer): boolean =>
  buf.length >= id.length && buf.subarray(0, id.length).equals(id);

/** A marker segment: marker byte 0xFF, code, 2-byte length (counting itself), payload. */
function segment(code: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, code, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/**
 * Keeps what decoding and colour need: JFIF (APP0), the ICC profile (APP2 ICC_PROFILE), Adobe's
 * colour transform (APP14) and all non-APP segments. Drops EXIF (replaced by one holding only
 * the orientation), XMP, IPTC/Photoshop (APP13), MPF and every other APPn, and comments.
 */
function keptSegment(code: number, payload: Buffer): Buffer | null {
  if (code === COM) return null;
  if (code < APP0 || code > 0xef) return segment(code, payload);
  if (code === APP0) return startsWith(payload, JFIF_ID) ? segment(code, payload) : null;
  if (code === APP2) return startsWith(payload, ICC_ID) ? segment(code, payload) : null;
  if (code === APP14) return startsWith(payload, ADOBE_ID) ? segment(code, payload) : null;
  if (code === APP1 && startsWith(payload, EXIF_ID)) {
    const orientation = orientationOf(payload.subarray(EXIF_ID.length));
    if (orientation === null) return null;
    return segment(APP1, Buffer.concat([EXIF_ID, orientationOnlyTiff(orientation)]));
  }
  return null;
}

/**
 * The JPEG without metadata, its compressed image data byte for byte unchanged. Everything
 * after the first image's EOI (appended preview or depth images of phones, each with its own
 * EXIF) is dropped as well.
 */
export function stripJpegMetadata(data: Buffer): Buffer {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== SOI) {
    throw new MalformedImageError('JPEG', 'no start-of-image marker');
  }
  const out: Buffer[] = [data.subarray(0, 2)];
  let pos = 2;
  while (pos < data.length) {
    if (data[pos] !== 0xff) throw new MalformedImageError('JPEG', `no marker at byte ${pos}`);
    while (data[pos] === 0xff) pos += 1; // fill bytes
    const code = data[pos];
    pos += 1;
    if (code === EOI) {
      out.push(Buffer.from([0xff, EOI]));
      return Buffer.concat(out);
    }
    if ((code >= 0xd0 && code <= 0xd7) || code === 0x01) {
      out.push(Buffer.from([0xff, code]));
      continue;
    }
    if (pos + 2 > data.length) throw new MalformedImageError('JPEG', 'truncated segment');
    const length = data.readUInt16BE(pos);
    if (length < 2 || pos + length > data.length) {
      throw new MalformedImageError('JPEG', 'segment length beyond the end');
    }
    const payload = data.subarray(pos + 2, pos + length);
    pos += length;
    const kept = keptSegment(code, payload);
    if (kept) out.push(kept);
    if (code === SOS) {
      const end = entropyCodedEnd(data, pos);
      out.push(data.subarray(pos, end));
      pos = end;
    }
  }
  // No EOI: a truncated file, kept as far as it goes (decoders show what is there).
  return Buffer.concat(out);
}

/** Where the entropy-coded data after SOS ends: the next marker other than RSTn or a stuffed 0. */
function entropyCodedEnd(data: Buffer, from: number): number {
  let at = from;
  for (;;) {
    at = data.indexOf(0xff, at);
    if (at < 0 || at + 1 >= data.length) return data.length;
    const next = data[at + 1];
    if (next === 0x00 || next === 0xff || (next >= 0xd0 && next <= 0xd7)) {
      at += next === 0xff ? 1 : 2;
      continue;
    }
    return at;
  }
}
