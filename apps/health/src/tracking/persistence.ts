import { QueryFailedError, ValueTransformer } from 'typeorm';

/** PostgreSQL answers `numeric` as text; entities expose it as a number (or null). */
export const numericColumn: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};

/** True when a write failed on a unique constraint (SQLSTATE 23505), optionally a named one. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = error.driverError as { code?: string; constraint?: string };
  return driverError.code === '23505' && (!constraint || driverError.constraint === constraint);
}
