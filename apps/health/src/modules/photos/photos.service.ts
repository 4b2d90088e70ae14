import { Injectable, Logger } from '@nestjs/common';
import { IfMatch, NotFoundError, ValidationFailedError, withEntityTag } from '@sports/common';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { EntityManager } from 'typeorm';
import { isTooFarAhead, utcDate } from '../../tracking/calendar-date';
import type {
  ListPhotosQuery,
  PhotoListResponse,
  PhotoResponse,
  UploadPhotoRequest,
} from './dto/photo.dto';
import { Photo, PhotoMimeType } from './photo.entity';
import { PhotoFiles, type PhotoFileUrls } from './photo-files.service';
import { PhotoStorage, type ReceivedPhoto } from './photo-storage';
import { PhotoRow, PhotosRepository } from './photos.repository';

@Injectable()
export class PhotosService {
  private readonly logger = new Logger(PhotosService.name);

  constructor(
    private readonly photos: PhotosRepository,
    private readonly storage: PhotoStorage,
    private readonly files: PhotoFiles,
  ) {}

  async list(userId: string, query: ListPhotosQuery): Promise<PhotoListResponse> {
    const { limit, offset } = query;
    const { rows, total } = await this.photos.list(userId, { limit, offset });
    const urls = await this.files.urlsOf(userId, rows);
    return { items: rows.map((r) => photoRowResponse(r, urls.get(r.id)!)), total, limit, offset };
  }

  async get(userId: string, id: string): Promise<PhotoResponse> {
    const row = await this.photos.findOwnedRow(userId, id);
    if (!row) throw new NotFoundError('Photo', id);
    const urls = (await this.files.urlsOf(userId, [row])).get(id)!;
    return withEntityTag(photoRowResponse(row, urls), row.row_version);
  }

  /**
   * The type comes from the content's magic bytes (sniffed while the upload streams in); the
   * client's name and type are ignored. The file is stored without its EXIF/XMP metadata, and
   * `byte_size` and `sha256` are those of the stored file. Its rendition job is queued in the
   * transaction of its row; the 201 does not wait for it.
   */
  async upload(
    userId: string,
    file: ReceivedPhoto | undefined,
    input: UploadPhotoRequest,
  ): Promise<PhotoResponse> {
    if (!file) {
      throw new ValidationFailedError('A photo file is required.', [
        { path: 'file', message: 'send the image as multipart field "file"' },
      ]);
    }
    let stored: ReceivedPhoto | undefined;
    try {
      const takenOn = input.taken_on ?? utcDate();
      if (isTooFarAhead(takenOn)) {
        throw new ValidationFailedError('The date is in the future.', [
          { path: 'taken_on', message: 'taken_on must not be later than tomorrow' },
        ]);
      }
      stored = await this.storage.withoutMetadata(file);
      const id = randomUUID();
      const key = `${userId}/${id}.${stored.sniffed.extension}`;
      const placed = stored;
      const photo = await this.storage.transaction(async (m, files) => {
        await files.place(placed.stagingPath, key, placed.sniffed.mimeType);
        const inserted = await this.photos.insert(m, userId, {
          id,
          takenOn,
          pose: input.pose ?? null,
          mimeType: placed.sniffed.mimeType,
          byteSize: placed.size,
          sha256: placed.sha256,
          storagePath: key,
          renditionsStatus: 'pending',
        });
        // The renditions are made by a job that becomes visible with this commit.
        await this.files.enqueueRenditions(m, id);
        return inserted;
      });
      return this.get(userId, photo.id);
    } finally {
      await this.storage.discard(file);
      await this.storage.discard(stored);
    }
  }

  async openFile(
    userId: string,
    id: string,
  ): Promise<{ stream: Readable; mimeType: PhotoMimeType; byteSize: number }> {
    const photo = await this.findOwnedOrFail(userId, id);
    const stream = await this.storage.open(photo.storagePath);
    if (!stream) {
      this.logger.warn({ photo_id: photo.id }, 'Photo file missing in the storage');
      throw new NotFoundError('Photo file', id);
    }
    return { stream, mimeType: photo.mimeType, byteSize: photo.byteSize };
  }

  /**
   * With `ifMatch`, only the version it names is deleted (412 otherwise). The file is removed
   * after the row's deletion has committed: a file left behind by a failed
   * removal is harmless (the storage sweep takes it), a row without its file is not.
   */
  async delete(userId: string, id: string, ifMatch?: IfMatch): Promise<void> {
    const photo = await this.findOwnedOrFail(userId, id);
    await this.storage.transaction(async (m, files) => {
      if (ifMatch) await this.photos.lockIfMatch(m, photo, ifMatch);
      for (const key of await this.photos.renditionKeysOf(m, photo.id))
        files.deleteAfterCommit(key);
      await this.photos.delete(m, photo);
      files.deleteAfterCommit(photo.storagePath);
    });
  }

  /**
   * Runs `work` (which deletes the account, its photo rows going with it) in one transaction
   * with the removal of every photo file of the user, done once it has committed.
   */
  async withAllFilesOf<T>(userId: string, work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.storage.transaction(async (m, files) => {
      const paths = await this.photos.storagePathsOf(m, userId);
      const result = await work(m);
      for (const path of paths) files.deleteAfterCommit(path);
      return result;
    });
  }

  /** Another user's photo answers 404 like a missing one. */
  private async findOwnedOrFail(userId: string, id: string): Promise<Photo> {
    const photo = await this.photos.findOwned(userId, id);
    if (!photo) throw new NotFoundError('Photo', id);
    return photo;
  }
}

/** The response of a row read for it (the list and detail read path) with its signed URLs. */
export function photoRowResponse(r: PhotoRow, files: PhotoFileUrls): PhotoResponse {
  return {
    id: r.id,
    taken_on: r.taken_on,
    pose: r.pose,
    mime_type: r.mime_type,
    byte_size: r.byte_size,
    sha256: r.sha256,
    file_url: `/api/photos/${r.id}/file`,
    created_at: r.created_at,
    url: files.url,
    renditions: files.renditions,
    renditions_status: files.renditions_status,
  };
}
