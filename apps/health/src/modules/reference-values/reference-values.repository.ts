import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { FindOptionsWhere, LessThanOrEqual, MoreThanOrEqual, Not, Repository, And } from 'typeorm';
import { ReferenceValue } from './reference-value.entity';

export type ReferenceValueValues = Omit<
  ReferenceValue,
  'id' | 'userId' | 'createdAt' | 'updatedAt'
>;

/** The only place with queries on `reference_values`. */
@Injectable()
export class ReferenceValuesRepository {
  constructor(
    @InjectRepository(ReferenceValue) private readonly rows: Repository<ReferenceValue>,
  ) {}

  list(
    userId: string,
    filter: { typeKey?: string; from?: string; to?: string },
    page: { limit: number; offset: number },
  ): Promise<[ReferenceValue[], number]> {
    const where: FindOptionsWhere<ReferenceValue> = { userId };
    if (filter.typeKey) where.typeKey = filter.typeKey;
    if (filter.from && filter.to)
      where.measuredOn = And(MoreThanOrEqual(filter.from), LessThanOrEqual(filter.to));
    else if (filter.from) where.measuredOn = MoreThanOrEqual(filter.from);
    else if (filter.to) where.measuredOn = LessThanOrEqual(filter.to);
    return this.rows.findAndCount({
      where,
      order: { measuredOn: 'DESC', typeKey: 'ASC' },
      take: page.limit,
      skip: page.offset,
    });
  }

  findOwned(userId: string, id: string): Promise<ReferenceValue | null> {
    return this.rows.findOneBy({ id, userId });
  }

  existsOnDay(
    userId: string,
    typeKey: string,
    measuredOn: string,
    exceptId?: string,
  ): Promise<boolean> {
    return this.rows.exists({
      where: { userId, typeKey, measuredOn, ...(exceptId ? { id: Not(exceptId) } : {}) },
    });
  }

  async insert(userId: string, values: ReferenceValueValues): Promise<ReferenceValue> {
    const saved = await this.rows.save(this.rows.create({ ...values, userId }));
    return this.rows.findOneByOrFail({ id: saved.id });
  }

  async update(
    entry: ReferenceValue,
    values: Partial<ReferenceValueValues>,
  ): Promise<ReferenceValue> {
    await this.rows.update({ id: entry.id, userId: entry.userId }, values);
    return this.rows.findOneByOrFail({ id: entry.id });
  }

  async delete(entry: ReferenceValue): Promise<void> {
    await this.rows.delete({ id: entry.id, userId: entry.userId });
  }
}
