import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import fs from 'node:fs/promises';
import { catchError, from, mergeMap, Observable, throwError } from 'rxjs';

/**
 * Removes multer's temporary file before an error is answered: the validation pipe runs
 * after the upload, so a refused body would otherwise leave the file behind. Accepted
 * photos are moved away by the service.
 */
@Injectable()
export class UploadCleanupInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<{ file?: { path?: string } }>();
    return next.handle().pipe(
      catchError((err: unknown) => {
        const temp = req.file?.path;
        if (!temp) return throwError(() => err);
        return from(fs.rm(temp, { force: true }).catch(() => undefined)).pipe(
          mergeMap(() => throwError(() => err)),
        );
      }),
    );
  }
}
