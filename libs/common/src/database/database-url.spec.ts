import { randomBytes } from 'node:crypto';
import { quoteDatabaseName, withDatabase, withServerClient, ensureDatabase } from './database-url';

const serverUrl = (): string => {
  const url = process.env.TEST_DB_SERVER_URL;
  if (!url) throw new Error('the database harness did not run');
  return url;
};

describe('ensureDatabase', () => {
  it('creates a missing database once when several replicas ask for it at the same moment', async () => {
    // The loser of a CREATE DATABASE race gets 42P04 or a unique violation (23505) on
    // pg_database's name index, depending on timing; both mean the database is there.
    for (let round = 0; round < 4; round++) {
      const name = `race_${randomBytes(5).toString('hex')}`;
      const url = withDatabase(serverUrl(), name);
      try {
        const results = await Promise.allSettled(
          Array.from({ length: 6 }, () => ensureDatabase(url)),
        );
        expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
        const rows = await withServerClient(serverUrl(), (c) =>
          c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]),
        );
        expect(rows.rowCount).toBe(1);
      } finally {
        await withServerClient(serverUrl(), (c) =>
          c.query(`DROP DATABASE IF EXISTS ${quoteDatabaseName(name)} WITH (FORCE)`),
        );
      }
    }
  });
});
