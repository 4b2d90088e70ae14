import { DatabaseError } from 'pg';
import { DataSource } from 'typeorm';
import { waitFor } from '../testing/wait-for';
import { PreparedReads, preparedStatementName } from './prepared-reads';

const serverUrl = (): string => {
  const url = process.env.TEST_DB_SERVER_URL;
  if (!url) throw new Error('the database harness did not run');
  return url;
};

describe('PreparedReads', () => {
  let dataSource: DataSource;
  let reads: PreparedReads;

  beforeAll(async () => {
    // One connection: every statement below runs on the same server session.
    dataSource = new DataSource({ type: 'postgres', url: serverUrl(), extra: { max: 1 } });
    await dataSource.initialize();
    reads = new PreparedReads(dataSource);
  });
  afterAll(() => dataSource.destroy());

  it('answers the rows, preparing a statement once per connection under a name of its text', async () => {
    const sql = 'SELECT $1::int + 1 AS n';
    expect(await reads.query(sql, [1])).toEqual([{ n: 2 }]);
    expect(await reads.query(sql, [41])).toEqual([{ n: 42 }]);
    const prepared = await reads.query<{ name: string; statement: string }>(
      'SELECT name, statement FROM pg_prepared_statements ORDER BY name',
    );
    expect(prepared.filter((p) => p.statement === sql)).toEqual([
      { name: preparedStatementName(sql), statement: sql },
    ]);
    expect(preparedStatementName(sql)).not.toBe(preparedStatementName(`${sql} `));
  });

  it("keeps the connection after an error the server answered, and fails with the server's error", async () => {
    const [before] = await reads.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    await expect(reads.query('SELECT 1 / $1::int', [0])).rejects.toBeInstanceOf(DatabaseError);
    const [after] = await reads.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    expect(after.pid).toBe(before.pid);
  });

  it('survives the connection breaking during a statement: the read fails, the pool drops the connection, the next read gets a new one', async () => {
    const [before] = await reads.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    const other = new DataSource({ type: 'postgres', url: serverUrl(), extra: { max: 1 } });
    await other.initialize();
    try {
      const slow = reads.query('SELECT pg_sleep(20)').then(
        () => null,
        (error: unknown) => error,
      );
      await waitFor(
        async () => {
          const [session] = await other.query(
            `SELECT state, query FROM pg_stat_activity WHERE pid = $1`,
            [before.pid],
          );
          return session?.state === 'active' && session.query === 'SELECT pg_sleep(20)';
        },
        { message: 'the statement running on the server' },
      );
      // The server ends the session: the checked-out client emits 'error' (unhandled, it would
      // end the process) and its query fails.
      await other.query('SELECT pg_terminate_backend($1)', [before.pid]);
      expect(await slow).toBeInstanceOf(Error);
    } finally {
      await other.destroy();
    }
    const [after] = await reads.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    expect(after.pid).not.toBe(before.pid);
  });
});
