import { ConflictError, UniqueConflicts } from '@sports/common';
import { CATALOGS } from './catalog-definitions';
import { slugTaken } from './slug-assignment';

/** The unique constraint on `slug` of a catalog table. */
export const slugConstraintOf = (table: string): string => `${table}_slug_key`;

export function styleTargetGroupLinked(): ConflictError {
  return new ConflictError(
    'This style direction and target group are already linked.',
    'STYLE_TARGET_GROUP_LINK_EXISTS',
  );
}

/** Unique constraints of the catalog tables and what a request that hits one is answered. */
export const CATALOG_CONFLICTS: UniqueConflicts = {
  ...Object.fromEntries(CATALOGS.map((c) => [slugConstraintOf(c.table), () => slugTaken()])),
  style_direction_target_groups_key: styleTargetGroupLinked,
};
