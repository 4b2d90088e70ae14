import type { Request } from 'express';
import { PassThrough, type Readable } from 'node:stream';

/** Request property holding the receiver of the current upload (set before multer runs). */
export const UPLOAD_RECEIVER = 'uploadReceiver';

/** What an upload route gives the engine: where the stream goes and how a file is dropped. */
export interface UploadReceiver<T extends { stagingPath: string } = { stagingPath: string }> {
  receive(stream: Readable): Promise<T>;
  discard(file: T): Promise<void>;
}

/**
 * Emitted on the request when an upload's receiver refuses the file (too large, wrong type):
 * the body reader answers the refusal at once, while multer would first read the rest of the
 * body. The answer closes the connection, so the rest is never read.
 */
export const UPLOAD_REFUSED = 'upload-refused';

/** Signals the refusal of the request's upload (see UPLOAD_REFUSED). */
export function refuseUpload(req: Request, err: Error): void {
  req.emit(UPLOAD_REFUSED, err);
}

type Callback<T> = (error: Error | null, info?: T) => void;

interface MulterFile {
  stream: Readable;
  stagingPath?: string;
}

const receiverOf = (req: Request): UploadReceiver | undefined =>
  (req as unknown as Record<string, UploadReceiver | undefined>)[UPLOAD_RECEIVER];

/**
 * A multer StorageEngine that hands the file stream to the receiver of the request (which
 * streams it to a staging file while hashing it). Multer merges the receiver's answer
 * (`stagingPath`, `size`, `sha256`, ...) into `req.file`.
 */
export const stagingUploadEngine = {
  _handleFile(req: Request, file: MulterFile, cb: Callback<{ stagingPath: string }>): void {
    const receiver = receiverOf(req);
    if (!receiver) {
      cb(new Error('upload without a receiver'));
      return;
    }
    // The receiver reads a stream of its own: when it fails (413, 415, disk), its pipeline
    // destroys that stream, not multer's, so multer answers only once the receiver has cleaned
    // up and called back (destroying multer's stream made multer answer at once, before the
    // staging file was removed).
    const input = new PassThrough();
    file.stream.on('error', (err) => input.destroy(err));
    file.stream.pipe(input);
    receiver.receive(input).then(
      (received) => cb(null, received),
      (err: Error) => {
        file.stream.unpipe(input);
        file.stream.resume();
        refuseUpload(req, err);
        cb(err);
      },
    );
  },
  _removeFile(req: Request, file: MulterFile, cb: Callback<void>): void {
    const receiver = receiverOf(req);
    if (!receiver || !file.stagingPath) {
      cb(null);
      return;
    }
    receiver.discard(file as { stagingPath: string }).then(
      () => cb(null),
      (err: Error) => cb(err),
    );
  },
};
