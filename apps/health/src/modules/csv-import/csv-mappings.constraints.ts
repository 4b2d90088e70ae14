import { ConflictError, UniqueConflicts } from '@sports/common';

export function mappingNameTaken(name: string): ConflictError {
  return new ConflictError(`A mapping named "${name}" exists already.`, 'CSV_MAPPING_NAME_TAKEN');
}

/** Unique constraints of `csv_field_mappings` and what a request that hits one is answered. */
export function csvMappingConflicts(name: string): UniqueConflicts {
  return {
    csv_field_mappings_owner_name_key: () => mappingNameTaken(name),
    csv_field_mappings_system_name_key: () => mappingNameTaken(name),
  };
}
