import { Inject, Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { UnauthenticatedError } from '../errors';
import {
  AUTH_OPTIONS,
  AUTH_USER_RESOLVER,
  AccessTokenClaims,
  AuthOptions,
  AuthUser,
  AuthUserResolver,
} from './auth-user';
import { RefreshTokenStore } from './refresh-token.store';

export interface TokenPair {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  refresh_expires_at: string;
}

/** Issues access + refresh token pairs and performs refresh and logout. */
@Injectable()
export class AuthTokensService {
  constructor(
    private readonly jwt: JwtService,
    private readonly refreshTokens: RefreshTokenStore,
    @Inject(AUTH_OPTIONS) private readonly options: AuthOptions,
    @Inject(AUTH_USER_RESOLVER) private readonly resolver: AuthUserResolver,
  ) {}

  signAccessToken(user: AuthUser): string {
    const claims: AccessTokenClaims = {
      sub: user.id,
      email: user.email,
      role: user.role,
      typ: 'access',
    };
    return this.jwt.sign(claims, {
      expiresIn: this.options.accessTtlSeconds,
      issuer: this.options.issuer,
      algorithm: 'HS256',
    });
  }

  async issuePair(user: AuthUser): Promise<TokenPair> {
    const refresh = await this.refreshTokens.issue(user.id, this.options.refreshTtlDays);
    return this.pair(user, refresh.token, refresh.expiresAt);
  }

  async refresh(refreshToken: string): Promise<TokenPair> {
    const rotated = await this.refreshTokens.rotate(refreshToken, this.options.refreshTtlDays);
    const user = await this.resolver.resolve(rotated.subjectId);
    if (!user) {
      await this.refreshTokens.revokeAllOf(rotated.subjectId);
      throw new UnauthenticatedError('The account no longer exists or is inactive.');
    }
    return this.pair(user, rotated.token, rotated.expiresAt);
  }

  logout(refreshToken: string): Promise<void> {
    return this.refreshTokens.revokeFamilyOf(refreshToken);
  }

  revokeAllOf(subjectId: string): Promise<void> {
    return this.refreshTokens.revokeAllOf(subjectId);
  }

  private pair(user: AuthUser, refreshToken: string, expiresAt: Date): TokenPair {
    return {
      access_token: this.signAccessToken(user),
      token_type: 'Bearer',
      expires_in: this.options.accessTtlSeconds,
      refresh_token: refreshToken,
      refresh_expires_at: expiresAt.toISOString(),
    };
  }
}
