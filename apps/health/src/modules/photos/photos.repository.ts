import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
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

  async insert(userId: string, values: PhotoValues): Promise<Photo> {
    await this.rows.insert({ ...values, userId });
    return this.rows.findOneByOrFail({ id: values.id });
  }

  async delete(photo: Photo): Promise<void> {
    await this.rows.delete({ id: photo.id, userId: photo.userId });
  }
}
