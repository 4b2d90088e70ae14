/**
 * TypeORM answers `UPDATE/DELETE … RETURNING` on PostgreSQL as `[rows, affected]` but
 * `INSERT/SELECT` as `rows`; this gives the rows in both cases. Shared by the repositories of
 * insights, prompts and workflow.
 */
export function returned<T>(result: unknown): T[] {
  if (
    Array.isArray(result) &&
    result.length === 2 &&
    Array.isArray(result[0]) &&
    typeof result[1] === 'number'
  ) {
    return result[0] as T[];
  }
  return result as T[];
}
