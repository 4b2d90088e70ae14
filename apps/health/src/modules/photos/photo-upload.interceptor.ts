import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { UPLOAD_RECEIVER, type UploadReceiver } from '@sports/common';
import { catchError, from, mergeMap, Observable, throwError } from 'rxjs';
import { PhotoStorage, type ReceivedPhoto } from './photo-storage';

/**
 * Runs before multer: gives the upload engine the photo storage as receiver (so the file is
 * streamed to a staging file, counted, hashed and sniffed). When the request fails after the
 * upload (a refused body never reaches the service), the staging file is removed before the
 * error is answered.
 */
@Injectable()
export class PhotoUploadInterceptor implements NestInterceptor {
  constructor(private readonly storage: PhotoStorage) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const req = context.switchToHttp().getRequest<Record<string, unknown>>();
    const receiver: UploadReceiver<ReceivedPhoto> = {
      receive: (stream) => this.storage.receive(stream),
      discard: (file) => this.storage.discard(file),
    };
    req[UPLOAD_RECEIVER] = receiver;
    return next
      .handle()
      .pipe(
        catchError((err: unknown) =>
          from(
            this.storage.discard(req.file as ReceivedPhoto | undefined).catch(() => undefined),
          ).pipe(mergeMap(() => throwError(() => err))),
        ),
      );
  }
}
