import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { MoreThanOrEqual, Repository } from 'typeorm';
import { ActivityEntry } from './activity.entity';

export type ActivityValues = Omit<ActivityEntry, 'id' | 'userId' | 'createdAt' | 'updatedAt'>;

/** The only place with queries on `activity_entries`. */
@Injectable()
export class ActivityRepository {
  constructor(@InjectRepository(ActivityEntry) private readonly rows: Repository<ActivityEntry>) {}

  /** Newest first; entries started at or after `since`. */
  listSince(
    userId: string,
    since: Date,
    page: { limit: number; offset: number },
  ): Promise<[ActivityEntry[], number]> {
    return this.rows.findAndCount({
      where: { userId, startedAt: MoreThanOrEqual(since) },
      order: { startedAt: 'DESC', id: 'DESC' },
      take: page.limit,
      skip: page.offset,
    });
  }

  findOwned(userId: string, id: string): Promise<ActivityEntry | null> {
    return this.rows.findOneBy({ id, userId });
  }

  async insert(userId: string, values: ActivityValues): Promise<ActivityEntry> {
    const saved = await this.rows.save(this.rows.create({ ...values, userId }));
    return this.rows.findOneByOrFail({ id: saved.id });
  }

  async update(entry: ActivityEntry, values: Partial<ActivityValues>): Promise<ActivityEntry> {
    await this.rows.update({ id: entry.id, userId: entry.userId }, values);
    return this.rows.findOneByOrFail({ id: entry.id });
  }

  async delete(entry: ActivityEntry): Promise<void> {
    await this.rows.delete({ id: entry.id, userId: entry.userId });
  }
}
