import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  IfMatch,
  isoTimestamp,
  lockIfMatch,
  NotFoundError,
  pagedRows,
  PagedRows,
  RenditionTable,
  rowVersionColumn,
  type RenditionsStatus,
  type VersionedRow,
  type StoredRendition,
} from '@sports/common';
import { EntityManager, In, Repository } from 'typeorm';
import { ownRow } from '../../tracking/tracking-rows';
import { Photo, PhotoMimeType, PhotoPose } from './photo.entity';

/** A photo's metadata as read for a response: snake_case, numbers as numbers, ISO timestamp. */
export interface PhotoRow extends VersionedRow {
  id: string;
  taken_on: string;
  pose: PhotoPose | null;
  mime_type: PhotoMimeType;
  byte_size: number;
  sha256: string;
  created_at: string;
  renditions_status: RenditionsStatus;
  /** Not answered: what the signed URLs are bound to. */
  storage_path: string;
}

/** `byte_size` is a `bigint` far below 2^53: `float8` answers it as an exact number. */
const ROW_COLUMNS = `id, taken_on::text AS taken_on, pose, mime_type,
  byte_size::float8 AS byte_size, sha256, ${isoTimestamp('created_at')} AS created_at,
  renditions_status, storage_path, ${rowVersionColumn()}`;

const RENDITIONS = new RenditionTable({
  table: 'photo_renditions',
  idColumn: 'photo_id',
  parent: 'photos',
});

export type PhotoValues = Omit<Photo, 'userId' | 'createdAt'>;

/** The only place with queries on `photos`. */
@Injectable()
export class PhotosRepository {
  constructor(@InjectRepository(Photo) private readonly rows: Repository<Photo>) {}

  /** Newest day first, then newest upload (id breaks ties), with the total. */
  list(userId: string, page: { limit: number; offset: number }): Promise<PagedRows<PhotoRow>> {
    return pagedRows<PhotoRow>(
      this.rows.manager,
      {
        select: ROW_COLUMNS,
        from: 'FROM photos WHERE user_id = $1',
        orderBy: 'taken_on DESC, created_at DESC, id DESC',
        params: [userId],
      },
      page,
    );
  }

  /** The read path: a typed row in one statement, no entity hydration. */
  findOwnedRow(userId: string, id: string): Promise<PhotoRow | null> {
    return ownRow<PhotoRow>(this.rows.manager, ROW_COLUMNS, 'photos', userId, id);
  }

  findOwned(userId: string, id: string): Promise<Photo | null> {
    return this.rows.findOneBy({ id, userId });
  }

  async insert(m: EntityManager, userId: string, values: PhotoValues): Promise<Photo> {
    const rows = m.getRepository(Photo);
    await rows.insert({ ...values, userId });
    return rows.findOneByOrFail({ id: values.id });
  }

  /**
   * Inside the writing transaction `m`, before its writes: locks the photo's row and checks
   * that `ifMatch` names its version (412 otherwise, 404 when it is gone), so that the check
   * holds until the transaction ends.
   */
  async lockIfMatch(m: EntityManager, photo: Photo, ifMatch: IfMatch): Promise<void> {
    await lockIfMatch(
      m,
      { table: 'photos', where: { id: photo.id, user_id: photo.userId } },
      ifMatch,
      () => new NotFoundError('Photo', photo.id),
    );
  }

  async delete(m: EntityManager, photo: Photo): Promise<void> {
    await m.getRepository(Photo).delete({ id: photo.id, userId: photo.userId });
  }

  /** Every stored file of a user's photos and their renditions, locked until the transaction ends. */
  async storagePathsOf(m: EntityManager, userId: string): Promise<string[]> {
    const rows = (await m.query(
      `SELECT p.storage_path FROM photos p WHERE p.user_id = $1 FOR UPDATE`,
      [userId],
    )) as { storage_path: string }[];
    const renditions = (await m.query(
      `SELECT r.storage_key FROM photo_renditions r JOIN photos p ON p.id = r.photo_id
       WHERE p.user_id = $1`,
      [userId],
    )) as { storage_key: string }[];
    return [...rows.map((r) => r.storage_path), ...renditions.map((r) => r.storage_key)];
  }

  /** The keys of a photo's renditions (read before the photo's row is deleted). */
  renditionKeysOf(m: EntityManager, photoId: string): Promise<string[]> {
    return RENDITIONS.keysOf(m, photoId);
  }

  /** The stored renditions of each photo. */
  renditionsOf(ids: string[]): Promise<Map<string, StoredRendition[]>> {
    return RENDITIONS.of(this.rows.manager, ids);
  }

  /** The photo's owner and stored file, for the signed file route (any user's photo). */
  async fileOf(id: string): Promise<{
    user_id: string;
    storage_path: string;
    mime_type: PhotoMimeType;
    byte_size: number;
    sha256: string;
  } | null> {
    const rows = await this.rows.manager.query(
      `SELECT user_id, storage_path, mime_type, byte_size::float8 AS byte_size, sha256
       FROM photos WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  /** Replaces the photo's renditions and sets its status; false when the photo is gone. */
  saveRenditions(
    m: EntityManager,
    id: string,
    renditions: StoredRendition[],
    status: RenditionsStatus,
  ): Promise<boolean> {
    return RENDITIONS.save(m, id, renditions, status);
  }

  /** The keys among `keys` that a rendition is stored under (the storage sweep's row check). */
  referencedRenditionKeys(m: EntityManager, keys: string[]): Promise<Set<string>> {
    return RENDITIONS.referenced(m, keys);
  }

  /** The paths among `paths` that a photo is stored under (the storage sweep's row check). */
  async referencedStoragePaths(m: EntityManager, paths: string[]): Promise<Set<string>> {
    const rows = await m
      .getRepository(Photo)
      .find({ select: { storagePath: true }, where: { storagePath: In(paths) } });
    return new Set(rows.map((r) => r.storagePath));
  }
}
