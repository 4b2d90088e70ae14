import { Inject, Injectable } from '@nestjs/common';
import {
  AuthTokensService,
  ConflictError,
  PasswordHasher,
  RateLimitedError,
  registerAccount,
  SERVICE_CONFIG,
  TokenPair,
  UnauthenticatedError,
} from '@sports/common';
import { DataSource } from 'typeorm';
import type { TrainingConfig } from '../../config';
import { ProfilesRepository } from '../profiles/profiles.repository';
import { toProfileResponse } from '../profiles/profile.response';
import type { AuthResponse, LoginRequest, RegisterRequest } from './dto/auth.dto';

@Injectable()
export class AuthService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly profiles: ProfilesRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: AuthTokensService,
    @Inject(SERVICE_CONFIG) private readonly config: TrainingConfig,
  ) {}

  async register(input: RegisterRequest): Promise<AuthResponse> {
    const email = input.email.toLowerCase();
    const pinHash = await this.hasher.hash(input.pin);
    const profile = await registerAccount(
      this.dataSource,
      {
        email,
        bootstrapEmails: this.config.ADMIN_BOOTSTRAP_EMAILS,
        countAccounts: (m) => this.profiles.count(m),
      },
      async ({ manager, becomesAdmin }) => {
        if (await this.profiles.emailTaken(email, manager)) {
          throw new ConflictError('A profile with this email already exists.', 'EMAIL_TAKEN');
        }
        return this.profiles.insert(manager, {
          name: input.name,
          email,
          pinHash,
          role: becomesAdmin ? 'superadmin' : 'user',
        });
      },
    );
    return this.signedIn(profile.id);
  }

  /**
   * Email + PIN sign-in. An account locked by the failure backoff is refused with 429 before
   * its PIN is looked at (a right PIN does not get through a lock); each wrong PIN counts one
   * more consecutive failure, a right one resets the count.
   */
  async login(input: LoginRequest): Promise<AuthResponse> {
    const candidate = await this.profiles.findLoginCandidate(input.email);
    if (candidate && candidate.lockedForSeconds > 0) {
      throw new RateLimitedError(
        candidate.lockedForSeconds,
        'This account is locked for a moment after repeated failed sign-ins; try again later.',
      );
    }
    const valid = await this.hasher.verifyOrFail(candidate?.pinHash, input.pin);
    if (!candidate || !valid) {
      if (candidate) {
        await this.profiles.recordFailedLogin(
          candidate.id,
          this.config.LOGIN_BACKOFF_THRESHOLD,
          this.config.LOGIN_BACKOFF_MAX_SECONDS,
        );
      }
      throw new UnauthenticatedError('Email or PIN is wrong.', {
        hint: 'Check both and try again.',
      });
    }
    await this.profiles.resetFailedLogins(candidate.id);
    return this.signedIn(candidate.id);
  }

  refresh(refreshToken: string): Promise<TokenPair> {
    return this.tokens.refresh(refreshToken);
  }

  logout(refreshToken: string): Promise<void> {
    return this.tokens.logout(refreshToken);
  }

  private async signedIn(profileId: string): Promise<AuthResponse> {
    const profile = await this.profiles.findById(profileId);
    if (!profile) throw new UnauthenticatedError();
    const pair = await this.tokens.issuePair({
      id: profile.id,
      email: profile.email,
      role: profile.role,
    });
    return { ...pair, profile: toProfileResponse(profile) };
  }
}
