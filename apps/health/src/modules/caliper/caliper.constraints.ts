import { ConflictError, UniqueConflicts } from '@sports/common';

/**
 * Unique constraints of `caliper_entries` and what a request that hits one is answered: 409
 * naming the entry that holds the day and formula, so that the client can switch to PUT.
 */
export function caliperConflicts(
  date: string,
  formula: string,
  existingId: () => Promise<string | null>,
): UniqueConflicts {
  return {
    caliper_entries_user_date_formula_key: async () =>
      new ConflictError(
        `A ${formula} measurement for ${date} already exists.`,
        'CALIPER_EXISTS_FOR_DAY',
        {
          hint: 'Update the existing entry with PUT /api/caliper/{id}.',
          extensions: { existing_id: await existingId() },
        },
      ),
  };
}
