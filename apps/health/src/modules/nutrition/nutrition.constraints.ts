import { ConflictError, UniqueConflicts } from '@sports/common';

export function dayTotalConflict(date?: string): ConflictError {
  return new ConflictError(
    `There is already a whole-day total${date ? ` for ${date}` : ''}.`,
    'NUTRITION_DAY_TOTAL_EXISTS',
    { hint: 'Update the existing day entry, or record single meals instead.' },
  );
}

/** Unique constraints of `nutrition_entries` and what a request that hits one is answered. */
export function nutritionConflicts(date?: string): UniqueConflicts {
  return {
    nutrition_entries_day_total_key: () => dayTotalConflict(date),
    nutrition_entries_csv_day_key: () => dayTotalConflict(date),
  };
}
