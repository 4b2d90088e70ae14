import { createReadStream } from 'node:fs';
import { copyFile, mkdir, opendir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { ByteRange, StorageDriver, StoredObject } from './storage-driver';
import { resolveInsideRoot } from './storage-keys';
import { storageCall } from './storage-unavailable';

/**
 * Files in a folder on the local disk; moves are renames on the same disk. A full, read-only or
 * failing disk answers `StorageUnavailableError`.
 */
export class LocalStorageDriver implements StorageDriver {
  readonly name = 'local' as const;

  constructor(readonly root: string) {}

  /** Absolute path of `key`, refused when it would leave the root. */
  pathOf(key: string): string {
    return resolveInsideRoot(this.root, key);
  }

  async putFromFile(stagingPath: string, key: string): Promise<void> {
    const target = this.pathOf(key);
    await storageCall(async () => {
      await mkdir(path.dirname(target), { recursive: true });
      await renameOrCopy(stagingPath, target);
    });
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    await storageCall(() => stat(file));
    return createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<{ size: number } | null> {
    const file = this.pathOf(key);
    return storageCall(async () => {
      try {
        const s = await stat(file);
        return s.isFile() ? { size: s.size } : null;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    });
  }

  async move(from: string, to: string): Promise<void> {
    const source = this.pathOf(from);
    const target = this.pathOf(to);
    await storageCall(async () => {
      await mkdir(path.dirname(target), { recursive: true });
      await renameOrCopy(source, target);
    });
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await storageCall(() => rm(file, { force: true }));
  }

  async *list(): AsyncIterable<StoredObject> {
    yield* walk(this.root, []);
  }
}

async function* walk(dir: string, prefix: string[]): AsyncIterable<StoredObject> {
  let entries;
  try {
    entries = await opendir(dir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  for await (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      yield* walk(full, [...prefix, entry.name]);
    } else if (entry.isFile()) {
      const s = await stat(full).catch(() => null);
      if (s) yield { key: [...prefix, entry.name].join('/'), modifiedAt: s.mtime };
    }
  }
}

async function renameOrCopy(from: string, to: string): Promise<void> {
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await copyFile(from, to);
    await unlink(from);
  }
}
