import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, In, Repository } from 'typeorm';
import { Photo } from './photo.entity';

export type PhotoValues = Omit<Photo, 'userId' | 'createdAt'>;

/** The only place with queries on `photos`. */
@Injectable()
export class PhotosRepository {
  constructor(@InjectRepository(Photo) private readonly rows: Repository<Photo>) {}

  list(userId: string, page: { limit: number; offset: number }): Promise<[Photo[], number]> {
    return this.rows.findAndCount({
      where: { userId },
      order: { takenOn: 'DESC', createdAt: 'DESC' },
      take: page.limit,
      skip: page.offset,
    });
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
