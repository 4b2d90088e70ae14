import type { Readable } from 'node:stream';

/** An inclusive byte range of a file. */
export interface ByteRange {
  start: number;
  end: number;
}

/** A stored file as a listing sees it. */
export interface StoredObject {
  key: string;
  /** Last write (local: mtime; S3: LastModified). */
  modifiedAt: Date;
}

/**
 * Where stored files are kept. Keys are `/`-separated paths relative to the storage root (or
 * object keys); every driver checks them with `assertSafeKey` before use. Uploads are first
 * streamed to a local staging file and then placed with `putFromFile`.
 */
export interface StorageDriver {
  readonly name: 'local' | 's3';
  /** Places a finished staging file at `key` (the staging file is gone afterwards). */
  putFromFile(stagingPath: string, key: string, contentType: string): Promise<void>;
  /** A stream of the file (or of `range`). */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** Size of the file, or null when it does not exist. */
  stat(key: string): Promise<{ size: number } | null>;
  /** Moves a file to another key (overwriting the target). */
  move(from: string, to: string): Promise<void>;
  /** Removes a file; absent files are no error. */
  delete(key: string): Promise<void>;
  /** Every stored file (local: below the root, skipping dot-folders such as the staging area). */
  list(): AsyncIterable<StoredObject>;
}
