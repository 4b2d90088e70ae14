/**
 * Module `content-access` (no Nest module, no routes): the visibility rule that every content
 * module shares (exercises, media assets, planning content, training units, the wiki import),
 * in its TypeScript form for single rows and its SQL form for lists. Rules of one content kind
 * (who edits an exercise, the lifecycle right of a media asset) stay in that kind's module.
 */
import { isPlatformAdmin, TenantContext } from '../tenant-context/tenant-context';
import type { SqlParams } from './sql-params';

export const VISIBILITIES = ['private', 'club', 'official'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

/** The three columns the common visibility check needs of any content row. */
export interface VisibleContent {
  visibility: Visibility;
  club_id: string | null;
  owner_profile_id: string | null;
}

/** Column names (qualified with the table alias) of the content being checked. */
export interface VisibilityColumns {
  visibility: string;
  clubId: string;
  ownerId: string;
}

export const columnsOf = (alias: string): VisibilityColumns => ({
  visibility: `${alias}.visibility`,
  clubId: `${alias}.club_id`,
  ownerId: `${alias}.owner_profile_id`,
});

/**
 * The one read rule for exercises, plan templates, framework programs and progression graphs
 * (behaviour rule 1):
 * - `official`: every signed-in caller;
 * - `club`: members of that club (any member role) and platform admins;
 * - `private`: the owner only (platform admins included: private means private).
 */
export function canReadContent(ctx: TenantContext, item: VisibleContent): boolean {
  switch (item.visibility) {
    case 'official':
      return true;
    case 'club':
      return item.club_id !== null && (isPlatformAdmin(ctx) || ctx.memberships.has(item.club_id));
    case 'private':
      return item.owner_profile_id !== null && item.owner_profile_id === ctx.profile_id;
    default:
      return false;
  }
}

/** SQL condition equivalent to `canReadContent`, for list queries. */
export function visibilitySql(
  ctx: TenantContext,
  cols: VisibilityColumns,
  params: SqlParams,
): string {
  const me = params.add(ctx.profile_id);
  const own = `(${cols.visibility} = 'private' AND ${cols.ownerId} = ${me})`;
  if (isPlatformAdmin(ctx)) return `(${cols.visibility} <> 'private' OR ${own})`;
  const clubs = params.add([...ctx.memberships.keys()]);
  return `(${cols.visibility} = 'official' OR ${own} OR (${cols.visibility} = 'club' AND ${cols.clubId} = ANY(${clubs}::uuid[])))`;
}
