import type { Page } from '../validation/page.query';

/** What runs a parameterised query: a DataSource, an EntityManager or a QueryRunner. */
export interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/** One page of typed rows and the number of rows of the whole filter. */
export interface PagedRows<Row> {
  rows: Row[];
  total: number;
}

/** The parts of a list query: typed columns, `FROM … WHERE …`, the order and its parameters. */
export interface PagedQuery {
  /** Explicit columns, already in the form the response needs (see `isoTimestamp`). */
  select: string;
  /** `FROM … [WHERE …]`, with `$1 … $n` placeholders for `params`. */
  from: string;
  /** A total order (end with a unique column), so pages neither skip nor repeat rows. */
  orderBy: string;
  params: unknown[];
}

/**
 * One page and the total in one statement (`count(*) OVER ()`); a second statement counts only
 * for a page past the end, which has no row to carry the total. The rows carry an extra
 * `total_rows` column: map them to the response with explicit fields.
 */
export async function pagedRows<Row>(
  db: Queryable,
  query: PagedQuery,
  page: Page,
): Promise<PagedRows<Row>> {
  const { sql, params } = pagedStatement(query, page);
  const rows = (await db.query(sql, params)) as (Row & { total_rows: number })[];
  if (rows.length > 0) return { rows, total: rows[0].total_rows };
  if (page.offset === 0) return { rows, total: 0 };
  const [{ total }] = (await db.query(
    `SELECT count(*)::int AS total ${query.from}`,
    query.params,
  )) as { total: number }[];
  return { rows, total };
}

/** The one statement `pagedRows` runs for a page (also a benchmark's bare-SQL baseline). */
export function pagedStatement(query: PagedQuery, page: Page): { sql: string; params: unknown[] } {
  const n = query.params.length;
  return {
    sql: `SELECT ${query.select}, count(*) OVER ()::int AS total_rows ${query.from}
     ORDER BY ${query.orderBy} LIMIT $${n + 1} OFFSET $${n + 2}`,
    params: [...query.params, page.limit, page.offset],
  };
}

/** The row a query by key answers, or null: a detail read without entity hydration. */
export async function firstRow<Row>(
  db: Queryable,
  sql: string,
  params: unknown[],
): Promise<Row | null> {
  const rows = (await db.query(sql, params)) as Row[];
  return rows[0] ?? null;
}

/**
 * A `timestamptz` column as the ISO 8601 UTC text a response carries (`2026-04-01T07:30:00.123Z`,
 * milliseconds truncated like `Date#toISOString` of the driver's value), so the driver does not
 * build a `Date` per value only for it to be turned back into text.
 */
export function isoTimestamp(column: string): string {
  return `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
