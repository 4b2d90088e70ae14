/** Roles a profile may hold inside one club; a member may hold several. */
export type ClubMemberRole = 'club_admin' | 'trainer' | 'member';

export const CLUB_MEMBER_ROLES: readonly ClubMemberRole[] = ['club_admin', 'trainer', 'member'];
