import { Column, type EntityManager, type ObjectLiteral, type Repository } from 'typeorm';
import type { IfMatch } from './entity-tag';
import { lockIfMatch, type RowKey, writeVersionedRow } from './row-version';

/**
 * The row version (`xmin`, see `rowVersionSql`) as a read-only property of a TypeORM entity:
 * loaded with the entity, never inserted or updated.
 */
export const RowVersionColumn = (): PropertyDecorator =>
  Column({ type: 'text', name: 'xmin', select: true, insert: false, update: false });

/**
 * An entity write conditional on `ifMatch`: in one transaction the row is locked and its
 * version checked (`lockIfMatch`), then `write` runs with the transaction's manager; a
 * concurrent conditional write waits for it and then finds the new version (412). Without
 * `ifMatch`, `write` runs as before, with `manager` and no transaction of its own.
 */
export function lockedWrite<T>(
  manager: EntityManager,
  key: RowKey,
  ifMatch: IfMatch | undefined,
  notFound: () => Error,
  write: (manager: EntityManager) => Promise<T>,
): Promise<T> {
  if (!ifMatch) return write(manager);
  return manager.transaction(async (tx) => {
    await lockIfMatch(tx, key, ifMatch, notFound);
    return write(tx);
  });
}

/**
 * `rows.update(where, values)` of one row that writes only when a value differs from the
 * stored one (`updateVersionedRow`: compared in SQL, the `@UpdateDateColumn` set only along
 * with a change), so that a write of what is stored keeps the row's version. `where` and
 * `values` are entity properties, converted as TypeORM writes them (transformers, json).
 * Answers whether the row was written; `notFound()` when it is not there.
 */
export async function updateChangedColumns<E extends ObjectLiteral>(
  rows: Repository<E>,
  where: NoInfer<Partial<E>>,
  values: NoInfer<Partial<E>>,
  notFound: () => Error,
): Promise<boolean> {
  const { metadata } = rows;
  const driver = rows.manager.connection.driver;
  const columns = (object: Partial<E>): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [property, value] of Object.entries(object)) {
      if (value === undefined) continue;
      const column = metadata.findColumnWithPropertyPath(property);
      if (!column) throw new Error(`${metadata.name} has no column ${property}`);
      out[`"${column.databaseName}"`] = driver.preparePersistentValue(value, column);
    }
    return out;
  };
  const stamp = metadata.updateDateColumn;
  const { written } = await writeVersionedRow(
    rows.manager,
    { table: metadata.tablePath, where: columns(where) },
    {
      set: columns(values),
      stampedNow: stamp ? [`"${stamp.databaseName}"`] : [],
      returning: '1 AS found',
      notFound,
    },
  );
  return written;
}
