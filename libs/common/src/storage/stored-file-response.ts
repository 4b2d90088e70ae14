import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { DomainError } from '../errors/domain-error';
import { parseRange } from './http-range';
import type { StorageDriver } from './storage-driver';

/** A stored file to answer with: where it is, its size, type and entity tag. */
export interface StoredFile {
  driver: StorageDriver;
  key: string;
  size: number;
  contentType: string;
  /** A strong entity tag, quotes included (e.g. `"<sha256>"`). */
  etag: string;
  /** The name offered in Content-Disposition (made of safe characters by the caller). */
  filename: string;
}

export interface StoredFileRequest {
  range?: string;
  ifNoneMatch?: string;
  cacheControl: string;
  /** More headers for every answer (CORS, CORP). */
  headers?: Record<string, string>;
}

/** An answer about to be sent: 200 with the file, 206 with one range, 304 without a body. */
export interface StoredFileAnswer {
  status: 200 | 206 | 304;
  headers: Record<string, string>;
  stream?: Readable;
}

/** Whether `If-None-Match` names `etag` (or `*`); weak tags compare by their opaque part. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (t: string): string => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag));
}

/**
 * Opens a stored file for an HTTP answer: 304 when If-None-Match names its ETag, 206 with
 * Content-Range for one satisfiable byte range, 416 problem+json (RANGE_NOT_SATISFIABLE) for a
 * range outside the file, else 200 with the whole file.
 */
export async function openStoredFile(
  file: StoredFile,
  req: StoredFileRequest,
): Promise<StoredFileAnswer> {
  const headers: Record<string, string> = {
    ...req.headers,
    ETag: file.etag,
    'Cache-Control': req.cacheControl,
    'Accept-Ranges': 'bytes',
  };
  if (etagMatches(req.ifNoneMatch, file.etag)) return { status: 304, headers };
  Object.assign(headers, {
    'Content-Type': file.contentType,
    'Content-Disposition': `inline; filename="${file.filename}"`,
    'X-Content-Type-Options': 'nosniff',
  });
  const range = parseRange(req.range, file.size);
  if (range.kind === 'unsatisfiable') {
    throw new DomainError(
      416,
      'RANGE_NOT_SATISFIABLE',
      'Range not satisfiable',
      `The file has ${file.size} bytes.`,
      { headers: { 'Content-Range': `bytes */${file.size}` } },
    );
  }
  if (range.kind === 'partial') {
    const stream = await file.driver.read(file.key, range);
    headers['Content-Range'] = `bytes ${range.start}-${range.end}/${file.size}`;
    headers['Content-Length'] = String(range.end - range.start + 1);
    return { status: 206, headers, stream };
  }
  const stream = await file.driver.read(file.key);
  headers['Content-Length'] = String(file.size);
  return { status: 200, headers, stream };
}

/** Sends an opened answer; a client that goes away ends the read of the file. */
export async function sendStoredFile(res: Response, answer: StoredFileAnswer): Promise<void> {
  res.status(answer.status).set(answer.headers);
  if (!answer.stream) {
    res.end();
    return;
  }
  const stream = answer.stream;
  await pipeline(stream, res).catch(() => stream.destroy());
}
