import { randomBytes } from 'node:crypto';
import { waitFor } from './wait-for';
import type Sharp from 'sharp';

/** sharp, loaded on first use: most test files never make an image. */
function sharp(): typeof Sharp {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded on first use
  return require('sharp') as typeof Sharp;
}

/** A JPEG of `width`×`height` in a random colour (so uploads do not de-duplicate). */
export function solidJpeg(width: number, height: number, quality = 80): Promise<Buffer> {
  const [r, g, b] = randomBytes(3);
  return sharp()({ create: { width, height, channels: 3, background: { r, g, b } } })
    .jpeg({ quality })
    .toBuffer();
}

/** A JPEG of `width`×`height` of random noise (heavy, like a phone photo: the bench's input). */
export function noiseJpeg(width: number, height: number, quality = 90): Promise<Buffer> {
  return sharp()(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();
}

/** What a test checks of an image: format, size and whether metadata is left in it. */
export async function imageInfo(data: Buffer): Promise<{
  format?: string;
  width?: number;
  height?: number;
  orientation?: number;
  exif?: Buffer;
  xmp?: Buffer;
}> {
  const m = await sharp()(data).metadata();
  return {
    format: m.format,
    width: m.width,
    height: m.height,
    orientation: m.orientation,
    exif: m.exif,
    xmp: m.xmp,
  };
}

/** The RGB(A) value of the pixel at (x, y). */
export async function pixelAt(data: Buffer, x: number, y: number): Promise<number[]> {
  const { data: px, info } = await sharp()(data).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...px.subarray(at, at + info.channels)];
}

/** A supertest parser that keeps a binary body whole: `.buffer(true).parse((r, d) => binaryBody(r, d))`. */
export function binaryBody(
  res: { on(event: string, listener: (chunk?: Buffer) => void): unknown },
  done: (err: Error | null, body: Buffer) => void,
): void {
  const chunks: Buffer[] = [];
  res.on('data', (c) => chunks.push(c as Buffer));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

/**
 * Waits until no row of `table` (media_assets, photos) has renditions pending: the rendition
 * jobs queued by earlier uploads have written (`waitFor`'s deadline unless `timeoutMs`).
 */
export async function renditionsSettled(
  db: { query(sql: string): Promise<unknown> },
  table: 'media_assets' | 'photos',
  timeoutMs?: number,
): Promise<void> {
  await waitFor(
    async () => {
      const [{ n }] = (await db.query(
        `SELECT count(*)::int AS n FROM ${table} WHERE renditions_status = 'pending'`,
      )) as { n: number }[];
      return n === 0;
    },
    { timeoutMs, message: `no renditions of ${table} pending` },
  );
}
