import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { ReferenceValueType } from './reference-value-type.entity';

export type ReferenceValueTypeValues = Omit<ReferenceValueType, 'createdAt' | 'updatedAt'>;

/** The only place with queries on `reference_value_types`. */
@Injectable()
export class ReferenceValueTypesRepository {
  constructor(
    @InjectRepository(ReferenceValueType) private readonly rows: Repository<ReferenceValueType>,
  ) {}

  list(options: { activeOnly: boolean }): Promise<ReferenceValueType[]> {
    return this.rows.find({
      where: options.activeOnly ? { isActive: true } : {},
      order: { key: 'ASC' },
    });
  }

  findByKey(key: string): Promise<ReferenceValueType | null> {
    return this.rows.findOneBy({ key });
  }

  async insert(values: ReferenceValueTypeValues): Promise<ReferenceValueType> {
    await this.rows.insert(values);
    return this.rows.findOneByOrFail({ key: values.key });
  }

  async update(
    key: string,
    values: Partial<Omit<ReferenceValueTypeValues, 'key'>>,
  ): Promise<ReferenceValueType> {
    await this.rows.update({ key }, values);
    return this.rows.findOneByOrFail({ key });
  }

  /** Whether any stored value refers to the type (the FK would refuse its deletion). */
  async isInUse(key: string): Promise<boolean> {
    const rows: { used: boolean }[] = await this.rows.query(
      'SELECT EXISTS (SELECT 1 FROM reference_values WHERE type_key = $1) AS used',
      [key],
    );
    return rows[0].used;
  }

  async delete(key: string): Promise<void> {
    await this.rows.delete({ key });
  }
}
