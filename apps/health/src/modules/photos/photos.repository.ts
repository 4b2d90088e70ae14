import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { isoTimestamp, pagedRows, PagedRows } from '@sports/common';
import { EntityManager, In, Repository } from 'typeorm';
import { ownRow } from '../../tracking/tracking-rows';
import { Photo, PhotoMimeType, PhotoPose } from './photo.entity';

/** A photo's metadata as read for a response: snake_case, numbers as numbers, ISO timestamp. */
export interface PhotoRow {
  id: string;
  taken_on: string;
  pose: PhotoPose | null;
  mime_type: PhotoMimeType;
  byte_size: number;
  sha256: string;
  created_at: string;
}

/** `byte_size` is a `bigint` far below 2^53: `float8` answers it as an exact number. */
const ROW_COLUMNS = `id, taken_on::text AS taken_on, pose, mime_type,
  byte_size::float8 AS byte_size, sha256, ${isoTimestamp('created_at')} AS created_at`;

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

  async delete(m: EntityManager, photo: Photo): Promise<void> {
    await m.getRepository(Photo).delete({ id: photo.id, userId: photo.userId });
  }

  /** The paths among `paths` that a photo is stored under (the storage sweep's row check). */
  /** Every stored file of a user's photos, locked until the transaction ends. */
  async storagePathsOf(m: EntityManager, userId: string): Promise<string[]> {
    const rows = (await m.query('SELECT storage_path FROM photos WHERE user_id = $1 FOR UPDATE', [
      userId,
    ])) as { storage_path: string }[];
    return rows.map((r) => r.storage_path);
  }

  async referencedStoragePaths(m: EntityManager, paths: string[]): Promise<Set<string>> {
    const rows = await m
      .getRepository(Photo)
      .find({ select: { storagePath: true }, where: { storagePath: In(paths) } });
    return new Set(rows.map((r) => r.storagePath));
  }
}
