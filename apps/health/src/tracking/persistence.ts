import {
  assertIfMatch,
  IfMatch,
  lockedWrite,
  NotFoundError,
  type RowKey,
  updateChangedColumns,
} from '@sports/common';
import type { FindOptionsWhere, Repository, ValueTransformer } from 'typeorm';

/** PostgreSQL answers `numeric` as text; entities expose it as a number (or null). */
export const numericColumn: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/** A tracking entity: its id, owner and row version (`RowVersionColumn`). */
interface TrackedEntity {
  id: string;
  userId: string;
  rowVersion: string;
}

/**
 * A write of one tracking entity (save or update through `rows`), conditional on `ifMatch`:
 * first against the version `entry` was read with (412 at once), then atomically
 * (`lockedWrite`: locked, version checked, written in one transaction); answers the entity as
 * stored. Without `ifMatch` the write runs exactly as before.
 */
export function writeTracked<E extends TrackedEntity>(
  rows: Repository<E>,
  entry: E,
  label: string,
  ifMatch: IfMatch | undefined,
  write: (rows: Repository<E>) => Promise<unknown>,
): Promise<E> {
  assertIfMatch(ifMatch, entry.rowVersion);
  return lockedWrite(
    rows.manager,
    keyOf(rows, entry),
    ifMatch,
    notFound(label, entry),
    async (m) => {
      const tx = m.getRepository<E>(rows.target);
      await write(tx);
      return tx.findOneByOrFail({ id: entry.id } as FindOptionsWhere<E>);
    },
  );
}

/**
 * The update of the columns `values` names of one tracking entity (only the fields sent, see
 * decision 0013), conditional on `ifMatch` like `writeTracked`. Values equal to the stored ones
 * are no write: the entry keeps its version and `updated_at`.
 */
export function updateTracked<E extends TrackedEntity>(
  rows: Repository<E>,
  entry: E,
  label: string,
  ifMatch: IfMatch | undefined,
  values: NoInfer<Partial<E>>,
): Promise<E> {
  return writeTracked(rows, entry, label, ifMatch, (tx) =>
    updateChangedColumns(
      tx,
      { id: entry.id, userId: entry.userId } as Partial<E>,
      values,
      notFound(label, entry),
    ),
  );
}

/** The delete of one tracking entity, conditional on `ifMatch` like `writeTracked`. */
export async function deleteTracked<E extends TrackedEntity>(
  rows: Repository<E>,
  entry: E,
  label: string,
  ifMatch: IfMatch | undefined,
): Promise<void> {
  assertIfMatch(ifMatch, entry.rowVersion);
  await lockedWrite(rows.manager, keyOf(rows, entry), ifMatch, notFound(label, entry), (m) =>
    m
      .getRepository<E>(rows.target)
      .delete({ id: entry.id, userId: entry.userId } as FindOptionsWhere<E>),
  );
}

const keyOf = (rows: { metadata: { tableName: string } }, entry: TrackedEntity): RowKey => ({
  table: rows.metadata.tableName,
  where: { id: entry.id },
});
const notFound = (label: string, entry: TrackedEntity) => () => new NotFoundError(label, entry.id);
