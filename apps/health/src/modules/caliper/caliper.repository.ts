import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { CaliperEntry } from './caliper-entry.entity';
import type { CaliperFormula } from './caliper-formulas';

export interface CaliperFilter {
  from?: string;
  to?: string;
  formula?: CaliperFormula;
  limit: number;
  offset: number;
}

export type NewCaliperEntry = Omit<CaliperEntry, 'id' | 'createdAt' | 'updatedAt'>;

/** The only place with queries on `caliper_entries`. */
@Injectable()
export class CaliperRepository {
  constructor(@InjectRepository(CaliperEntry) private readonly entries: Repository<CaliperEntry>) {}

  findOwn(userId: string, id: string): Promise<CaliperEntry | null> {
    return this.entries.findOneBy({ id, userId });
  }

  findOnDay(userId: string, date: string, formula: CaliperFormula): Promise<CaliperEntry | null> {
    return this.entries.findOneBy({ userId, date, formula });
  }

  list(userId: string, filter: CaliperFilter): Promise<[CaliperEntry[], number]> {
    const qb = this.entries.createQueryBuilder('c').where('c.user_id = :userId', { userId });
    if (filter.from) qb.andWhere('c.date >= :from', { from: filter.from });
    if (filter.to) qb.andWhere('c.date <= :to', { to: filter.to });
    if (filter.formula) qb.andWhere('c.formula = :formula', { formula: filter.formula });
    return qb
      .orderBy('c.date', 'DESC')
      .addOrderBy('c.formula', 'ASC')
      .take(filter.limit)
      .skip(filter.offset)
      .getManyAndCount();
  }

  async insert(values: NewCaliperEntry): Promise<CaliperEntry> {
    const saved = await this.entries.save(this.entries.create(values));
    return this.entries.findOneByOrFail({ id: saved.id });
  }

  async save(entry: CaliperEntry): Promise<CaliperEntry> {
    await this.entries.save(entry);
    return this.entries.findOneByOrFail({ id: entry.id });
  }

  async delete(entry: CaliperEntry): Promise<void> {
    await this.entries.delete({ id: entry.id, userId: entry.userId });
  }
}
