import { Injectable } from '@nestjs/common';
import type { AuthUser, AuthUserResolver } from '@sports/common';
import { UsersRepository } from './users.repository';

/**
 * Loads the caller on every request: a deactivated account, a changed role or an ended session
 * acts at once.
 */
@Injectable()
export class UserResolver implements AuthUserResolver {
  constructor(private readonly users: UsersRepository) {}

  resolve(subjectId: string, sessionId?: string): Promise<AuthUser | null> {
    return this.users.findAuthState(subjectId, sessionId);
  }
}
