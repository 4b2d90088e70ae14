import { isDeepStrictEqual } from 'node:util';
import { PreconditionFailedError } from '../errors/domain-error';
import type { Queryable } from '../database/paged-rows';
import { formatEntityTag, IfMatch } from './entity-tag';

/**
 * The version of a row: PostgreSQL's `xmin`, the id of the transaction that wrote this version
 * of the row. Every UPDATE makes a new row version with a new `xmin`, whichever code path
 * wrote it, so no column has to be kept up to date by hand and no migration is needed; two
 * writes in different transactions never leave the same version behind.
 *
 * `alias` qualifies the column in a join (`w.xmin`).
 */
export function rowVersionSql(alias?: string): string {
  return `${alias ? `${alias}.` : ''}xmin::text`;
}

/** The select-list item that reads a row's version as `row_version`. */
export function rowVersionColumn(alias?: string): string {
  return `${rowVersionSql(alias)} AS row_version`;
}

/** A row as read with `rowVersionColumn()`. */
export interface VersionedRow {
  row_version: string;
}

/**
 * The condition an UPDATE or DELETE adds to its WHERE so that it only writes the version the
 * client named (` AND xmin::text = ANY($n)`, the versions pushed onto `params`): the check and
 * the write are one statement, so of two concurrent writes naming the same version only the
 * first can match (the second waits for the first's row lock, then re-checks the new version).
 * Empty without a condition or for `If-Match: *` (the row's existence is the id's match).
 */
export function ifMatchSql(
  ifMatch: IfMatch | undefined,
  params: unknown[],
  alias?: string,
): string {
  if (!ifMatch || ifMatch.any) return '';
  return ` AND ${rowVersionSql(alias)} = ANY($${params.push([...ifMatch.versions])}::text[])`;
}

/** 412 PRECONDITION_FAILED unless `ifMatch` (when given) names `currentVersion`. */
export function assertIfMatch(ifMatch: IfMatch | undefined, currentVersion: string): void {
  if (ifMatch && !ifMatch.matches(currentVersion)) {
    throw new PreconditionFailedError(formatEntityTag(currentVersion));
  }
}

/** Where a versioned row lives: its table and the column(s) identifying it. */
export interface RowKey {
  /** A table name from the repository's code, never from a request. */
  table: string;
  /** Column → value; every column must equal its value. */
  where: Record<string, unknown>;
}

function keyFilter(key: RowKey): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const sql = Object.entries(key.where)
    .map(([column, value]) => `${column} = $${params.push(value)}`)
    .join(' AND ');
  return { sql, params };
}

/**
 * The current version of a row, or null when it does not exist. `forUpdate` (inside a
 * transaction) also locks the row until the transaction ends.
 */
export async function currentRowVersion(
  db: Queryable,
  key: RowKey,
  options: { forUpdate?: boolean } = {},
): Promise<string | null> {
  const { sql, params } = keyFilter(key);
  const rows = (await db.query(
    `SELECT ${rowVersionColumn()} FROM ${key.table} WHERE ${sql}${options.forUpdate ? ' FOR UPDATE' : ''}`,
    params,
  )) as VersionedRow[];
  return rows[0]?.row_version ?? null;
}

/**
 * For a conditional write that matched no row: 412 with the version the row has now, or
 * `notFound()` when it is gone (deleted meanwhile).
 */
export async function unmetPrecondition(
  db: Queryable,
  key: RowKey,
  notFound: () => Error,
): Promise<never> {
  const current = await currentRowVersion(db, key);
  if (current === null) throw notFound();
  throw new PreconditionFailedError(formatEntityTag(current));
}

/** Rows of a `... RETURNING` statement (TypeORM answers `[rows, count]` to UPDATE and DELETE). */
function returnedRows<Row>(result: unknown): Row[] {
  if (Array.isArray(result) && result.length === 2 && Array.isArray(result[0])) {
    return result[0] as Row[];
  }
  return result as Row[];
}

/**
 * One UPDATE or DELETE ... RETURNING of the row `key`, conditional on `ifMatch`: `sql` receives
 * the condition to end its WHERE with (`ifMatchSql`, its parameters appended to `params`).
 * Answers the first returned row. When none matched under a condition: 412 with the current
 * version, or `notFound()` when the row is gone; without one, undefined as the write answered
 * before entity tags (a row deleted meanwhile).
 */
