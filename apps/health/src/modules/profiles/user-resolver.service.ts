import { Injectable } from '@nestjs/common';
import type { AuthUser, AuthUserResolver } from '@sports/common';
import { UsersRepository } from './users.repository';

/** Loads the caller on every request: a deactivated account or changed role acts at once. */
@Injectable()
export class UserResolver implements AuthUserResolver {
  constructor(private readonly users: UsersRepository) {}

  async resolve(subjectId: string): Promise<AuthUser | null> {
    const user = await this.users.findById(subjectId);
    return user && user.isActive ? { id: user.id, email: user.email, role: user.role } : null;
  }
}
