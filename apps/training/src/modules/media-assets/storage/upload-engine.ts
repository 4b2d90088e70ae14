import type { Request } from 'express';
import { PassThrough, type Readable } from 'node:stream';
import type { ReceivedFile } from './media-storage.service';

/** Request property holding the receiver of the current upload (set before multer runs). */
export const MEDIA_UPLOAD_RECEIVER = 'mediaUploadReceiver';

export interface UploadReceiver {
  receive(stream: Readable): Promise<ReceivedFile>;
  discard(file: ReceivedFile): Promise<void>;
}

type Callback<T> = (error: Error | null, info?: T) => void;

interface MulterFile {
  stream: Readable;
  path?: string;
  stagingPath?: string;
}

/**
 * A multer StorageEngine that hands the file stream to the receiver of the request (which
 * streams it to a staging file in the media storage while hashing it). Multer merges the
 * answer (`stagingPath`, `size`, `sha256`, `sniffed`) into `req.file`.
 */
export const mediaUploadEngine = {
  _handleFile(req: Request, file: MulterFile, cb: Callback<Partial<ReceivedFile>>): void {
    const receiver = (req as unknown as Record<string, UploadReceiver | undefined>)[
      MEDIA_UPLOAD_RECEIVER
    ];
    if (!receiver) {
      cb(new Error('media upload without a receiver'));
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
        cb(err);
      },
    );
  },
  _removeFile(req: Request, file: MulterFile & Partial<ReceivedFile>, cb: Callback<void>): void {
    const receiver = (req as unknown as Record<string, UploadReceiver | undefined>)[
      MEDIA_UPLOAD_RECEIVER
    ];
    if (!receiver || !file.stagingPath) {
      cb(null);
      return;
    }
    receiver.discard(file as ReceivedFile).then(
      () => cb(null),
      (err: Error) => cb(err),
    );
  },
};
