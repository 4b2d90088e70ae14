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
  /** A column every update sets to now() (`updated_at`). */
  stamp?: string;
}

const rowKey = (t: VersionedTable, key: string): RowKey => ({
  table: t.table,
  where: { [t.key]: key },
});

/**
 * Updates the columns of `set` (names from code) of the row `key` and answers it as `returning`
 * selects it; with `ifMatch`, only the version it names (in the UPDATE's WHERE, so a concurrent
 * write cannot slip in between: 412 with the current version). 404 `notFound` when the row is
 * not there.
 */
export async function updateVersioned<Row>(
  db: Queryable,
  t: VersionedTable,
  key: string,
  set: Record<string, unknown>,
  options: { returning: string; ifMatch?: IfMatch },
): Promise<Row> {
  const params: unknown[] = [key];
  const columns = Object.entries(set).map(
    ([column, value]) => `${column} = $${params.push(value)}`,
  );
  if (t.stamp) columns.push(`${t.stamp} = now()`);
  const notFound = () => t.notFound(key);
  const row = await versionedWrite<Row>(
    db,
    rowKey(t, key),
    options.ifMatch,
    notFound,
    (condition) =>
      `UPDATE ${t.table} SET ${columns.join(', ')} WHERE ${t.key} = $1${condition} RETURNING ${options.returning}`,
    params,
  );
  if (row === undefined) throw notFound();
  return row;
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
