import type { PhotoMimeType } from './photo.entity';

export interface SniffedImage {
  mimeType: PhotoMimeType;
  extension: 'jpg' | 'png' | 'webp' | 'heic' | 'heif';
}

/** How many leading bytes `sniffImage` needs. */
export const SNIFF_BYTES = 16;

const ascii = (bytes: Buffer, start: number, end: number): string =>
  bytes.subarray(start, end).toString('latin1');

/**
 * Identifies an image by its magic bytes, ignoring the client's file name and Content-Type.
 * JPEG FF D8 FF; PNG 89 50 4E 47 0D 0A 1A 0A; WebP "RIFF" <size> "WEBP";
 * HEIC/HEIF ISO-BMFF "ftyp" box at offset 4 with brand heic/heix/heif/mif1 (ISO/IEC 23008-12).
 */
export function sniffImage(head: Buffer): SniffedImage | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return { mimeType: 'image/jpeg', extension: 'jpg' };
  if (
    head.length >= 8 &&
    head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return { mimeType: 'image/png', extension: 'png' };
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP')
    return { mimeType: 'image/webp', extension: 'webp' };
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (brand === 'heic' || brand === 'heix') return { mimeType: 'image/heic', extension: 'heic' };
    if (brand === 'heif' || brand === 'mif1') return { mimeType: 'image/heif', extension: 'heif' };
  }
  return null;
}
