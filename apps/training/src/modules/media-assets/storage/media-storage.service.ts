import path from 'node:path';
import type { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  createStorageDriver,
  DomainError,
  FileJournal,
  PayloadTooLargeError,
  s3SettingsOf,
  SERVICE_CONFIG,
  StagingArea,
  StorageDriver,
  StorageTransactions,
  workspaceRoot,
} from '@sports/common';
import { DataSource, EntityManager } from 'typeorm';
import type { TrainingConfig } from '../../../config';
import { PlatformMediaStorageService } from '../../platform-media-storage/platform-media-storage.service';
import { SNIFF_HEAD_BYTES, SniffedType, sniffMediaType } from './media-sniff';

/** A file received from a client: staged below MEDIA_ROOT, hashed and sniffed on the way. */
export interface ReceivedFile {
  stagingPath: string;
  size: number;
  sha256: string;
  sniffed: SniffedType;
}

const MB = 1024 * 1024;

/** The configured media root as an absolute path (relative values resolve against the repo). */
export function mediaRootOf(config: Pick<TrainingConfig, 'MEDIA_ROOT'>): string {
  return path.resolve(workspaceRoot(), config.MEDIA_ROOT);
}

/** The driver of MEDIA_STORAGE_DRIVER (the shared storage layer of libs/common). */
export function createMediaStorageDriver(config: TrainingConfig): StorageDriver {
  return createStorageDriver({
    driver: config.MEDIA_STORAGE_DRIVER,
    root: mediaRootOf(config),
    s3: s3SettingsOf(config),
  });
}

/**
 * Media files: the driver in force, the staging of uploads (streamed to disk while hashed,
 * never buffered whole) and transactions whose file moves are undone when they fail.
 */
@Injectable()
export class MediaStorageService {
  readonly driver: StorageDriver;
  readonly root: string;
  /** Staging files live on the same disk as the local media, so placing is a rename. */
  readonly staging: StagingArea;
  readonly transactions: StorageTransactions;

  constructor(
    @Inject(SERVICE_CONFIG) config: TrainingConfig,
    private readonly platform: PlatformMediaStorageService,
    @InjectDataSource() dataSource: DataSource,
  ) {
    this.root = mediaRootOf(config);
    this.driver = createMediaStorageDriver(config);
    this.staging = new StagingArea(path.join(this.root, '.incoming'));
    this.transactions = new StorageTransactions(dataSource, this.driver);
  }

  /** The platform's relative root (re-validated; a bad stored value falls back to the default). */
  relativeRoot(): Promise<string> {
    return this.platform.relativeRoot();
  }

  /**
   * Streams `source` to a staging file while counting, hashing and keeping the first bytes for
   * the type detection. More than `limitBytes` → 413; content of no known type → 415.
   */
  async receive(source: Readable, limitBytes: number): Promise<ReceivedFile> {
    const staged = await this.staging.receive(source, {
      limit: { bytes: limitBytes, error: () => tooLarge(limitBytes) },
      headBytes: SNIFF_HEAD_BYTES,
    });
    const sniffed = sniffMediaType(staged.head);
    if (!sniffed) {
      await this.staging.discard(staged.stagingPath);
      throw new DomainError(
        415,
        'UNSUPPORTED_MEDIA_TYPE',
        'Unsupported media type',
        'The content is none of the supported image, video, audio, document or archive formats.',
      );
    }
    const { stagingPath, size, sha256 } = staged;
    return { stagingPath, size, sha256, sniffed };
  }

  async discardStaging(file: ReceivedFile | undefined): Promise<void> {
    await this.staging.discard(file?.stagingPath);
  }

  /**
   * Runs `work` in one database transaction with a file journal: file moves done inside are
   * undone when the transaction fails; deletions happen after the commit.
   */
  transaction<T>(work: (m: EntityManager, files: FileJournal) => Promise<T>): Promise<T> {
    return this.transactions.run(work);
  }
}

function tooLarge(limitBytes: number): PayloadTooLargeError {
  return new PayloadTooLargeError(
    `The file exceeds the upload limit of your membership tier (${Math.floor(limitBytes / MB)} MB).`,
    { extensions: { limit_bytes: limitBytes } },
  );
}
