import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG, workspaceRoot } from '@sports/common';
import { createHash } from 'node:crypto';
import { createReadStream, ReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { HealthConfig } from '../../config';

/** Resolves PHOTO_ROOT: relative paths are taken from the repository root. */
export function photoRoot(config: Pick<HealthConfig, 'PHOTO_ROOT'>): string {
  return path.isAbsolute(config.PHOTO_ROOT)
    ? config.PHOTO_ROOT
    : path.join(workspaceRoot(), config.PHOTO_ROOT);
}

/** Where multer writes uploads before they are sniffed and moved. */
export function photoIncomingDir(config: Pick<HealthConfig, 'PHOTO_ROOT'>): string {
  return path.join(photoRoot(config), '.incoming');
}

/** The files of photos: `<root>/<user_id>/<uuid>.<ext>`. */
@Injectable()
export class PhotoStorage {
  private readonly root: string;

  constructor(@Inject(SERVICE_CONFIG) config: HealthConfig) {
    this.root = photoRoot(config);
  }

  async readHead(file: string, bytes: number): Promise<Buffer> {
    const handle = await fs.open(file, 'r');
    try {
      const buffer = Buffer.alloc(bytes);
      const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
      return buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  }

  sha256(file: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const hash = createHash('sha256');
      createReadStream(file)
        .on('error', reject)
        .on('data', (chunk) => hash.update(chunk))
        .on('end', () => resolve(hash.digest('hex')));
    });
  }

  /** Moves an incoming file to its final place; answers the path relative to the root. */
  async adopt(tempFile: string, userId: string, id: string, extension: string): Promise<string> {
    const relative = path.join(userId, `${id}.${extension}`);
    await fs.mkdir(path.join(this.root, userId), { recursive: true });
    await fs.rename(tempFile, this.resolve(relative));
    return relative;
  }

  async remove(relativeOrAbsolute: string): Promise<void> {
    const file = path.isAbsolute(relativeOrAbsolute)
      ? relativeOrAbsolute
      : this.resolve(relativeOrAbsolute);
    await fs.rm(file, { force: true });
  }

  async open(relative: string): Promise<ReadStream | null> {
    const file = this.resolve(relative);
    try {
      await fs.access(file);
    } catch {
      return null;
    }
    return createReadStream(file);
  }

  /** Stored paths come from our own ids, but never let one leave the root. */
  private resolve(relative: string): string {
    const file = path.resolve(this.root, relative);
    if (!file.startsWith(this.root + path.sep)) throw new Error('photo path outside PHOTO_ROOT');
    return file;
  }
}
