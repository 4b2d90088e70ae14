import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { PayloadTooLargeError, refuseUpload } from '@sports/common';
import type { Request } from 'express';
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, unlink } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { finalize, Observable } from 'rxjs';
import type { StorageEngine } from 'multer';

export const UPLOAD_DIR = join(tmpdir(), 'health-csv-uploads');

type UploadRequest = Request & { file?: Express.Multer.File };

/**
 * Multer storage that streams the upload to a temporary file and stops as soon as it grows
 * beyond the current `max_file_bytes` (read per upload, so an admin's change applies at once).
 */
export class CsvUploadStorage implements StorageEngine {
  constructor(private readonly maxBytes: () => Promise<number>) {}

  _handleFile(
    req: Request,
    file: Express.Multer.File,
    cb: (error?: unknown, info?: Partial<Express.Multer.File>) => void,
  ): void {
    this.maxBytes().then((limit) => {
      mkdirSync(UPLOAD_DIR, { recursive: true });
      const path = join(UPLOAD_DIR, `${randomUUID()}.csv`);
      const out = createWriteStream(path);
      let size = 0;
      let refused = false;
      file.stream.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit && !refused) {
          refused = true;
          file.stream.unpipe(out);
          out.destroy();
          file.stream.resume();
          const detail = `The file is larger than the import limit max_file_bytes = ${limit} bytes.`;
          const err = new PayloadTooLargeError(detail, {
            extensions: { limit: 'max_file_bytes', max_file_bytes: limit },
          });
          unlink(path, () => {
            refuseUpload(req, err);
            cb(err);
          });
        }
      });
      out.on('error', (e) => {
        if (!refused) cb(e);
      });
      out.on('finish', () => {
        if (!refused) cb(null, { path, size, destination: UPLOAD_DIR, filename: path });
      });
      file.stream.pipe(out);
    }, cb);
  }

  _removeFile(_req: Request, file: Express.Multer.File, cb: (error: Error | null) => void): void {
    if (file.path) unlink(file.path, () => cb(null));
    else cb(null);
  }
}

/** Deletes the temporary upload once the request has been answered, whatever happened. */
@Injectable()
export class CsvUploadCleanupInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<UploadRequest>();
    return next.handle().pipe(
      finalize(() => {
        if (req.file?.path) unlink(req.file.path, () => undefined);
      }),
    );
  }
}
