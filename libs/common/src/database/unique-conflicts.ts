import type { DomainError } from '../errors/domain-error';
import { pgErrorCode } from './pg-errors';

/**
 * What each unique constraint (or unique index) of a module means to a client: its name
 * mapped to the domain error to answer, usually a 409 with a code naming the conflict. A
 * module keeps its table next to its code, in `<module>.constraints.ts`.
 */
export type UniqueConflicts = Readonly<Record<string, () => DomainError | Promise<DomainError>>>;

/** Name of the unique constraint or index a failed write violated (SQLSTATE 23505). */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  if (pgErrorCode(error) !== '23505') return undefined;
  const e = error as { constraint?: unknown; driverError?: { constraint?: unknown } };
  const name = e.driverError?.constraint ?? e.constraint;
  return typeof name === 'string' ? name : undefined;
}

/**
 * The domain error `conflicts` names for `error` when it is a violation of one of its unique
 * constraints; otherwise `error` itself. For callers that catch the error themselves.
 */
export async function uniqueConflictOf(
  error: unknown,
  conflicts: UniqueConflicts,
): Promise<unknown> {
  const name = violatedUniqueConstraint(error);
  const conflict =
    name !== undefined && Object.prototype.hasOwnProperty.call(conflicts, name)
      ? conflicts[name]
      : undefined;
  return conflict ? conflict() : error;
}

/**
 * Runs `write`; when it fails on a unique constraint that `conflicts` names, throws that
 * constraint's domain error instead. This is what a request gets when a concurrent one wrote
 * the same key first, after both passed the service's own pre-check. Other errors, and
 * violations of constraints the table does not name, pass unchanged.
 */
export async function mapUniqueViolations<T>(
  conflicts: UniqueConflicts,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw await uniqueConflictOf(error, conflicts);
  }
}
