import type { Client } from 'pg';
import type { DataSourceOptions, MixedList } from 'typeorm';
import { SnakeNamingStrategy } from './snake-naming.strategy';

export interface DatabaseOptions {
  url: string;
  migrations: MixedList<string | (new () => unknown)>;
  /** Apply pending migrations when the application starts. */
  migrationsRun: boolean;
  poolSize?: number;
  /** Server-side `statement_timeout` (0 or unset: none, as for migrations). */
  statementTimeoutMs?: number;
  /** Longest wait for a pool connection, queueing and connecting included. */
  acquireTimeoutMs?: number;
  /** `application_name`, shown in pg_stat_activity. */
  applicationName?: string;
}

/**
 * How much longer than `statement_timeout` the client waits for an answer. The server cancels
 * a slow query itself (57014); the client-side limit is for a server that answers nothing at
 * all (frozen, or a network partition), where no server-side timeout can fire.
 */
const CLIENT_TIMEOUT_MARGIN_MS = 1000;

/** TypeORM settings shared by both services: migrations only, never `synchronize`. */
export function typeOrmOptions(options: DatabaseOptions): DataSourceOptions {
  const statementTimeout = options.statementTimeoutMs ?? 0;
  return {
    type: 'postgres',
    url: options.url,
    synchronize: false,
    migrationsRun: options.migrationsRun,
    migrations: options.migrations as DataSourceOptions['migrations'],
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    namingStrategy: new SnakeNamingStrategy(),
    // Passed to pg's Pool and to each Client it opens.
    extra: {
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: options.acquireTimeoutMs ?? 10_000,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      ...(options.applicationName ? { application_name: options.applicationName } : {}),
      ...(statementTimeout > 0
        ? {
            statement_timeout: statementTimeout,
            query_timeout: statementTimeout + CLIENT_TIMEOUT_MARGIN_MS,
            onConnect: endClientAfterReadTimeout,
          }
        : {}),
    },
    // Failed queries surface through the exception filter (500s) or as domain errors; logging
    // them here too would write user data (query parameters) into the logs.
    logging: false,
  };
}

type QueryMethod = (...args: unknown[]) => unknown;

/**
 * pg's client-side `query_timeout` rejects the query but keeps the connection, whose query is
 * still running (or never arrived): back in the pool it would hand the next caller an answer
 * out of order or a transaction still open. Ending the client makes the pool drop it on release.
 */
export function endClientAfterReadTimeout(client: Client): void {
  const query = client.query.bind(client) as QueryMethod;
  const guarded: QueryMethod = (...args) => {
    const result = query(...args);
    if (!(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      if (error instanceof Error && error.message === 'Query read timeout')
        void client.end().catch(() => undefined);
      throw error;
    });
  };
  Object.assign(client, { query: guarded });
}
