import { createHash, randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { durableFileSink } from './durable-file-sink';
import { isDiskUnavailable, StorageUnavailableError } from './storage-unavailable';

/** An upload streamed to a staging file: its size, sha256 and first bytes (for type sniffing). */
export interface StagedFile {
  stagingPath: string;
  size: number;
  sha256: string;
  head: Buffer;
}

export interface ReceiveOptions {
  /** More than `bytes` fail the stream with `error()`. */
  limit?: { bytes: number; error: () => Error };
  /** How many leading bytes to keep in `head`. */
  headBytes: number;
}

/** Suffix of staging files, which the sweep removes once they are old. */
export const STAGING_SUFFIX = '.part';

/**
 * A folder of staging files: uploads are streamed there (hashed, counted, durably written,
 * never buffered whole) before they are placed in the storage. Staging files left by a killed
 * process are removed by the storage sweep.
 */
export class StagingArea {
  constructor(readonly dir: string) {}

  /** Streams `source` to a new staging file; on any failure the file is removed. */
  async receive(source: Readable, options: ReceiveOptions): Promise<StagedFile> {
    try {
      return await this.write(source, options);
    } catch (err) {
      // A full or read-only disk is the service's trouble (503); a broken upload is the client's.
      throw isDiskUnavailable(err) ? new StorageUnavailableError() : err;
    }
  }

  private async write(source: Readable, options: ReceiveOptions): Promise<StagedFile> {
    const stagingPath = await this.newPath();
    const hash = createHash('sha256');
    const head: Buffer[] = [];
    let headLength = 0;
    let size = 0;
    const meter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        size += chunk.length;
        if (options.limit && size > options.limit.bytes) {
          done(options.limit.error());
          return;
        }
        hash.update(chunk);
        if (headLength < options.headBytes) {
          const part = chunk.subarray(0, options.headBytes - headLength);
          head.push(Buffer.from(part));
          headLength += part.length;
        }
        done(null, chunk);
      },
    });
    const sink = durableFileSink(stagingPath);
    try {
      await pipeline(source, meter, sink);
      return { stagingPath, size, sha256: hash.digest('hex'), head: Buffer.concat(head) };
    } catch (err) {
      // pipeline() can reject before the sink has closed (and removed) its file.
      if (!sink.closed) await new Promise((resolve) => sink.once('close', resolve));
      await rm(stagingPath, { force: true });
      throw err;
    }
  }

  /** Writes `data` (already in memory, e.g. a rewritten image) as a new staging file. */
  stage(data: Buffer): Promise<StagedFile> {
    return this.receive(Readable.from([data]), { headBytes: 0 });
  }

  /** Removes a staging file of this area (other paths are left alone). */
  async discard(stagingPath: string | undefined): Promise<void> {
    if (stagingPath && path.dirname(stagingPath) === this.dir) {
      await rm(stagingPath, { force: true });
    }
  }

  private async newPath(): Promise<string> {
    await mkdir(this.dir, { recursive: true });
    return path.join(this.dir, `${randomUUID()}${STAGING_SUFFIX}`);
  }
}
