import type { DataSourceOptions, MixedList } from 'typeorm';
import { SnakeNamingStrategy } from './snake-naming.strategy';

export interface DatabaseOptions {
  url: string;
  migrations: MixedList<string | (new () => unknown)>;
  /** Apply pending migrations when the application starts. */
  migrationsRun: boolean;
  poolSize?: number;
}

/** TypeORM settings shared by both services: migrations only, never `synchronize`. */
export function typeOrmOptions(options: DatabaseOptions): DataSourceOptions {
  return {
    type: 'postgres',
    url: options.url,
    synchronize: false,
    migrationsRun: options.migrationsRun,
    migrations: options.migrations as DataSourceOptions['migrations'],
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    namingStrategy: new SnakeNamingStrategy(),
    extra: { max: options.poolSize ?? 20, connectionTimeoutMillis: 5000 },
    // Failed queries surface through the exception filter (500s) or as domain errors; logging
    // them here too would write user data (query parameters) into the logs.
    logging: false,
  };
}
