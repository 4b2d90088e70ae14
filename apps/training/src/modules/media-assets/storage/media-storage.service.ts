import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DomainError, PayloadTooLargeError, SERVICE_CONFIG, workspaceRoot } from '@sports/common';
import { DataSource, EntityManager } from 'typeorm';
import type { TrainingConfig } from '../../../config';
import { PlatformMediaStorageService } from '../../platform-media-storage/platform-media-storage.service';
import { durableFileSink } from './durable-file-sink';
import { FileJournal } from './file-journal';
import { LocalStorageDriver } from './local-storage.driver';
import { SNIFF_HEAD_BYTES, SniffedType, sniffMediaType } from './media-sniff';
import { S3StorageDriver } from './s3-storage.driver';
import type { StorageDriver } from './storage-driver';

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

/** Chooses the driver from MEDIA_STORAGE_DRIVER. */
export function createStorageDriver(config: TrainingConfig): StorageDriver {
  if (config.MEDIA_STORAGE_DRIVER === 's3') {
    if (!config.S3_BUCKET) throw new Error('MEDIA_STORAGE_DRIVER=s3 needs S3_BUCKET');
    return new S3StorageDriver({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new LocalStorageDriver(mediaRootOf(config));
}

/**
 * Media files: the driver in force, the staging of uploads (streamed to disk while hashed,
 * never buffered whole) and transactions whose file moves are undone when they fail.
 */
@Injectable()
export class MediaStorageService {
  readonly driver: StorageDriver;
  readonly root: string;

  constructor(
    @Inject(SERVICE_CONFIG) config: TrainingConfig,
    private readonly platform: PlatformMediaStorageService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {
    this.root = mediaRootOf(config);
    this.driver = createStorageDriver(config);
  }

  /** The platform's relative root (re-validated; a bad stored value falls back to the default). */
  relativeRoot(): Promise<string> {
    return this.platform.relativeRoot();
  }

  /** Folder of staging files: on the same disk as the local media, so placing is a rename. */
  get stagingDir(): string {
    return path.join(this.root, '.incoming');
  }

  /**
   * Streams `source` to a staging file while counting, hashing and keeping the first bytes for
   * the type detection. More than `limitBytes` → 413; content of no known type → 415.
   */
  async receive(source: Readable, limitBytes: number): Promise<ReceivedFile> {
    await mkdir(this.stagingDir, { recursive: true });
    const stagingPath = path.join(this.stagingDir, `${randomUUID()}.part`);
    const hash = createHash('sha256');
    const head: Buffer[] = [];
    let headLength = 0;
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (size > limitBytes) {
          done(tooLarge(limitBytes));
          return;
        }
        hash.update(chunk);
        if (headLength < SNIFF_HEAD_BYTES) {
          const part = chunk.subarray(0, SNIFF_HEAD_BYTES - headLength);
          head.push(Buffer.from(part));
          headLength += part.length;
        }
        done(null, chunk);
      },
    });
    const sink = durableFileSink(stagingPath);
    try {
      await pipeline(source, meter, sink);
      const sniffed = sniffMediaType(Buffer.concat(head));
      if (!sniffed) {
        throw new DomainError(
          415,
          'MEDIA_TYPE_UNSUPPORTED',
          'Unsupported media type',
          'The content is none of the supported image, video, audio, document or archive formats.',
        );
      }
      return { stagingPath, size, sha256: hash.digest('hex'), sniffed };
    } catch (err) {
      // pipeline() can reject before the sink has closed (and removed) its file.
      if (!sink.closed) await new Promise((resolve) => sink.once('close', resolve));
      await rm(stagingPath, { force: true });
      throw err;
    }
  }

  async discardStaging(file: ReceivedFile | undefined): Promise<void> {
    if (file?.stagingPath && path.dirname(file.stagingPath) === this.stagingDir) {
      await rm(file.stagingPath, { force: true });
    }
  }

  /**
   * Runs `work` in one database transaction with a file journal: file moves done inside are
   * undone when the transaction fails; deletions happen after the commit.
   */
  async transaction<T>(work: (m: EntityManager, files: FileJournal) => Promise<T>): Promise<T> {
    const files = new FileJournal(this.driver);
    let result: T;
    try {
      result = await this.dataSource.transaction((m) => work(m, files));
    } catch (err) {
      await files.rollback();
      throw err;
    }
    await files.commit();
    return result;
  }
}

function tooLarge(limitBytes: number): PayloadTooLargeError {
  return new PayloadTooLargeError(
    `The file exceeds the upload limit of your membership tier (${Math.floor(limitBytes / MB)} MB).`,
    { extensions: { limit_bytes: limitBytes } },
  );
}
