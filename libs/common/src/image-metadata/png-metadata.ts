import { crc32 } from 'node:zlib';
import { orientationOf, orientationOnlyTiff } from './exif-orientation';
import { MalformedImageError } from './image-metadata-error';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Ancillary chunks that change how the picture looks (transparency, colour, gamma, size,
 * animation); every other ancillary chunk (eXIf, tEXt, zTXt, iTXt with XMP, tIME, private
 * chunks) is dropped. Critical chunks are always kept.
 */
const KEPT_ANCILLARY = new Set([
  'tRNS',
  'cHRM',
  'gAMA',
  'iCCP',
  'sBIT',
  'sRGB',
  'cICP',
  'mDCV',
  'cLLI',
  'bKGD',
  'hIST',
  'pHYs',
  'sPLT',
  'acTL',
  'fcTL',
  'fdAT',
]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * The PNG without metadata; an EXIF orientation survives as an eXIf chunk holding only that,
 * placed before the image data as the PNG specification (3rd edition) asks.
 */
export function stripPngMetadata(data: Buffer): Buffer {
  if (data.length < 8 || !data.subarray(0, 8).equals(SIGNATURE)) {
    throw new MalformedImageError('PNG', 'no PNG signature');
  }
  const kept: { type: string; bytes: Buffer }[] = [];
  let orientation: number | null = null;
  let pos = 8;
  let ended = false;
  while (!ended) {
    if (pos + 12 > data.length) throw new MalformedImageError('PNG', 'truncated chunk');
    const length = data.readUInt32BE(pos);
    const type = data.toString('latin1', pos + 4, pos + 8);
    const end = pos + 12 + length;
    if (end > data.length) throw new MalformedImageError('PNG', `chunk ${type} beyond the end`);
    const critical = type.charCodeAt(0) < 0x61;
    if (type === 'eXIf') orientation = orientationOf(data.subarray(pos + 8, pos + 8 + length));
    else if (critical || KEPT_ANCILLARY.has(type))
      kept.push({ type, bytes: data.subarray(pos, end) });
    ended = type === 'IEND';
    pos = end;
  }
  const out: Buffer[] = [SIGNATURE];
  let exifWritten = orientation === null;
  for (const c of kept) {
    if (!exifWritten && (c.type === 'IDAT' || c.type === 'IEND')) {
      out.push(chunk('eXIf', orientationOnlyTiff(orientation)));
      exifWritten = true;
    }
    out.push(c.bytes);
  }
  return Buffer.concat(out);
}
