import { Injectable } from '@nestjs/common';
import type { AuthUser, AuthUserResolver } from '@sports/common';
import type { MembershipOfProfile } from '../club-memberships/club-memberships.repository';
import { ProfilesRepository } from './profiles.repository';

/**
 * The caller as the training service authenticates it: with its active club and memberships,
 * read in the same query as its role, so that the tenant context needs no query of its own.
 */
export interface AuthenticatedProfile extends AuthUser {
  activeClubId: string | null;
  memberships: MembershipOfProfile[];
}

export function isAuthenticatedProfile(user: AuthUser): user is AuthenticatedProfile {
  return Array.isArray((user as Partial<AuthenticatedProfile>).memberships);
}

/** Loads the caller's current role on every request, so role changes and deletions act at once. */
@Injectable()
export class ProfileResolver implements AuthUserResolver {
  constructor(private readonly profiles: ProfilesRepository) {}

  async resolve(subjectId: string, sessionId?: string): Promise<AuthenticatedProfile | null> {
    return this.profiles.findAuthState(subjectId, sessionId);
  }
}
