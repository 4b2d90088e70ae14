import { Injectable, NestMiddleware } from '@nestjs/common';
import { PayloadTooLargeError, ValidationFailedError } from '@sports/common';
import type { NextFunction, Request, Response } from 'express';

/** Media type for export documents larger than the service-wide JSON limit (BODY_LIMIT). */
export const EXPORT_MEDIA_TYPE = 'application/vnd.health.export+json';
/** Largest document accepted with that media type (5 years of daily data is a few MB). */
export const IMPORT_MAX_BYTES = 64 * 1024 * 1024;

/**
 * The app-wide JSON parser (BODY_LIMIT, 1mb by default) runs before any module middleware and
 * only handles `application/json`. A document sent as `application/vnd.health.export+json` is
 * left alone by it and parsed here, on POST /api/import only, up to IMPORT_MAX_BYTES.
 */
@Injectable()
export class ImportBodyMiddleware implements NestMiddleware {
  use(req: Request, _res: Response, next: NextFunction): void {
    const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (type !== EXPORT_MEDIA_TYPE) return next();
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > IMPORT_MAX_BYTES) return next(tooLarge());
    const chunks: Buffer[] = [];
    let size = 0;
    let failed = false;
    req.on('data', (chunk: Buffer) => {
      if (failed) return;
      size += chunk.length;
      if (size > IMPORT_MAX_BYTES) {
        failed = true;
        req.resume();
        next(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('error', (err) => {
      if (!failed) {
        failed = true;
        next(err);
      }
    });
    req.on('end', () => {
      if (failed) return;
      try {
        req.body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        next();
      } catch {
        next(
          new ValidationFailedError('The body is not valid JSON.', [
            { path: '', message: 'the body must be a JSON document' },
          ]),
        );
      }
    });
  }
}

function tooLarge(): PayloadTooLargeError {
  return new PayloadTooLargeError(`An import document may have at most ${IMPORT_MAX_BYTES} bytes.`);
}
