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

  async login(input: LoginRequest): Promise<AuthResponse> {
    const profile = await this.profiles.findByEmailWithSecret(input.email);
    const valid = await this.hasher.verifyOrFail(profile?.pinHash, input.pin);
    if (!profile || !valid)
      throw new UnauthenticatedError('Email or PIN is wrong.', {
        hint: 'Check both and try again.',
      });
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
