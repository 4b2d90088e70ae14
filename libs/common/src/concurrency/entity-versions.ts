import { Column, type EntityManager } from 'typeorm';
import type { IfMatch } from './entity-tag';
import { lockIfMatch, type RowKey } from './row-version';

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
