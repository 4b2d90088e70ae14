import { createReadStream } from 'node:fs';
import { stat as fsStat, unlink } from 'node:fs/promises';
import { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { ByteRange, StorageDriver, StoredObject } from './storage-driver';
import { assertSafeKey } from './storage-keys';
import { storageCall } from './storage-unavailable';

export interface S3DriverOptions {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
}

/**
 * Objects in an S3-compatible bucket; the storage key is the object key. An unreachable or
 * failing object store (network errors, 5xx, throttling) answers `StorageUnavailableError`.
 */
export class S3StorageDriver implements StorageDriver {
  readonly name = 's3' as const;
  readonly client: S3Client;

  constructor(private readonly options: S3DriverOptions) {
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // Plain PUTs with a known length: no aws-chunked bodies, which some S3 servers lack.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private get bucket(): string {
    return this.options.bucket;
  }

  async putFromFile(stagingPath: string, key: string, contentType: string): Promise<void> {
    assertSafeKey(key);
    const { size } = await fsStat(stagingPath);
    await storageCall(() =>
      this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: createReadStream(stagingPath),
          ContentLength: size,
          ContentType: contentType,
        }),
      ),
    );
    await unlink(stagingPath);
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    assertSafeKey(key);
    const out = await storageCall(() =>
      this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      ),
    );
    const body = out.Body;
    if (body instanceof Readable) return body;
    throw new Error(`S3 object ${key} has no readable body`);
  }

  async stat(key: string): Promise<{ size: number } | null> {
    assertSafeKey(key);
    try {
      const out = await storageCall(() =>
        this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key })),
      );
      return { size: Number(out.ContentLength ?? 0) };
    } catch (err) {
      const status = (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404 || (err as Error).name === 'NotFound') return null;
      throw err;
    }
  }

  async move(from: string, to: string): Promise<void> {
    assertSafeKey(from);
    assertSafeKey(to);
    await storageCall(() =>
      this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: to,
          CopySource: `${this.bucket}/${from.split('/').map(encodeURIComponent).join('/')}`,
        }),
      ),
    );
    await this.delete(from);
  }

  async delete(key: string): Promise<void> {
    assertSafeKey(key);
    await storageCall(() =>
      this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key })),
    );
  }

  async *list(): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const page = await storageCall(() =>
        this.client.send(
          new ListObjectsV2Command({ Bucket: this.bucket, ContinuationToken: token }),
        ),
      );
      for (const o of page.Contents ?? []) {
        if (o.Key && o.LastModified) yield { key: o.Key, modifiedAt: o.LastModified };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}
