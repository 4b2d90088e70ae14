import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IfMatch, lockedWrite, NotFoundError, RowKey, updateChangedColumns } from '@sports/common';
import { Repository } from 'typeorm';
import { ReferenceValueType } from './reference-value-type.entity';

export type ReferenceValueTypeValues = Omit<
  ReferenceValueType,
  'createdAt' | 'updatedAt' | 'rowVersion'
>;

const rowKey = (key: string): RowKey => ({ table: 'reference_value_types', where: { key } });
const notFound = (key: string) => () => new NotFoundError('Reference value type', key);

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

  /**
   * With `ifMatch`, only the version it names is changed (locked and checked, 412 otherwise).
   * Values equal to the stored ones are no write: the type keeps its version.
   */
  update(
    key: string,
    values: Partial<Omit<ReferenceValueTypeValues, 'key'>>,
    ifMatch?: IfMatch,
  ): Promise<ReferenceValueType> {
    return lockedWrite(this.rows.manager, rowKey(key), ifMatch, notFound(key), async (m) => {
      const rows = m.getRepository(ReferenceValueType);
      await updateChangedColumns(rows, { key }, values, notFound(key));
      return rows.findOneByOrFail({ key });
    });
  }

  /** Whether any stored value refers to the type (the FK would refuse its deletion). */
  async isInUse(key: string): Promise<boolean> {
    const rows: { used: boolean }[] = await this.rows.query(
      'SELECT EXISTS (SELECT 1 FROM reference_values WHERE type_key = $1) AS used',
      [key],
    );
    return rows[0].used;
  }

  /** With `ifMatch`, only the version it names is deleted (locked and checked, 412 otherwise). */
  async delete(key: string, ifMatch?: IfMatch): Promise<void> {
    await lockedWrite(this.rows.manager, rowKey(key), ifMatch, notFound(key), (m) =>
      m.getRepository(ReferenceValueType).delete({ key }),
    );
  }
}
