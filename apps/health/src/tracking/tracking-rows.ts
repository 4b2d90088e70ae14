import {
  firstRow,
  isoTimestamp,
  rowVersionColumn,
  type Queryable,
  type VersionedRow,
} from '@sports/common';
import type { TrackingSource } from './tracking-common';

/** The columns every tracking row answers with, as read for a response (snake_case, ISO). */
export interface TrackedRow {
  id: string;
  note: string | null;
  source: TrackingSource;
  created_at: string;
  updated_at: string;
}

/** `created_at` and `updated_at` as the ISO 8601 text of the response. */
export const TRACKED_TIMESTAMPS = `${isoTimestamp('created_at')} AS created_at, ${isoTimestamp('updated_at')} AS updated_at`;

/** One user's row of `table` by id, in the columns `select` gives, or null (another user's too). */
export function ownRow<Row>(
  db: Queryable,
  select: string,
  table: string,
  userId: string,
  id: string,
): Promise<Row | null> {
  return firstRow<Row>(db, `SELECT ${select} FROM ${table} WHERE id = $1 AND user_id = $2`, [
    id,
    userId,
  ]);
}

/**
 * `ownRow` with the row's version, the ETag of a detail read (a list item has none, so lists
 * leave the column out).
 */
export function ownTrackedRow<Row>(
  db: Queryable,
  select: string,
  table: string,
  userId: string,
  id: string,
): Promise<(Row & VersionedRow) | null> {
  return ownRow<Row & VersionedRow>(db, `${select}, ${rowVersionColumn()}`, table, userId, id);
}

/** The `WHERE` of a list of one user's tracking rows and its parameters (`$1` is the user). */
export interface OwnedRowsFilter {
  where: string;
  params: unknown[];
}

/**
 * `user_id = $1`, the inclusive day bounds on `dayColumn` that are given, then an equality per
 * given value of `equal`. Column names come from the repository's code, never from a request.
 */
export function ownedRowsFilter(
  userId: string,
  dayColumn: string,
  range: { from?: string; to?: string },
  equal: Record<string, string | undefined> = {},
): OwnedRowsFilter {
  const params: unknown[] = [userId];
  let where = 'user_id = $1';
  if (range.from) where += ` AND ${dayColumn} >= $${params.push(range.from)}`;
  if (range.to) where += ` AND ${dayColumn} <= $${params.push(range.to)}`;
  for (const [column, value] of Object.entries(equal)) {
    if (value) where += ` AND ${column} = $${params.push(value)}`;
  }
  return { where, params };
}
