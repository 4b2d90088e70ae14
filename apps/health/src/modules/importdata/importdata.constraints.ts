import { ConflictError, UniqueConflicts } from '@sports/common';

const importConflict = (): ConflictError =>
  new ConflictError(
    'The document conflicts with stored data (e.g. a second whole-day nutrition total); nothing was imported.',
    'IMPORT_CONFLICT',
  );

/**
 * Unique constraints an import writes to. Rows are matched by their natural keys under a lock
 * of the user, so only a concurrent write of the same day outside the import can hit one.
 */
export const IMPORT_CONFLICTS: UniqueConflicts = {
  weight_entries_user_date_key: importConflict,
  circumference_entries_user_date_site_key: importConflict,
  caliper_entries_user_date_formula_key: importConflict,
  nutrition_entries_day_total_key: importConflict,
  nutrition_entries_csv_day_key: importConflict,
  reference_values_one_per_day: importConflict,
};
