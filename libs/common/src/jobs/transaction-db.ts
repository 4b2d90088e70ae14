import type PgBoss from 'pg-boss';
import type { EntityManager } from 'typeorm';

/**
 * pg-boss's database interface over the connection of an open TypeORM transaction: a job
 * sent through it is inserted by that transaction, so it exists only if the transaction's
 * rows commit.
 */
export function transactionDb(manager: EntityManager): PgBoss.Db {
  const runner = manager.queryRunner;
  if (!runner?.isTransactionActive)
    throw new Error('Sending a job with a manager needs the manager of an open transaction');
  return {
    executeSql: async (text: string, values: unknown[]) => ({
      rows: (await runner.query(text, values, true)).records,
    }),
  };
}
