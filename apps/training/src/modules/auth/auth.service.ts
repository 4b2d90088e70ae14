import { Inject, Injectable } from '@nestjs/common';
import {
  AuthTokensService,
  ConflictError,
  PasswordHasher,
  SERVICE_CONFIG,
  TokenPair,
  UnauthenticatedError,
} from '@sports/common';
import { DataSource } from 'typeorm';
import type { TrainingConfig } from '../../config';
import { ProfilesRepository } from '../profiles/profiles.repository';
import { toProfileResponse } from '../profiles/profile.response';
import type { AuthResponse, LoginRequest, RegisterRequest } from './dto/auth.dto';

/** Serialises sign-ups so that "the first registered user" is decided exactly once. */
const REGISTER_LOCK_KEY = 4_201_733;

@Injectable()
export class AuthService {
  /** Verified against when the email is unknown, so both failures take the same time. */
  private readonly dummyHash: Promise<string>;

  constructor(
    private readonly dataSource: DataSource,
    private readonly profiles: ProfilesRepository,
    private readonly hasher: PasswordHasher,
    private readonly tokens: AuthTokensService,
    @Inject(SERVICE_CONFIG) private readonly config: TrainingConfig,
  ) {
    this.dummyHash = hasher.hash('00000000');
  }

  async register(input: RegisterRequest): Promise<AuthResponse> {
    const email = input.email.toLowerCase();
    const pinHash = await this.hasher.hash(input.pin);
    const profile = await this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [REGISTER_LOCK_KEY]);
      if (await this.profiles.emailTaken(email, manager)) {
        throw new ConflictError('A profile with this email already exists.', 'EMAIL_TAKEN');
      }
      const first = (await this.profiles.count(manager)) === 0;
      const bootstrap = this.config.ADMIN_BOOTSTRAP_EMAILS.some((e) => e.toLowerCase() === email);
      return this.profiles.insert(manager, {
        name: input.name,
        email,
        pinHash,
        role: first || bootstrap ? 'superadmin' : 'user',
      });
    });
    return this.signedIn(profile.id);
  }

  async login(input: LoginRequest): Promise<AuthResponse> {
    const profile = await this.profiles.findByEmailWithSecret(input.email);
    const valid = await this.hasher.verify(profile?.pinHash ?? (await this.dummyHash), input.pin);
    if (!profile || !valid) throw new UnauthenticatedError('Email or PIN is wrong.', { hint: 'Check both and try again.' });
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
    const pair = await this.tokens.issuePair({ id: profile.id, email: profile.email, role: profile.role });
    return { ...pair, profile: toProfileResponse(profile) };
  }
}
