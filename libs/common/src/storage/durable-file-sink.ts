import { type FileHandle, open, rm } from 'node:fs/promises';
import { Writable } from 'node:stream';

export interface DurableFileSinkOptions {
  /** Bytes buffered between the network and the disk; a write takes all of them at once. */
  bufferBytes?: number;
  /** Bytes written between two background flushes to the disk. */
  flushEveryBytes?: number;
}

const MB = 1024 * 1024;

/**
 * A writable stream to a new file (refused when it exists) that is on the disk when the stream
 * finishes. Destroyed before it finished (a failed or aborted upload), it removes the file it
 * created before it emits `close`.
 *
 * - Chunks arriving while a write is in flight are buffered (up to `bufferBytes`) and written
 *   with one `writev`: socket-sized chunks of 16–64 KB cost one system call each otherwise.
 * - Every `flushEveryBytes` a `fdatasync` runs in the background, so the disk writes the file
 *   while the rest still arrives; the final flush before `finish` then has little left to do.
 *   An upload answered 201 is durable, and it is not followed by a burst of dirty pages.
 */
export function durableFileSink(file: string, options: DurableFileSinkOptions = {}): Writable {
  const flushEvery = options.flushEveryBytes ?? 16 * MB;
  let handle: FileHandle | undefined;
  let written = 0;
  let flushedUpTo = 0;
  let flushing: Promise<void> | null = null;
  let flushError: Error | null = null;
  let created = false;
  let completed = false;

  const flushInBackground = (): void => {
    if (flushing || !handle || written - flushedUpTo < flushEvery) return;
    const upTo = written;
    flushing = handle.datasync().then(
      () => {
        flushedUpTo = upTo;
        flushing = null;
        flushInBackground();
      },
      (err: Error) => {
        flushError = err;
        flushing = null;
      },
    );
  };

  const close = async (): Promise<void> => {
    const h = handle;
    handle = undefined;
    if (flushing) await flushing;
    await h?.close();
  };

  return new Writable({
    highWaterMark: options.bufferBytes ?? 4 * MB,
    construct(callback) {
      open(file, 'wx').then(
        (h) => {
          handle = h;
          created = true;
          callback();
        },
        (err: Error) => callback(err),
      );
    },
    writev(chunks, callback) {
      if (flushError) {
        callback(flushError);
        return;
      }
      writeAll(
        handle as FileHandle,
        chunks.map((c) => c.chunk as Buffer),
      ).then(
        (bytes) => {
          written += bytes;
          flushInBackground();
          callback();
        },
        (err: Error) => callback(err),
      );
    },
    final(callback) {
      (async () => {
        if (flushing) await flushing;
        if (flushError) throw flushError;
        await (handle as FileHandle).datasync();
        await close();
        completed = true;
      })().then(
        () => callback(),
        (err: Error) => callback(err),
      );
    },
    destroy(error, callback) {
      (async () => {
        await close().catch(() => undefined);
        if (created && !completed) await rm(file, { force: true }).catch(() => undefined);
      })().then(() => callback(error));
    },
  });
}

/** `writev` until every byte is written (a regular file writes short only in rare cases). */
async function writeAll(handle: FileHandle, buffers: Buffer[]): Promise<number> {
  const total = buffers.reduce((n, b) => n + b.length, 0);
  let done = (await handle.writev(buffers)).bytesWritten;
  while (done < total) {
    const rest = Buffer.concat(buffers).subarray(done);
    done += (await handle.write(rest)).bytesWritten;
  }
  return total;
}
