import { SetMetadata } from '@nestjs/common';
import type { Request } from 'express';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { DomainError, PayloadTooLargeError, ValidationFailedError } from '../errors/domain-error';

/** Route metadata: JSON media types besides `application/json` the route reads, and their limit. */
export const JSON_BODY_OPTIONS = 'http:json-body-options';

export interface JsonBodyOptions {
  /** Media types read as JSON on this route, e.g. `application/fhir+json`. */
  mediaTypes: string[];
  /** Largest body accepted with one of those media types. */
  maxBytes: number;
}

/**
 * The route also reads these JSON media types (up to `maxBytes`, which may exceed BODY_LIMIT);
 * like every body, only after the guards have let the caller through.
 */
export const AcceptsJsonBody = (options: JsonBodyOptions): MethodDecorator & ClassDecorator =>
  SetMetadata(JSON_BODY_OPTIONS, {
    ...options,
    mediaTypes: options.mediaTypes.map((t) => t.toLowerCase()),
  });

const UNIT_BYTES: Record<string, number> = { b: 1, kb: 1024, mb: 1024 * 1024 };

/** `512kb`, `1mb` (BODY_LIMIT's format, binary units as body-parser read them) in bytes. */
export function parseByteSize(size: string): number {
  const match = /^(\d+)(b|kb|mb)$/i.exec(size.trim());
  if (!match) throw new Error(`not a byte size: ${size}`);
  return Number(match[1]) * UNIT_BYTES[match[2].toLowerCase()];
}

/** The media type of a request without its parameters, in lower case. */
export function mediaTypeOf(req: Request): string {
  return (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}

/** Whether the request announces a body (a length above 0 or a transfer coding). */
export function hasBody(req: Request): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  return Number(req.headers['content-length'] ?? 0) > 0;
}

/** 415 UNSUPPORTED_MEDIA_TYPE: a body the route does not read (media type, charset, coding). */
export class UnsupportedMediaTypeError extends DomainError {
  constructor(detail: string) {
    super(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported media type', detail);
  }
}

const malformed = (): ValidationFailedError =>
  new ValidationFailedError('The request body is not valid JSON.', [
    { path: '', message: 'the body must be a JSON object or array' },
  ]);

const DECODERS: Record<string, (() => NodeJS.ReadWriteStream) | null> = {
  identity: null,
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
};

/**
 * Reads and parses a JSON body of at most `maxBytes` (after decompression). A declared length
 * over the limit is refused before a byte is read, a stream that grows past it as soon as it
 * does; the rest of the body is left unread (the error answer closes the connection). Like
 * body-parser's strict mode: UTF-8 only, the document must be an object or an array.
 */
export async function readJsonBody(req: Request, maxBytes: number): Promise<unknown> {
  const tooLarge = () =>
    new PayloadTooLargeError(`The request body may have at most ${maxBytes} bytes.`, {
      extensions: { max_bytes: maxBytes },
    });
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.headers['content-type'] ?? '')?.[1];
  if (charset && !['utf-8', 'utf8'].includes(charset.toLowerCase()))
    throw new UnsupportedMediaTypeError(`The charset ${charset} is not supported; send UTF-8.`);
  const coding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
  const decoder = DECODERS[coding];
  if (decoder === undefined)
    throw new UnsupportedMediaTypeError(`The content encoding ${coding} is not supported.`);
  if (Number(req.headers['content-length'] ?? 0) > maxBytes) throw tooLarge();

  let source: Readable = req;
  if (decoder) {
    const decoding = decoder();
    req.pipe(decoding);
    source = decoding as unknown as Readable;
  }
  const bytes = await collect(req, source, maxBytes, tooLarge);
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const first = text.trimStart()[0];
  if (first === undefined) return {};
  if (first !== '{' && first !== '[') throw malformed();
  try {
    return JSON.parse(text);
  } catch {
    throw malformed();
  }
}

/** The bytes of `source` (the request or its decoder); stops reading the request on failure. */
function collect(
  req: Request,
  source: Readable,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const fail = (err: Error) => {
      if (settled) return;
      settled = true;
      req.unpipe();
      req.pause();
      if (source !== req) source.destroy();
      reject(err);
    };
    req.on('error', fail);
    // A decoder fails only on data that is not what the content encoding says.
    if (source !== req) source.on('error', () => fail(malformed()));
    source.on('data', (chunk: Buffer) => {
      if (settled) return;
      size += chunk.length;
      if (size > maxBytes) fail(tooLarge());
      else chunks.push(chunk);
    });
    source.on('end', () => {
      if (settled) return;
      settled = true;
      resolve(Buffer.concat(chunks, size));
    });
  });
}
