import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { User } from './user.entity';
import { UsersRepository } from './users.repository';

/**
 * The accounts as other modules use them (administration, the caliper's age and sex): the
 * profiles module's repository stays behind this service (docs/architecture.md, module boundaries).
 */
@Injectable()
export class UsersService {
  constructor(private readonly users: UsersRepository) {}

  findById(id: string): Promise<User | null> {
    return this.users.findById(id);
  }

  /** A page of accounts, `q` matching email or display name. */
  list(filter: { q?: string; limit: number; offset: number }): Promise<[User[], number]> {
    return this.users.list(filter);
  }

  save(user: User): Promise<User> {
    return this.users.save(user);
  }

  findSecretById(id: string): Promise<{ email: string; passwordHash: string } | null> {
    return this.users.findSecretById(id);
  }

  setPasswordHash(id: string, passwordHash: string): Promise<void> {
    return this.users.setPasswordHash(id, passwordHash);
  }

  otherActiveAdmins(m: EntityManager, id: string): Promise<number> {
    return this.users.otherActiveAdmins(m, id);
  }

  delete(m: EntityManager, id: string): Promise<void> {
    return this.users.delete(m, id);
  }
}
