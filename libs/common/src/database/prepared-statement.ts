import { DatabaseError, type Pool, type QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * A statement that pg prepares once per connection under `name` (Parse and plan once, then only
 * Bind/Execute per call). One `name` must always carry the same `text`.
 */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

/** Severities with which the server ends the session along with the statement. */
const SESSION_ENDING = new Set(['FATAL', 'PANIC']);

/**
 * Runs a prepared statement on the pg pool of a TypeORM data source (the same connections and
 * settings as `DataSource.query`) without a query runner: for the statements every request
 * runs (the per-request auth state, the hot reads). Answers the rows as pg parsed them.
 */
export async function preparedRows<Row extends QueryResultRow>(
  dataSource: DataSource,
  statement: PreparedStatement,
  values: unknown[],
): Promise<Row[]> {
  const pool = (dataSource.driver as unknown as { master?: Pool }).master;
  if (!pool) throw new Error('preparedRows needs an initialized PostgreSQL data source');
  const client = await pool.connect();
  let failure: Error | undefined;
  // A checked-out client has no error listener of the pool's: a connection that breaks now
  // (the database stopped) would emit an unhandled 'error' and end the process.
  const broken = (error: Error) => {
    failure = error;
  };
  client.on('error', broken);
  try {
    return (await client.query<Row>({ name: statement.name, text: statement.text, values })).rows;
  } catch (error) {
    // An error the server answered leaves the connection (and its prepared statements) usable,
    // unless the server ended the session with it (FATAL, PANIC: shutdown, terminated backend);
    // any other (a broken link, a client-side timeout) makes the pool drop it too.
    if (!(error instanceof DatabaseError) || SESSION_ENDING.has(error.severity ?? '')) {
      failure = error as Error;
    }
    throw error;
  } finally {
    client.removeListener('error', broken);
    client.release(failure);
  }
}
