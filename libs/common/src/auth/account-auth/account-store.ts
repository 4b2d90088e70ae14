import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../auth-user';

/** A new account as sign-up hands it to its store: the service's own fields and these. */
export type NewAccount<TProfile> = TProfile & {
  /** Lower-cased. */
  email: string;
  /** argon2id hash of the secret (password, PIN). */
  secretHash: string;
  /** The first account or one listed in ADMIN_BOOTSTRAP_EMAILS: it gets the highest role. */
  admin: boolean;
};

/** An account allowed to sign in, with the hash its secret is checked against. */
export interface SignInAccount<TAccount> {
  account: TAccount;
  secretHash: string;
}

/**
 * The accounts as the shared sign-up and sign-in flow uses them. The module that owns the
 * accounts table implements it in its exported service (health `UsersService`, training
 * `ProfilesService`), so the auth modules never reach its repository.
 */
export interface AccountStore<TAccount extends AuthUser, TProfile> {
  /** Accounts in all, counted in the sign-up transaction. */
  countAccounts(manager: EntityManager): Promise<number>;
  /** Inserts the account in the sign-up transaction; a 409 conflict when its email is in use. */
  createAccount(manager: EntityManager, account: NewAccount<TProfile>): Promise<TAccount>;
  /** The account that may sign in as `email` (any case) with its secret hash, or null. */
  findSignInAccount(email: string): Promise<SignInAccount<TAccount> | null>;
  findById(id: string): Promise<TAccount | null>;
  /** Replaces the stored secret hash (a re-hash with today's parameters at sign-in). */
  replaceSecretHash(id: string, secretHash: string): Promise<void>;
}
