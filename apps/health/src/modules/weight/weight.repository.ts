import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { WeightEntry } from './weight-entry.entity';

export interface DateRange {
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

/** The only place with queries on `weight_entries`. */
@Injectable()
export class WeightRepository {
  constructor(@InjectRepository(WeightEntry) private readonly entries: Repository<WeightEntry>) {}

  findOwn(userId: string, id: string): Promise<WeightEntry | null> {
    return this.entries.findOneBy({ id, userId });
  }

  findOnDay(userId: string, date: string): Promise<WeightEntry | null> {
    return this.entries.findOneBy({ userId, date });
  }

  list(userId: string, range: DateRange): Promise<[WeightEntry[], number]> {
    const qb = this.entries.createQueryBuilder('w').where('w.user_id = :userId', { userId });
    if (range.from) qb.andWhere('w.date >= :from', { from: range.from });
    if (range.to) qb.andWhere('w.date <= :to', { to: range.to });
    return qb.orderBy('w.date', 'DESC').take(range.limit).skip(range.offset).getManyAndCount();
  }

  async insert(values: Omit<WeightEntry, 'id' | 'createdAt' | 'updatedAt'>): Promise<WeightEntry> {
    const saved = await this.entries.save(this.entries.create(values));
    return this.entries.findOneByOrFail({ id: saved.id });
  }

  async save(entry: WeightEntry): Promise<WeightEntry> {
    await this.entries.save(entry);
    return this.entries.findOneByOrFail({ id: entry.id });
  }

  async delete(entry: WeightEntry): Promise<void> {
    await this.entries.delete({ id: entry.id, userId: entry.userId });
  }
}
