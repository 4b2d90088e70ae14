/** SQLSTATE of a PostgreSQL error surfaced by `pg` (directly or inside TypeORM's QueryFailedError). */
export function pgErrorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; driverError?: { code?: unknown } } | null;
  const code = e?.driverError?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * True when a delete or update failed because other rows still reference the row. PostgreSQL
 * reports `ON DELETE RESTRICT` as 23001 since version 18 and as 23503 before, like NO ACTION.
 */
export function isStillReferenced(error: unknown): boolean {
  const code = pgErrorCode(error);
  return code === '23503' || code === '23001';
}

/** True when a write failed on a unique constraint (SQLSTATE 23505), optionally a named one. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (pgErrorCode(error) !== '23505') return false;
  const e = error as { constraint?: unknown; driverError?: { constraint?: unknown } };
  return !constraint || (e.driverError?.constraint ?? e.constraint) === constraint;
}
