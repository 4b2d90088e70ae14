import { Injectable, Logger } from '@nestjs/common';
import { DomainError, NotFoundError, ValidationFailedError } from '@sports/common';
import { randomUUID } from 'node:crypto';
import type { ReadStream } from 'node:fs';
import { isTooFarAhead, utcDate } from '../../tracking/calendar-date';
import type {
  ListPhotosQuery,
  PhotoListResponse,
  PhotoResponse,
  UploadPhotoRequest,
} from './dto/photo.dto';
import { Photo, PhotoMimeType } from './photo.entity';
import { SNIFF_BYTES, sniffImage } from './photo-sniffer';
import { PhotoStorage } from './photo-storage';
import { PhotosRepository } from './photos.repository';

/** The part of multer's file record the service uses. */
export interface UploadedTempFile {
  path: string;
  size: number;
}

export class UnsupportedMediaTypeError extends DomainError {
  constructor(detail: string) {
    super(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported media type', detail, {
      hint: 'Upload a JPEG, PNG, WebP or HEIC image.',
    });
  }
}

@Injectable()
export class PhotosService {
  private readonly logger = new Logger(PhotosService.name);

  constructor(
    private readonly photos: PhotosRepository,
    private readonly storage: PhotoStorage,
  ) {}

  async list(userId: string, query: ListPhotosQuery): Promise<PhotoListResponse> {
    const limit = query.limit ?? 50;
    const offset = query.offset ?? 0;
    const [rows, total] = await this.photos.list(userId, { limit, offset });
    return { items: rows.map(toPhotoResponse), total, limit, offset };
  }

  async get(userId: string, id: string): Promise<PhotoResponse> {
    return toPhotoResponse(await this.findOwnedOrFail(userId, id));
  }

  /** The type comes from the content's magic bytes; the client's name and type are ignored. */
  async upload(
    userId: string,
    file: UploadedTempFile | undefined,
    input: UploadPhotoRequest,
  ): Promise<PhotoResponse> {
    if (!file) {
      throw new ValidationFailedError('A photo file is required.', [
        { path: 'file', message: 'send the image as multipart field "file"' },
      ]);
    }
    const takenOn = input.taken_on ?? utcDate();
    if (isTooFarAhead(takenOn)) {
      await this.storage.remove(file.path);
      throw new ValidationFailedError('The date is in the future.', [
        { path: 'taken_on', message: 'taken_on must not be later than tomorrow' },
      ]);
    }
    const sniffed =
      file.size > 0 ? sniffImage(await this.storage.readHead(file.path, SNIFF_BYTES)) : null;
    if (!sniffed) {
      await this.storage.remove(file.path);
      throw new UnsupportedMediaTypeError('The file is not a JPEG, PNG, WebP or HEIC image.');
    }
    const sha256 = await this.storage.sha256(file.path);
    const id = randomUUID();
    const storagePath = await this.storage.adopt(file.path, userId, id, sniffed.extension);
    try {
      const photo = await this.photos.insert(userId, {
        id,
        takenOn,
        pose: input.pose ?? null,
        mimeType: sniffed.mimeType,
        byteSize: file.size,
        sha256,
        storagePath,
      });
      return toPhotoResponse(photo);
    } catch (err) {
      await this.storage.remove(storagePath);
      throw err;
    }
  }

  async openFile(
    userId: string,
    id: string,
  ): Promise<{ stream: ReadStream; mimeType: PhotoMimeType; byteSize: number }> {
    const photo = await this.findOwnedOrFail(userId, id);
    const stream = await this.storage.open(photo.storagePath);
    if (!stream) {
      this.logger.warn({ photo_id: photo.id }, 'Photo file missing on disk');
      throw new NotFoundError('Photo file', id);
    }
    return { stream, mimeType: photo.mimeType, byteSize: photo.byteSize };
  }

  /** The row goes first: a file left behind by a failed removal is harmless, a row without file is not. */
  async delete(userId: string, id: string): Promise<void> {
    const photo = await this.findOwnedOrFail(userId, id);
    await this.photos.delete(photo);
    await this.storage.remove(photo.storagePath);
  }

  /** Another user's photo answers 404 like a missing one. */
  private async findOwnedOrFail(userId: string, id: string): Promise<Photo> {
    const photo = await this.photos.findOwned(userId, id);
    if (!photo) throw new NotFoundError('Photo', id);
    return photo;
  }
}

export function toPhotoResponse(p: Photo): PhotoResponse {
  return {
    id: p.id,
    taken_on: p.takenOn,
    pose: p.pose,
    mime_type: p.mimeType,
    byte_size: p.byteSize,
    sha256: p.sha256,
    file_url: `/api/photos/${p.id}/file`,
    created_at: p.createdAt.toISOString(),
  };
}
