import type { TestDb } from '../test-db';

const LOG = 'fuzz_row_changes';

export interface RowChangeLog {
  /** Tables with rows inserted, updated or deleted (and committed) since the last call. */
  takeChangedTables(): Promise<string[]>;
  /** Drops the triggers and the log table. */
  remove(): Promise<void>;
}

/**
 * Records every committed row change of the test database: a row trigger on each table of the
 * public schema writes the table's name into an unlogged table. It is exact (a rolled-back
 * write leaves no trace, an update of one row does) and costs one small query per check,
 * however many tables the service has.
 */
export async function installRowChangeLog(db: Pick<TestDb, 'query'>): Promise<RowChangeLog> {
  const tables: { name: string }[] = await db.query(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> $1`,
    [LOG],
  );
  await db.query(`CREATE UNLOGGED TABLE IF NOT EXISTS ${LOG} (table_name text NOT NULL)`);
  await db.query(`
    CREATE OR REPLACE FUNCTION ${LOG}_record() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ${LOG} (table_name) VALUES (TG_TABLE_NAME);
      RETURN NULL;
    END $$`);
  for (const { name } of tables) {
    await db.query(
      `CREATE TRIGGER ${LOG}_trigger AFTER INSERT OR UPDATE OR DELETE ON ${quoteIdent(name)}
         FOR EACH ROW EXECUTE FUNCTION ${LOG}_record()`,
    );
  }
  return {
    takeChangedTables: async () => {
      const rows: { table_name: string }[] = await db.query(
        `WITH taken AS (DELETE FROM ${LOG} RETURNING table_name)
         SELECT DISTINCT table_name FROM taken ORDER BY table_name`,
      );
      return rows.map((r) => r.table_name);
    },
    remove: async () => {
      for (const { name } of tables)
        await db.query(`DROP TRIGGER IF EXISTS ${LOG}_trigger ON ${quoteIdent(name)}`);
      await db.query(`DROP FUNCTION IF EXISTS ${LOG}_record()`);
      await db.query(`DROP TABLE IF EXISTS ${LOG}`);
    },
  };
}

const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;
