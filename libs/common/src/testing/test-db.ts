import { Pool, type PoolClient, type QueryResult } from 'pg';

/**
 * A test file's connection pool to the database of the application it tests: `query` answers
 * as TypeORM's `DataSource.query` does on PostgreSQL (the rows; `[rows, count]` for UPDATE and
 * DELETE), without loading TypeORM into every test file (seconds per file in Jest's registry).
 */
export interface TestDb {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows as the test reads them
  query<T = any>(sql: string, parameters?: unknown[]): Promise<T>;
  /** Runs `work` in one transaction on one connection (committed, or rolled back on error). */
  transaction<T>(work: (db: Pick<TestDb, 'query'>) => Promise<T>): Promise<T>;
  destroy(): Promise<void>;
}

function typeOrmShape(result: QueryResult | QueryResult[]): unknown {
  if (Array.isArray(result)) return undefined;
  return result.command === 'UPDATE' || result.command === 'DELETE'
    ? [result.rows, result.rowCount]
    : result.rows;
}

const run = async (client: Pool | PoolClient, sql: string, parameters?: unknown[]) =>
  typeOrmShape(await client.query(sql, parameters as unknown[]));

export function openTestDb(url: string): TestDb {
  const pool = new Pool({ connectionString: url, max: 4, application_name: 'test-file' });
  // A connection the server ends (a test that stops the database) must not end the process.
  pool.on('error', () => undefined);
  return {
    query: (sql, parameters) => run(pool, sql, parameters) as Promise<never>,
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          query: (sql, parameters) => run(client, sql, parameters) as Promise<never>,
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    destroy: () => pool.end(),
  };
}
