import { Injectable } from '@nestjs/common';
import { IfMatch, mapUniqueViolations, NewAccount, SignInAccount } from '@sports/common';
import type { EntityManager } from 'typeorm';
import type { User } from './user.entity';
import type { UserSummary } from './user.response';
import { emailTaken, USER_CONFLICTS } from './users.constraints';
import { UsersRepository } from './users.repository';

/**
 * The accounts as other modules use them (sign-up and sign-in, administration, the caliper's
 * age and sex): the profiles module's repository stays behind this service
 * (docs/architecture.md, module boundaries). It is the account store of the auth module.
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

  /** With `ifMatch`, only the version it names is written (412 otherwise). */
  save(user: User, ifMatch?: IfMatch): Promise<User> {
    return this.users.save(user, ifMatch);
  }

  findSecretById(id: string): Promise<{ email: string; passwordHash: string } | null> {
    return this.users.findSecretById(id);
  }

  /** Stores a new password hash (a password change, or a re-hash at sign-in). */
  replaceSecretHash(id: string, secretHash: string): Promise<void> {
    return this.users.setPasswordHash(id, secretHash);
  }

  otherActiveAdmins(m: EntityManager, id: string): Promise<number> {
    return this.users.otherActiveAdmins(m, id);
  }

  delete(m: EntityManager, id: string): Promise<void> {
    return this.users.delete(m, id);
  }

  countAccounts(manager: EntityManager): Promise<number> {
    return this.users.count(manager);
  }

  /** A signed-up account in the sign-up transaction; 409 EMAIL_TAKEN when the email is in use. */
  createAccount(
    manager: EntityManager,
    account: NewAccount<{ displayName: string | null }>,
  ): Promise<User> {
    return mapUniqueViolations(USER_CONFLICTS, async () => {
      if (await this.users.emailTaken(account.email, manager)) throw emailTaken();
      return this.users.insert(manager, {
        email: account.email,
        passwordHash: account.secretHash,
        displayName: account.displayName,
        role: account.admin ? 'admin' : 'user',
      });
    });
  }

  /** An active account with this email, with its password hash: a deactivated one cannot sign in. */
  async findSignInAccount(email: string): Promise<SignInAccount<UserSummary> | null> {
    const user = await this.users.findSignInCandidate(email);
    if (!user?.isActive) return null;
    const { passwordHash, ...account } = user;
    return { account, secretHash: passwordHash };
  }
}
