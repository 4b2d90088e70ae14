import type { Pool, QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * A statement that pg prepares once per connection under `name` (Parse and plan once, then only
 * Bind/Execute per call). One `name` must always carry the same `text`.
 */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

/**
 * Runs a prepared statement on the pg pool of a TypeORM data source (the same connections and
 * settings as `DataSource.query`) without a query runner: for the statements every request
 * runs (the per-request auth state). Answers the rows as pg parsed them.
 */
export async function preparedRows<Row extends QueryResultRow>(
  dataSource: DataSource,
  statement: PreparedStatement,
  values: unknown[],
): Promise<Row[]> {
  const pool = (dataSource.driver as unknown as { master?: Pool }).master;
  if (!pool) throw new Error('preparedRows needs an initialized PostgreSQL data source');
  const result = await pool.query<Row>({ name: statement.name, text: statement.text, values });
  return result.rows;
}
