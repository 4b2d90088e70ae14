import path from 'node:path';
import type { CommonEnv } from '../config/common-env';
import { ensureDatabase, withDatabase } from './database-url';
import { startEmbeddedPostgres } from './embedded-postgres';

export interface PreparedDatabase {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

/** Walks up from this file to the workspace root (the folder with pnpm-workspace.yaml). */
export function workspaceRoot(): string {
  // dist/database or src/database inside libs/common
  return path.resolve(__dirname, '..', '..', '..', '..');
}

/**
 * `DATABASE_URL` set: use that server (creating the named database when missing).
 * Unset: start an embedded PostgreSQL with its data under `DATA_DIR` and use `database`.
 */
export async function prepareDatabase(
  config: Pick<CommonEnv, 'DATABASE_URL' | 'DATA_DIR' | 'EMBEDDED_PG_PORT'>,
  database: string,
  notice: (line: string) => void = () => undefined,
): Promise<PreparedDatabase> {
  if (config.DATABASE_URL) {
    await ensureDatabase(config.DATABASE_URL);
    return { url: config.DATABASE_URL, embedded: false, stop: async () => undefined };
  }
  const dataDir = path.isAbsolute(config.DATA_DIR)
    ? config.DATA_DIR
    : path.join(workspaceRoot(), config.DATA_DIR);
  const server = await startEmbeddedPostgres({ dataDir, port: config.EMBEDDED_PG_PORT, notice });
  const url = withDatabase(server.url, database);
  try {
    await ensureDatabase(url);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { url, embedded: true, stop: () => server.stop() };
}
