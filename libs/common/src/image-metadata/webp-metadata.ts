import { orientationOf, orientationOnlyTiff } from './exif-orientation';
import { MalformedImageError } from './image-metadata-error';

/** VP8X flag bits (WebP container specification): EXIF and XMP metadata present. */
const EXIF_FLAG = 0x08;
const XMP_FLAG = 0x04;

/** Chunks of the picture itself; EXIF, XMP and unknown chunks are dropped. */
const KEPT_CHUNKS = new Set(['VP8X', 'ICCP', 'ANIM', 'ANMF', 'ALPH', 'VP8 ', 'VP8L']);

const EXIF_ID = Buffer.from('Exif\0\0', 'latin1');

function chunk(fourcc: string, payload: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.write(fourcc, 0, 'latin1');
  head.writeUInt32LE(payload.length, 4);
  return Buffer.concat([head, payload, Buffer.alloc(payload.length % 2)]);
}

/**
 * The WebP without metadata; an EXIF orientation survives in an EXIF chunk holding only that
 * (at the end, where the container specification puts metadata), with the VP8X flags updated.
 */
export function stripWebpMetadata(data: Buffer): Buffer {
  if (
    data.length < 12 ||
    data.toString('latin1', 0, 4) !== 'RIFF' ||
    data.toString('latin1', 8, 12) !== 'WEBP'
  ) {
    throw new MalformedImageError('WebP', 'no RIFF/WEBP header');
  }
  const riffEnd = Math.min(data.length, 8 + data.readUInt32LE(4));
  const kept: Buffer[] = [];
  let vp8x: Buffer | null = null;
  let orientation: number | null = null;
  let pos = 12;
  while (pos + 8 <= riffEnd) {
    const fourcc = data.toString('latin1', pos, pos + 4);
    const size = data.readUInt32LE(pos + 4);
    const end = pos + 8 + size;
    if (end > riffEnd) throw new MalformedImageError('WebP', `chunk ${fourcc} beyond the end`);
    const payload = data.subarray(pos + 8, end);
    if (fourcc === 'EXIF') {
      const tiff = payload.subarray(0, 6).equals(EXIF_ID) ? payload.subarray(6) : payload;
      orientation = orientationOf(tiff);
    } else if (fourcc === 'VP8X') {
      vp8x = chunk(fourcc, payload);
      kept.push(vp8x);
    } else if (KEPT_CHUNKS.has(fourcc)) {
      kept.push(chunk(fourcc, payload));
    }
    pos = end + (size % 2);
  }
  // A simple (non-VP8X) WebP cannot carry metadata chunks at all.
  if (vp8x) {
    const flags = vp8x[8] & ~(EXIF_FLAG | XMP_FLAG);
    vp8x[8] = orientation === null ? flags : flags | EXIF_FLAG;
    if (orientation !== null) kept.push(chunk('EXIF', orientationOnlyTiff(orientation)));
  }
  const body = Buffer.concat(kept);
  const header = Buffer.alloc(12);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(4 + body.length, 4);
  header.write('WEBP', 8, 'latin1');
  return Buffer.concat([header, body]);
}
