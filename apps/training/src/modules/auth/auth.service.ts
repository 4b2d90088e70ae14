import { Inject, Injectable } from '@nestjs/common';
import {
  AuthTokensService,
  mapUniqueViolations,
  LoginProtection,
  PasswordHasher,
  registerAccount,
  SERVICE_CONFIG,
  TokenPair,
  UnauthenticatedError,
} from '@sports/common';
import { DataSource } from 'typeorm';
import type { TrainingConfig } from '../../config';
import { emailTaken, PROFILE_CONFLICTS } from '../profiles/profiles.constraints';
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
    private readonly loginProtection: LoginProtection,
    @Inject(SERVICE_CONFIG) private readonly config: TrainingConfig,
  ) {}

  async register(input: RegisterRequest): Promise<AuthResponse> {
    const email = input.email.toLowerCase();
    const pinHash = await this.hasher.hash(input.pin);
    // Sign-ups are serialised, but an admin may create the same email at the same moment.
    const profile = await mapUniqueViolations(PROFILE_CONFLICTS, () =>
      registerAccount(
        this.dataSource,
        {
          email,
          bootstrapEmails: this.config.ADMIN_BOOTSTRAP_EMAILS,
          countAccounts: (m) => this.profiles.count(m),
        },
        async ({ manager, becomesAdmin }) => {
          if (await this.profiles.emailTaken(email, manager)) throw emailTaken();
          return this.profiles.insert(manager, {
            name: input.name,
            email,
            pinHash,
            role: becomesAdmin ? 'superadmin' : 'user',
          });
        },
      ),
    );
    return this.signedIn(profile.id);
  }

  /**
   * Email + PIN sign-in under the shared login protection: per client address and per
   * account, reserved before the PIN is checked (429 RATE_LIMITED with Retry-After, the PIN
   * not looked at, while locked); a wrong PIN counts a failure, a right one resets the account.
   */
  async login(input: LoginRequest, address: string | undefined): Promise<AuthResponse> {
    const profile = await this.loginProtection.attempt(
      { address, account: input.email },
      async () => {
        const candidate = await this.profiles.findByEmailWithSecret(input.email);
        const valid = await this.hasher.verifyOrFail(candidate?.pinHash, input.pin);
        return candidate && valid ? candidate : null;
      },
    );
    if (!profile) {
      throw new UnauthenticatedError('Email or PIN is wrong.', {
        hint: 'Check both and try again.',
      });
    }
    return this.signedIn(profile.id);
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
