import type { Readable } from 'node:stream';
import { ApiProperty } from '@nestjs/swagger';
import sharp from 'sharp';
import type { EntityManager } from 'typeorm';
import type { FileVariant } from './signed-urls';
import type { StagingArea } from './staging-area';
import type { StorageDriver } from './storage-driver';
import type { StorageTransactions } from './storage-transactions';

/** The renditions made of an image: longest side at most `size` pixels, never upscaled. */
export const RENDITION_SPECS = [
  { variant: 'thumbnail', size: 256 },
  { variant: 'preview', size: 1280 },
] as const satisfies readonly { variant: FileVariant; size: number }[];
export type RenditionVariant = (typeof RENDITION_SPECS)[number]['variant'];

export const RENDITION_MIME_TYPE = 'image/webp';

/**
 * Where a resource's renditions stand: `pending` (the job has not run yet), `ready`,
 * `unsupported` (the image library cannot decode the format, e.g. HEIC with the prebuilt
 * sharp: no renditions, the original's URL is given) or `none` (not an image).
 */
export const RENDITION_STATES = ['pending', 'ready', 'unsupported', 'none'] as const;
export type RenditionsStatus = (typeof RENDITION_STATES)[number];

/** One rendered image, still in memory. */
export interface RenderedImage {
  variant: RenditionVariant;
  width: number;
  height: number;
  data: Buffer;
}

/** A stored rendition, as the rendition tables of both services keep it. */
export interface StoredRendition {
  variant: RenditionVariant;
  width: number;
  height: number;
  size_bytes: number;
  storage_key: string;
}

/** Largest image decoded (pixels); larger ones are `unsupported` rather than a memory risk. */
const MAX_INPUT_PIXELS = 100_000_000;

/**
 * The WebP renditions of an image (RENDITION_SPECS): EXIF orientation applied, metadata left
 * out (sharp writes none unless asked). Null when sharp cannot decode the input.
 */
export async function renderRenditions(input: Buffer): Promise<RenderedImage[] | null> {
  try {
    const base = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    return await Promise.all(
      RENDITION_SPECS.map(async ({ variant, size }) => {
        const { data, info } = await base
          .clone()
          .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer({ resolveWithObject: true });
        return { variant, width: info.width, height: info.height, data };
      }),
    );
  } catch {
    return null;
  }
}

/** What a service tells the rendition maker about its rows. */
export interface RenditionRows {
  /** The original's storage key, or null when the row is gone. */
  originalKey(id: string): Promise<string | null>;
  /** The key a rendition of `id` (whose original is at `originalKey`) is stored under. */
  renditionKey(id: string, variant: RenditionVariant, originalKey: string): string;
  /**
   * In the transaction: locks the row (false when it is gone, then nothing is written), stores
   * the renditions (replacing earlier ones) and the status.
   */
  save(
    m: EntityManager,
    id: string,
    renditions: StoredRendition[],
    status: 'ready' | 'unsupported',
  ): Promise<boolean>;
}

/**
 * The work of a rendition job, shared by training media and health photos: reads the
 * original through the storage driver, renders, stages the WebP files and places them in one
 * transaction with their rows (undone when it fails; nothing kept when the row went away).
 */
export class RenditionMaker {
  constructor(
    private readonly storage: {
      driver: StorageDriver;
      staging: StagingArea;
      transactions: StorageTransactions;
    },
    private readonly rows: RenditionRows,
  ) {}

  /** Renders `id`; answers the status stored, or `gone` when the row no longer exists. */
  async run(id: string): Promise<'ready' | 'unsupported' | 'gone'> {
    const key = await this.rows.originalKey(id);
    if (!key) return 'gone';
    const rendered = await renderRenditions(await readAll(await this.storage.driver.read(key)));
    if (!rendered) {
      const saved = await this.storage.transactions.run((m) =>
        this.rows.save(m, id, [], 'unsupported'),
      );
      return saved ? 'unsupported' : 'gone';
    }
    const staged = await Promise.all(rendered.map((r) => this.storage.staging.stage(r.data)));
    try {
      const saved = await this.storage.transactions.run(async (m, files) => {
        const stored: StoredRendition[] = [];
        for (const [i, r] of rendered.entries()) {
          const storageKey = this.rows.renditionKey(id, r.variant, key);
          stored.push({
            variant: r.variant,
            width: r.width,
            height: r.height,
            size_bytes: r.data.length,
            storage_key: storageKey,
          });
          await files.place(staged[i].stagingPath, storageKey, RENDITION_MIME_TYPE);
        }
        if (!(await this.rows.save(m, id, stored, 'ready'))) {
          throw new RowGone();
        }
        return true;
      });
      return saved ? 'ready' : 'gone';
    } catch (err) {
      if (err instanceof RowGone) return 'gone';
      throw err;
    } finally {
      await Promise.all(staged.map((s) => this.storage.staging.discard(s.stagingPath)));
    }
  }
}

/** Rolls the placement back when the row went away meanwhile. */
class RowGone extends Error {}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** One rendition in a response. */
export class RenditionResponse {
  @ApiProperty({ enum: RENDITION_SPECS.map((s) => s.variant) }) variant!: RenditionVariant;
  @ApiProperty({ description: 'pixels' }) width!: number;
  @ApiProperty({ description: 'pixels' }) height!: number;
  @ApiProperty() size_bytes!: number;
  @ApiProperty({
    description:
      'Signed URL of the WebP rendition (no Authorization header needed; expires after MEDIA_URL_TTL_SECONDS)',
  })
  url!: string;
}

/** The signed URLs of a resource's original and stored renditions. */
export function renditionResponses(
  renditions: StoredRendition[],
  sign: (variant: FileVariant) => string,
): RenditionResponse[] {
  return RENDITION_SPECS.flatMap(({ variant }) => {
    const r = renditions.find((x) => x.variant === variant);
    return r
      ? [
          {
            variant,
            width: r.width,
            height: r.height,
            size_bytes: r.size_bytes,
            url: sign(variant),
          },
        ]
      : [];
  });
}
