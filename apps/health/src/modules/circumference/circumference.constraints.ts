import { ConflictError, UniqueConflicts } from '@sports/common';

/**
 * Unique constraints of `circumference_entries` and what a request that hits one is answered:
 * 409 naming the entry that holds the day and site, so that the client can switch to PUT.
 */
export function circumferenceConflicts(
  date: string,
  site: string,
  existingId: () => Promise<string | null>,
): UniqueConflicts {
  return {
    circumference_entries_user_date_site_key: async () =>
      new ConflictError(
        `A ${site} measurement for ${date} already exists.`,
        'CIRCUMFERENCE_EXISTS_FOR_DAY',
        {
          hint: 'Update the existing entry with PUT /api/circumference/{id}.',
          extensions: { existing_id: await existingId() },
        },
      ),
  };
}
