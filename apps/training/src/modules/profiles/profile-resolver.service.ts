import { Injectable } from '@nestjs/common';
import type { AuthUser, AuthUserResolver } from '@sports/common';
import { ProfilesRepository } from './profiles.repository';

/** Loads the caller's current role on every request, so role changes and deletions act at once. */
@Injectable()
export class ProfileResolver implements AuthUserResolver {
  constructor(private readonly profiles: ProfilesRepository) {}

  async resolve(subjectId: string): Promise<AuthUser | null> {
    const profile = await this.profiles.findById(subjectId);
    return profile ? { id: profile.id, email: profile.email, role: profile.role } : null;
  }
}
