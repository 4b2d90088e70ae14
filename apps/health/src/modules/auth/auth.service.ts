import { Inject, Injectable } from '@nestjs/common';
import {
  AuthTokensService,
  LoginProtection,
  mapUniqueViolations,
  PasswordHasher,
  registerAccount,
  SERVICE_CONFIG,
  TokenPair,
  UnauthenticatedError,
} from '@sports/common';
import { DataSource } from 'typeorm';
import type { HealthConfig } from '../../config';
import { toUserResponse } from '../profiles/user.response';
import { emailTaken, USER_CONFLICTS } from '../profiles/users.constraints';
import { UsersRepository } from '../profiles/users.repository';
import type { AuthResponse, LoginRequest, RegisterRequest } from './dto/auth.dto';

@Injectable()
export class AuthService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: AuthTokensService,
    private readonly loginProtection: LoginProtection,
    @Inject(SERVICE_CONFIG) private readonly config: HealthConfig,
  ) {}

  async register(input: RegisterRequest): Promise<AuthResponse> {
    const email = input.email.toLowerCase();
    const passwordHash = await this.hasher.hash(input.password);
    // Sign-ups are serialised by registerAccount; the constraint stays the last word.
    const user = await mapUniqueViolations(USER_CONFLICTS, () =>
      registerAccount(
        this.dataSource,
        {
          email,
          bootstrapEmails: this.config.ADMIN_BOOTSTRAP_EMAILS,
          countAccounts: (m) => this.users.count(m),
        },
        async ({ manager, becomesAdmin }) => {
          if (await this.users.emailTaken(email, manager)) throw emailTaken();
          return this.users.insert(manager, {
            email,
            passwordHash,
            displayName: input.display_name ?? null,
            role: becomesAdmin ? 'admin' : 'user',
          });
        },
      ),
    );
    return this.signedIn(user.id);
  }

  /**
   * Email + password sign-in under the shared login protection: per client address and per
   * account, reserved before the password is checked (429 RATE_LIMITED with Retry-After, the
   * password not looked at, while locked); a wrong password counts a failure.
   */
  async login(input: LoginRequest, address: string | undefined): Promise<AuthResponse> {
    const user = await this.loginProtection.attempt({ address, account: input.email }, async () => {
      const found = await this.users.findByEmailWithSecret(input.email);
      const valid = await this.hasher.verifyOrFail(found?.passwordHash, input.password);
      return found && valid && found.isActive ? found : null;
    });
    if (!user) {
      throw new UnauthenticatedError('Email or password is wrong.', {
        hint: 'Check both and try again.',
      });
    }
    return this.signedIn(user.id);
  }

  refresh(refreshToken: string): Promise<TokenPair> {
    return this.tokens.refresh(refreshToken);
  }

  logout(refreshToken: string): Promise<void> {
    return this.tokens.logout(refreshToken);
  }

  private async signedIn(userId: string): Promise<AuthResponse> {
    const user = await this.users.findById(userId);
    if (!user) throw new UnauthenticatedError();
    const pair = await this.tokens.issuePair({ id: user.id, email: user.email, role: user.role });
    return { ...pair, user: toUserResponse(user) };
  }
}
