export * from './database-url';
export * from './embedded-postgres';
export * from './migrate';
export * from './pg-errors';
export * from './prepare-database';
export * from './snake-naming.strategy';
export * from './typeorm-options';
