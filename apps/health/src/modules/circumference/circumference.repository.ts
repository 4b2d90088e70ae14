import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { CircumferenceEntry, CircumferenceSite } from './circumference-entry.entity';

export interface CircumferenceFilter {
  from?: string;
  to?: string;
  site?: CircumferenceSite;
  limit: number;
  offset: number;
}

/** The only place with queries on `circumference_entries`. */
@Injectable()
export class CircumferenceRepository {
  constructor(
    @InjectRepository(CircumferenceEntry) private readonly entries: Repository<CircumferenceEntry>,
  ) {}

  findOwn(userId: string, id: string): Promise<CircumferenceEntry | null> {
    return this.entries.findOneBy({ id, userId });
  }

  findOnDay(
    userId: string,
    date: string,
    site: CircumferenceSite,
  ): Promise<CircumferenceEntry | null> {
    return this.entries.findOneBy({ userId, date, site });
  }

  list(userId: string, filter: CircumferenceFilter): Promise<[CircumferenceEntry[], number]> {
    const qb = this.entries.createQueryBuilder('c').where('c.user_id = :userId', { userId });
    if (filter.from) qb.andWhere('c.date >= :from', { from: filter.from });
    if (filter.to) qb.andWhere('c.date <= :to', { to: filter.to });
    if (filter.site) qb.andWhere('c.site = :site', { site: filter.site });
    return qb
      .orderBy('c.date', 'DESC')
      .addOrderBy('c.site', 'ASC')
      .take(filter.limit)
      .skip(filter.offset)
      .getManyAndCount();
  }

  async insert(
    values: Omit<CircumferenceEntry, 'id' | 'createdAt' | 'updatedAt'>,
  ): Promise<CircumferenceEntry> {
    const saved = await this.entries.save(this.entries.create(values));
    return this.entries.findOneByOrFail({ id: saved.id });
  }

  async save(entry: CircumferenceEntry): Promise<CircumferenceEntry> {
    await this.entries.save(entry);
    return this.entries.findOneByOrFail({ id: entry.id });
  }

  async delete(entry: CircumferenceEntry): Promise<void> {
    await this.entries.delete({ id: entry.id, userId: entry.userId });
  }
}
