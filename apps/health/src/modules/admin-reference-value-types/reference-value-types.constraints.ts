import { ConflictError, UniqueConflicts } from '@sports/common';

export function referenceValueTypeKeyTaken(key: string): ConflictError {
  return new ConflictError(
    `A reference value type with key ${key} already exists.`,
    'REFERENCE_VALUE_TYPE_EXISTS',
  );
}

/** Unique constraints of `reference_value_types` and what a request that hits one is answered. */
export function referenceValueTypeConflicts(key: string): UniqueConflicts {
  return { reference_value_types_pkey: () => referenceValueTypeKeyTaken(key) };
}
