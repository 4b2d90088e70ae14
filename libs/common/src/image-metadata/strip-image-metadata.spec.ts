import exifr from 'exifr';
import sharp from 'sharp';
import {
  PHOTO_FIXTURE_SECRETS as SECRETS,
  photoFixture as fixture,
} from '../testing/photo-fixtures';
import { MalformedImageError } from './image-metadata-error';
import { MetadataImageFormat, stripImageMetadata } from './strip-image-metadata';

const everything = {
  tiff: true,
  ifd1: true,
  exif: true,
  gps: true,
  interop: true,
  xmp: true,
  iptc: true,
  icc: false,
  ihdr: false,
  translateValues: false,
  mergeOutput: false,
} as const;

const pixels = (image: Buffer): Promise<Buffer> => sharp(image).raw().toBuffer();

/** The TIFF structure in a WebP's EXIF chunk (exifr does not read WebP). */
function webpExif(data: Buffer): Buffer | null {
  for (let pos = 12; pos + 8 <= data.length;) {
    const size = data.readUInt32LE(pos + 4);
    if (data.toString('latin1', pos, pos + 4) === 'EXIF')
      return data.subarray(pos + 8, pos + 8 + size);
    pos += 8 + size + (size % 2);
  }
  return null;
}

describe('stripImageMetadata', () => {
  it.each([
    ['photo.jpg', 'jpeg'],
    ['photo.png', 'png'],
  ] as ['photo.jpg' | 'photo.png', MetadataImageFormat][])(
    'removes GPS, EXIF, XMP and text from %s and keeps only the orientation and the pixels',
    async (name, format) => {
      const original = fixture(name);
      expect((await exifr.gps(original))?.latitude).toBeCloseTo(52.52, 2);

      const stripped = stripImageMetadata(original, format);

      expect(await exifr.gps(stripped)).toBeUndefined();
      const left = await exifr.parse(stripped, everything);
      expect(left).toEqual({ ifd0: { Orientation: 6 } });
      for (const secret of SECRETS) expect(stripped.includes(secret)).toBe(false);
      expect((await sharp(stripped).metadata()).orientation).toBe(6);
      expect((await pixels(stripped)).equals(await pixels(original))).toBe(true);
    },
  );

  it('removes GPS, EXIF and XMP from a WebP and keeps only the orientation and the pixels', async () => {
    const original = fixture('photo.webp');
    expect(original.includes('XMP ')).toBe(true);

    const stripped = stripImageMetadata(original, 'webp');

    const exif = webpExif(stripped) as Buffer;
    expect(await exifr.parse(exif, everything)).toEqual({ ifd0: { Orientation: 6 } });
    expect(stripped.includes('XMP ')).toBe(false);
    for (const secret of SECRETS) expect(stripped.includes(secret)).toBe(false);
    expect(stripped.readUInt32LE(4)).toBe(stripped.length - 8);
    expect((await sharp(stripped).metadata()).orientation).toBe(6);
    expect((await pixels(stripped)).equals(await pixels(original))).toBe(true);
  });

  it('blanks the EXIF and XMP items of a HEIC in place, leaving its size and image data', async () => {
    const original = fixture('photo.heic');
    expect((await exifr.gps(original))?.latitude).toBeCloseTo(52.52, 2);

    const stripped = stripImageMetadata(original, 'heif');

    expect(stripped.length).toBe(original.length);
    expect(await exifr.gps(stripped)).toBeUndefined();
    expect(await exifr.parse(stripped, everything)).toBeUndefined();
    for (const secret of SECRETS) expect(stripped.includes(secret)).toBe(false);
    const changed = [...original.keys()].filter((i) => original[i] !== stripped[i]);
    // Only bytes inside the two metadata items changed: the HEVC data and boxes did not.
    const hvc = original.indexOf('mdat');
    expect(changed.every((i) => i > hvc)).toBe(true);
  });

  it('keeps a picture without metadata as it was', async () => {
    const plain = await sharp({
      create: { width: 4, height: 3, channels: 3, background: '#3366cc' },
    })
      .png()
      .toBuffer();
    expect(stripImageMetadata(plain, 'png').equals(plain)).toBe(true);
  });

  it('drops images appended after the JPEG (phone previews with their own EXIF)', () => {
    const single = fixture('photo.jpg');
    const withPreview = Buffer.concat([single, single]);
    expect(stripImageMetadata(withPreview, 'jpeg').equals(stripImageMetadata(single, 'jpeg'))).toBe(
      true,
    );
  });

  it.each([
    ['jpeg', Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff, 1, 2])],
    ['png', Buffer.concat([fixture('photo.png').subarray(0, 20)])],
    ['webp', Buffer.from('RIFF\x20\x00\x00\x00WEBPVP8X\x40\x00\x00\x00', 'latin1')],
    ['heif', Buffer.from('\x00\x00\x00\x10ftypheic\x00\x00\x00\x00', 'latin1')],
  ] as [MetadataImageFormat, Buffer][])('refuses a malformed %s', (format, data) => {
    expect(() => stripImageMetadata(data, format)).toThrow(MalformedImageError);
  });
});
