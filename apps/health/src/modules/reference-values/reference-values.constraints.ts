import { ConflictError, UniqueConflicts } from '@sports/common';

export function referenceValueDayTaken(typeKey: string, measuredOn: string): ConflictError {
  return new ConflictError(
    `There is already a ${typeKey} value on ${measuredOn}.`,
    'REFERENCE_VALUE_EXISTS',
    { hint: 'Update the existing value instead; one value per type and day is kept.' },
  );
}

/** Unique constraints of `reference_values` and what a request that hits one is answered. */
export function referenceValueConflicts(typeKey: string, measuredOn: string): UniqueConflicts {
  return { reference_values_one_per_day: () => referenceValueDayTaken(typeKey, measuredOn) };
}
