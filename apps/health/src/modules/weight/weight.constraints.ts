import { ConflictError, UniqueConflicts } from '@sports/common';

/**
 * Unique constraints of `weight_entries` and what a request that hits one is answered: 409
 * naming the entry that holds the day, so that the client can switch to PUT.
 */
export function weightConflicts(
  date: string,
  existingId: () => Promise<string | null>,
): UniqueConflicts {
  return {
    weight_entries_user_date_key: async () =>
      new ConflictError(`A weight entry for ${date} already exists.`, 'WEIGHT_EXISTS_FOR_DAY', {
        hint: 'Update the existing entry with PUT /api/weight/{id}.',
        extensions: { existing_id: await existingId() },
      }),
  };
}
