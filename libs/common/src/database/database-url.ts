import { Client } from 'pg';
import { isUniqueViolation, pgErrorCode } from './pg-errors';

/** The same server URL with another database name. */
export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

export function databaseNameOf(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  return name || 'postgres';
}

const SAFE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function quoteDatabaseName(name: string): string {
  if (!SAFE_NAME.test(name)) throw new Error(`Unsafe database name: ${name}`);
  return `"${name}"`;
}

/** Runs `fn` with a client connected to the server's maintenance database. */
export async function withServerClient<T>(
  url: string,
  fn: (client: Client) => Promise<T>,
): Promise<T> {
  const client = new Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * True when CREATE DATABASE failed because the database exists: 42P04, or, when another
 * session created it at the same moment, a unique violation on pg_database's name index.
 */
export function isDuplicateDatabase(error: unknown): boolean {
  const code = pgErrorCode(error);
  return (
    code === '42P04' || (code === '23505' && isUniqueViolation(error, 'pg_database_datname_index'))
  );
}

/**
 * Creates the database named in `url` when it does not exist yet. Replicas starting together
 * may all try: whoever loses the race finds the database made by the winner.
 */
export async function ensureDatabase(url: string): Promise<void> {
  const name = databaseNameOf(url);
  await withServerClient(url, async (client) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return;
    try {
      await client.query(`CREATE DATABASE ${quoteDatabaseName(name)}`);
    } catch (error) {
      if (!isDuplicateDatabase(error)) throw error;
    }
  });
}
