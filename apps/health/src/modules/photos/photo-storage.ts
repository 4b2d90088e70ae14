import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  createStorageDriver,
  DomainError,
  type FileJournal,
  MalformedImageError,
  type MetadataImageFormat,
  PayloadTooLargeError,
  s3SettingsOf,
  SERVICE_CONFIG,
  StagingArea,
  type StorageDriver,
  StorageTransactions,
  stripImageMetadata,
  workspaceRoot,
} from '@sports/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { HealthConfig } from '../../config';
import type { PhotoMimeType } from './photo.entity';
import { SNIFF_BYTES, type SniffedImage, sniffImage } from './photo-sniffer';

/** A photo upload in a staging file: size, sha256 and the type its content has. */
export interface ReceivedPhoto {
  stagingPath: string;
  size: number;
  sha256: string;
  sniffed: SniffedImage;
}

export class UnsupportedMediaTypeError extends DomainError {
  constructor(detail: string) {
    super(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported media type', detail, {
      hint: 'Upload a JPEG, PNG, WebP or HEIC image.',
    });
  }
}

const FORMATS: Record<PhotoMimeType, MetadataImageFormat> = {
  'image/jpeg': 'jpeg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heif',
  'image/heif': 'heif',
};

/** PHOTO_ROOT as an absolute path (relative values from the repository root), `<DATA_DIR>/photos` when unset. */
export function photoRoot(config: Pick<HealthConfig, 'PHOTO_ROOT' | 'DATA_DIR'>): string {
  return path.resolve(workspaceRoot(), config.PHOTO_ROOT ?? path.join(config.DATA_DIR, 'photos'));
}

/**
 * The files of photos, through the shared storage layer: keys `<user_id>/<uuid>.<ext>` in the
 * folder PHOTO_ROOT or an S3-compatible bucket (PHOTO_STORAGE_DRIVER), uploads staged below
 * PHOTO_ROOT/.incoming, placements bound to the transaction of their row.
 */
@Injectable()
export class PhotoStorage {
  readonly driver: StorageDriver;
  readonly staging: StagingArea;
  readonly transactions: StorageTransactions;
  private readonly maxBytes: number;

  constructor(
    @Inject(SERVICE_CONFIG) config: HealthConfig,
    @InjectDataSource() dataSource: DataSource,
  ) {
    const root = photoRoot(config);
    this.driver = createStorageDriver({
      driver: config.PHOTO_STORAGE_DRIVER,
      root,
      s3: s3SettingsOf(config),
    });
    this.staging = new StagingArea(path.join(root, '.incoming'));
    this.transactions = new StorageTransactions(dataSource, this.driver);
    this.maxBytes = config.PHOTO_MAX_BYTES;
  }

  /** Streams an upload to a staging file: more than PHOTO_MAX_BYTES → 413, not an image → 415. */
  async receive(source: Readable): Promise<ReceivedPhoto> {
    const staged = await this.staging.receive(source, {
      limit: {
        bytes: this.maxBytes,
        error: () =>
          new PayloadTooLargeError(`The photo is larger than ${this.maxBytes} bytes.`, {
            extensions: { limit_bytes: this.maxBytes },
          }),
      },
      headBytes: SNIFF_BYTES,
    });
    const sniffed = sniffImage(staged.head);
    if (!sniffed) {
      await this.staging.discard(staged.stagingPath);
      throw new UnsupportedMediaTypeError('The file is not a JPEG, PNG, WebP or HEIC image.');
    }
    const { stagingPath, size, sha256 } = staged;
    return { stagingPath, size, sha256, sniffed };
  }

  /**
   * The photo without EXIF/XMP metadata (GPS position, camera, times), as a new staging file;
   * the received one is removed. Photos are at most PHOTO_MAX_BYTES, so this works in memory.
   */
  async withoutMetadata(file: ReceivedPhoto): Promise<ReceivedPhoto> {
    let stripped: Buffer;
    try {
      stripped = stripImageMetadata(
        await readFile(file.stagingPath),
        FORMATS[file.sniffed.mimeType],
      );
    } catch (err) {
      if (!(err instanceof MalformedImageError)) throw err;
      throw new UnsupportedMediaTypeError(
        `The file starts like ${file.sniffed.mimeType} but is not a valid image of that type.`,
      );
    } finally {
      await this.discard(file);
    }
    const staged = await this.staging.stage(stripped);
    return { ...file, stagingPath: staged.stagingPath, size: staged.size, sha256: staged.sha256 };
  }

  async discard(file: { stagingPath: string } | undefined): Promise<void> {
    await this.staging.discard(file?.stagingPath);
  }

  /** Runs `work` in a transaction whose file placements are undone when it fails. */
  transaction<T>(work: (m: EntityManager, files: FileJournal) => Promise<T>): Promise<T> {
    return this.transactions.run(work);
  }

  /** The stored file, or null when it is missing. */
  async open(key: string): Promise<Readable | null> {
    if (!(await this.driver.stat(key))) return null;
    return this.driver.read(key);
  }
}
