import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { resolveInsideRoot } from './media-paths';
import type { ByteRange, StorageDriver } from './storage-driver';

/** Files in a folder on the local disk (MEDIA_ROOT); moves are renames on the same disk. */
export class LocalStorageDriver implements StorageDriver {
  readonly name = 'local' as const;

  constructor(readonly root: string) {}

  /** Absolute path of `key`, refused when it would leave the root. */
  pathOf(key: string): string {
    return resolveInsideRoot(this.root, key);
  }

  async putFromFile(stagingPath: string, key: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    await renameOrCopy(stagingPath, target);
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    await stat(file);
    return createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const s = await stat(this.pathOf(key));
      return s.isFile() ? { size: s.size } : null;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  async move(from: string, to: string): Promise<void> {
    const source = this.pathOf(from);
    const target = this.pathOf(to);
    await mkdir(path.dirname(target), { recursive: true });
    await renameOrCopy(source, target);
  }

  async delete(key: string): Promise<void> {
    await rm(this.pathOf(key), { force: true });
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
