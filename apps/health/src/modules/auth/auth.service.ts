import { Inject, Injectable } from '@nestjs/common';
import {
  AuthTokensService,
  ConflictError,
  PasswordHasher,
  registerAccount,
  SERVICE_CONFIG,
  TokenPair,
  UnauthenticatedError,
} from '@sports/common';
import { DataSource } from 'typeorm';
import type { HealthConfig } from '../../config';
import { toUserResponse } from '../profiles/user.response';
import { UsersRepository } from '../profiles/users.repository';
import type { AuthResponse, LoginRequest, RegisterRequest } from './dto/auth.dto';

@Injectable()
export class AuthService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UsersRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: AuthTokensService,
    @Inject(SERVICE_CONFIG) private readonly config: HealthConfig,
  ) {}

  async register(input: RegisterRequest): Promise<AuthResponse> {
    const email = input.email.toLowerCase();
    const passwordHash = await this.hasher.hash(input.password);
    const user = await registerAccount(
      this.dataSource,
      {
        email,
        bootstrapEmails: this.config.ADMIN_BOOTSTRAP_EMAILS,
        countAccounts: (m) => this.users.count(m),
      },
      async ({ manager, becomesAdmin }) => {
        if (await this.users.emailTaken(email, manager)) {
          throw new ConflictError('An account with this email already exists.', 'EMAIL_TAKEN');
        }
        return this.users.insert(manager, {
          email,
          passwordHash,
          displayName: input.display_name ?? null,
          role: becomesAdmin ? 'admin' : 'user',
        });
      },
    );
    return this.signedIn(user.id);
  }

  async login(input: LoginRequest): Promise<AuthResponse> {
    const user = await this.users.findByEmailWithSecret(input.email);
    const valid = await this.hasher.verifyOrFail(user?.passwordHash, input.password);
    if (!user || !valid || !user.isActive) {
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
