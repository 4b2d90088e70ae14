import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { isoTimestamp, pagedRows, PagedRows, PreparedReads } from '@sports/common';
import { Not, Repository } from 'typeorm';
import {
  ownedRowsFilter,
  ownTrackedRow,
  TRACKED_TIMESTAMPS,
  TrackedRow,
} from '../../tracking/tracking-rows';
import { ReferenceValue } from './reference-value.entity';
import type { IfMatch } from '@sports/common';
import { deleteTracked, updateTracked } from '../../tracking/persistence';

/** A baseline value as read for a response: snake_case, numbers as numbers, ISO timestamps. */
export interface ReferenceValueRow extends TrackedRow {
  type_key: string;
  measured_on: string;
  measured_at: string | null;
  value: number;
  note: string | null;
}

/** `float8` keeps `numeric` values exactly as Number(text) would (shortest round trip). */
const ROW_COLUMNS = `id, type_key, measured_on::text AS measured_on,
  ${isoTimestamp('measured_at')} AS measured_at, value::float8 AS value, source, note,
  ${TRACKED_TIMESTAMPS}`;

export type ReferenceValueValues = Omit<
  ReferenceValue,
  'id' | 'userId' | 'createdAt' | 'updatedAt' | 'rowVersion'
>;

/** The only place with queries on `reference_values`. */
@Injectable()
export class ReferenceValuesRepository {
  constructor(
    @InjectRepository(ReferenceValue) private readonly rows: Repository<ReferenceValue>,
    private readonly reads: PreparedReads,
  ) {}

  /** Newest day first, types alphabetically (one per type and day), with the filter's total. */
  list(
    userId: string,
    filter: { typeKey?: string; from?: string; to?: string },
    page: { limit: number; offset: number },
  ): Promise<PagedRows<ReferenceValueRow>> {
    const { where, params } = ownedRowsFilter(userId, 'measured_on', filter, {
      type_key: filter.typeKey,
    });
    return pagedRows<ReferenceValueRow>(
      this.reads,
      {
        select: ROW_COLUMNS,
        from: `FROM reference_values WHERE ${where}`,
        orderBy: 'measured_on DESC, type_key ASC',
        params,
      },
      page,
    );
  }

  /** The read path: a typed row in one statement, no entity hydration. */
  findOwnedRow(userId: string, id: string) {
    return ownTrackedRow<ReferenceValueRow>(
      this.reads,
      ROW_COLUMNS,
      'reference_values',
      userId,
      id,
    );
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

  /** With `ifMatch`, only the version it names is updated (412 otherwise). */
  update(
    entry: ReferenceValue,
    values: Partial<ReferenceValueValues>,
    ifMatch?: IfMatch,
  ): Promise<ReferenceValue> {
    return updateTracked(this.rows, entry, 'Reference value', ifMatch, values);
  }

  /** With `ifMatch`, only the version it names is deleted (412 otherwise). */
  delete(entry: ReferenceValue, ifMatch?: IfMatch): Promise<void> {
    return deleteTracked(this.rows, entry, 'Reference value', ifMatch);
  }
}