export async function versionedWrite<Row>(
  db: Queryable,
  key: RowKey,
  ifMatch: IfMatch | undefined,
  notFound: () => Error,
  sql: (ifMatchCondition: string) => string,
  params: unknown[],
): Promise<Row | undefined> {
  const all = [...params];
  const condition = ifMatchSql(ifMatch, all);
  const rows = returnedRows<Row>(await db.query(sql(condition), all));
  if (rows[0] !== undefined || !ifMatch) return rows[0];
  return unmetPrecondition(db, key, notFound);
}

/** A table whose rows are addressed by one key column, written with `updateVersioned`/`deleteVersioned`. */
export interface VersionedTable {
  /** Table and key column names from the repository's code, never from a request. */
  table: string;
  key: string;
  /** The error for a row that is not there (404). */
  notFound(key: string): Error;
  /** A column every update that changes something sets to now() (`updated_at`). */
  stamp?: string;
}

const rowKey = (t: VersionedTable, key: string): RowKey => ({
  table: t.table,
  where: { [t.key]: key },
});

/** What `updateVersionedRow` writes. */
export interface VersionedUpdate {
  /**
   * The values the write gives the row (column names from code): compared with the stored ones
   * in SQL, so that PostgreSQL's own equality of the column type decides (numeric `1.50` and
   * `1.5`, jsonb whatever its key order, timestamps in any zone).
   */
  set: Record<string, unknown>;
  /**
   * Columns written only along with a change, never compared: who and when (`updated_by`).
   * `now()` for each of `stampedNow` (`updated_at`).
   */
  stamps?: Record<string, unknown>;
  stampedNow?: string[];
  /** The select list the row is answered with (`RETURNING` of the write, or a read of it). */
  returning: string;
  ifMatch?: IfMatch;
  /** The error for a row that is not there (404). */
  notFound: () => Error;
  /**
   * Write (with the stamps) even when the values are the stored ones: parts of the resource
   * kept in other rows changed, and the row's version stands for them too (`writeIfChanged`).
   */
  touch?: boolean;
}

/**
 * Writes the values of `set` into the row `key`, only when at least one of them differs from
 * the stored one: a write that changes nothing is no write, the row keeps its version (and the
 * resource its ETag, its `updated_at`, ...). Answers the row as `returning` selects it, written
 * or as it is. With `ifMatch`, only the version it names (in the UPDATE's WHERE, so a concurrent
 * write cannot slip in between: 412 with the current version); `notFound()` when the row is
 * not there.
 */
export async function updateVersionedRow<Row>(
  db: Queryable,
  key: RowKey,
  update: VersionedUpdate,
): Promise<Row> {
  return (await writeVersionedRow<Row>(db, key, update)).row;
}

/** `updateVersionedRow`, also answering whether the row was written (`written`). */
export async function writeVersionedRow<Row>(
  db: Queryable,
  key: RowKey,
  update: VersionedUpdate,
): Promise<{ row: Row; written: boolean }> {
  const { sql: where, params } = keyFilter(key);
  const columns = Object.keys(update.set);
  if (columns.length > 0 || update.touch) {
    const values = columns.map((column) => `$${params.push(update.set[column])}`);
    const assignments = columns.map((column, i) => `${column} = ${values[i]}`);
    for (const [column, value] of Object.entries(update.stamps ?? {}))
      assignments.push(`${column} = $${params.push(value)}`);
    for (const column of update.stampedNow ?? []) assignments.push(`${column} = now()`);
    // A touch without stamps still makes a new row version.
    const [keyColumn] = Object.keys(key.where);
    if (assignments.length === 0) assignments.push(`${keyColumn} = ${keyColumn}`);
    // One-element rows are plain values in SQL: `(a) IS DISTINCT FROM ($2)` as well.
    const changed = update.touch
      ? ''
      : ` AND (${columns.join(', ')}) IS DISTINCT FROM (${values.join(', ')})`;
    const written = returnedRows<Row>(
      await db.query(
        `UPDATE ${key.table} SET ${assignments.join(', ')}
          WHERE ${where}${ifMatchSql(update.ifMatch, params)}${changed}
          RETURNING ${update.returning}`,
        params,
      ),
    );
    if (written[0] !== undefined) return { row: written[0], written: true };
  }
  // Nothing written: the row as it is, if it is there in the version If-Match names.
  const readParams = keyFilter(key).params;
  const rows = (await db.query(
    `SELECT ${update.returning} FROM ${key.table}
      WHERE ${where}${ifMatchSql(update.ifMatch, readParams)}`,
    readParams,
  )) as Row[];
  if (rows[0] !== undefined) return { row: rows[0], written: false };
  if (!update.ifMatch) throw update.notFound();
  return unmetPrecondition(db, key, update.notFound);
}

