import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { CommonEnv } from '../../config/common-env';
import { UnauthenticatedError } from '../../errors/domain-error';
import { SERVICE_CONFIG } from '../../http/service-core.module';
import { AuthTokensService, TokenPair } from '../auth-tokens.service';
import type { AuthUser } from '../auth-user';
import { LoginProtection } from '../login-protection/login-protection.service';
import { PasswordHasher } from '../password-hasher';
import { registerAccount } from '../registration';
import type { AccountStore } from './account-store';

/** The secret an account signs in with besides its email. */
export interface SecretKind<F extends string> {
  /** The request field that carries it: `password`, `pin`. */
  field: F;
  /** Its name in messages: "password", "PIN". */
  name: string;
}

/** A sign-in request: the email and the secret in its field. */
export type Credentials<F extends string> = { email: string } & Record<F, string>;

/** What sets one service's sign-up and sign-in apart, besides the classes its routes declare. */
export interface AccountAuthFlow<
  TAccount extends AuthUser,
  TProfile,
  F extends string,
  TRegister extends Credentials<F>,
  TSession extends object,
> {
  secret: SecretKind<F>;
  /** The service's own fields of a new account, from the sign-up request. */
  profileOf(body: TRegister): TProfile;
  /** What sign-up and sign-in answer beside the tokens: the account under the service's key. */
  sessionOf(account: TAccount): TSession;
}

export const ACCOUNT_AUTH_FLOW = Symbol('ACCOUNT_AUTH_FLOW');
export const ACCOUNT_STORE = Symbol('ACCOUNT_STORE');

/**
 * Sign-up, sign-in, refresh and logout of a service's accounts (provided by `accountAuth`).
 * Sign-ups run one at a time (registerAccount), sign-ins under the shared login protection.
 */
@Injectable()
export class AccountAuthService<
  TAccount extends AuthUser,
  TProfile,
  F extends string,
  TRegister extends Credentials<F>,
  TSession extends object,
> {
  constructor(
    @Inject(ACCOUNT_AUTH_FLOW)
    private readonly flow: AccountAuthFlow<TAccount, TProfile, F, TRegister, TSession>,
    @Inject(ACCOUNT_STORE) private readonly accounts: AccountStore<TAccount, TProfile>,
    private readonly dataSource: DataSource,
    private readonly hasher: PasswordHasher,
    private readonly tokens: AuthTokensService,
    private readonly loginProtection: LoginProtection,
    @Inject(SERVICE_CONFIG) private readonly config: CommonEnv,
  ) {}

  /** A new account, signed in; the first one (or a bootstrap email) becomes administrator. */
  async register(input: TRegister): Promise<TokenPair & TSession> {
    const email = input.email.toLowerCase();
    const secretHash = await this.hasher.hash(input[this.flow.secret.field]);
    const profile = this.flow.profileOf(input);
    const account = await registerAccount(
      this.dataSource,
      {
        email,
        bootstrapEmails: this.config.ADMIN_BOOTSTRAP_EMAILS,
        countAccounts: (m) => this.accounts.countAccounts(m),
      },
      ({ manager, becomesAdmin }) =>
        this.accounts.createAccount(manager, {
          ...profile,
          email,
          secretHash,
          admin: becomesAdmin,
        }),
    );
    return this.signedIn(account.id);
  }

  /**
   * Email + secret sign-in under the shared login protection: per client address and per
   * account, reserved before the secret is checked (429 RATE_LIMITED with Retry-After, the
   * secret not looked at, while locked); a wrong secret counts a failure, a right one resets
   * the account.
   */
  async login(input: Credentials<F>, address: string | undefined): Promise<TokenPair & TSession> {
    let rehashed = false;
    const account = await this.loginProtection.attempt(
      { address, account: input.email },
      async () => {
        const found = await this.accounts.findSignInAccount(input.email);
        const secret = input[this.flow.secret.field];
        const valid = await this.hasher.verifyOrFail(found?.secretHash, secret);
        if (!found || !valid) return null;
        // A hash made with older parameters is replaced while the secret is at hand.
        if (this.hasher.needsRehash(found.secretHash)) {
          await this.accounts.replaceSecretHash(found.account.id, await this.hasher.hash(secret));
          rehashed = true;
        }
        return found.account;
      },
    );
    if (!account) {
      throw new UnauthenticatedError(`Email or ${this.flow.secret.name} is wrong.`, {
        hint: 'Check both and try again.',
      });
    }
    // The account as read for the check answers, unless the re-hash has just changed it.
    return rehashed ? this.signedIn(account.id) : this.sessionFor(account);
  }

  refresh(refreshToken: string): Promise<TokenPair> {
    return this.tokens.refresh(refreshToken);
  }

  logout(refreshToken: string): Promise<void> {
    return this.tokens.logout(refreshToken);
  }

  private async signedIn(accountId: string): Promise<TokenPair & TSession> {
    const account = await this.accounts.findById(accountId);
    if (!account) throw new UnauthenticatedError();
    return this.sessionFor(account);
  }

  /** Tokens of a new session of `account` (as just read), with the service's session fields. */
  private async sessionFor(account: TAccount): Promise<TokenPair & TSession> {
    const pair = await this.tokens.issuePair({
      id: account.id,
      email: account.email,
      role: account.role,
    });
    return { ...pair, ...this.flow.sessionOf(account) };
  }
}