/**
 * Updates the columns of `set` (names from code) of the row `key` and answers it as `returning`
 * selects it (`updateVersionedRow`: only when a value changes, the stamp along with it); with
 * `ifMatch`, only the version it names (412 with the current version). 404 `notFound` when the
 * row is not there.
 */
export function updateVersioned<Row>(
  db: Queryable,
  t: VersionedTable,
  key: string,
  set: Record<string, unknown>,
  options: {
    returning: string;
    ifMatch?: IfMatch;
    stamps?: Record<string, unknown>;
    touch?: boolean;
  },
): Promise<Row> {
  return updateVersionedRow<Row>(db, rowKey(t, key), {
    set,
    stamps: options.stamps,
    touch: options.touch,
    stampedNow: t.stamp ? [t.stamp] : [],
    returning: options.returning,
    ifMatch: options.ifMatch,
    notFound: () => t.notFound(key),
  });
}

/**
 * Runs `write`, a write of parts of a resource inside the caller's transaction `db` (rows
 * replaced, upserted, deleted), and answers whether it changed what `state` reads of them (the
 * parts as stored, without generated ids or timestamps, read in the same transaction). When it
 * changed nothing, the write is undone (rolled back to a savepoint): replaced rows keep their
 * ids and versions, and the caller leaves the resource's own row (its version) as it is.
 */
export async function writeIfChanged(
  db: Queryable,
  state: () => Promise<unknown>,
  write: () => Promise<unknown>,
): Promise<boolean> {
  const before = await state();
  await db.query('SAVEPOINT write_if_changed');
  await write();
  const changed = !isDeepStrictEqual(before, await state());
  if (!changed) await db.query('ROLLBACK TO SAVEPOINT write_if_changed');
  // Released either way, so that an enclosing writeIfChanged's savepoint of the same name is
  // the one its own rollback goes back to.
  await db.query('RELEASE SAVEPOINT write_if_changed');
  return changed;
}

/**
 * Deletes the row `key`; with `ifMatch`, only the version it names (in the DELETE's WHERE: 412
 * with the current version, 404 `notFound` when the row is not there). Without `ifMatch` a
 * missing row is no error, as in a plain DELETE: answers whether a row was deleted.
 */
export async function deleteVersioned(
  db: Queryable,
  t: VersionedTable,
  key: string,
  ifMatch?: IfMatch,
): Promise<boolean> {
  const deleted = await versionedWrite(
    db,
    rowKey(t, key),
    ifMatch,
    () => t.notFound(key),
    (condition) => `DELETE FROM ${t.table} WHERE ${t.key} = $1${condition} RETURNING ${t.key}`,
    [key],
  );
  return deleted !== undefined;
}

/**
 * Inside a transaction, before writes that cannot carry the condition in their own WHERE
 * (entity saves, several statements): locks the row (`FOR UPDATE`) and checks `ifMatch`
 * against its version, so a concurrent conditional write waits for this transaction and then
 * sees the new version. Throws `notFound()` when the row is gone, 412 when the version differs.
 */
export async function lockIfMatch(
  db: Queryable,
  key: RowKey,
  ifMatch: IfMatch,
  notFound: () => Error,
): Promise<void> {
  const current = await currentRowVersion(db, key, { forUpdate: true });
  if (current === null) throw notFound();
  assertIfMatch(ifMatch, current);
}
