import { Inject, Injectable } from '@nestjs/common';
import { createSecretKey, type KeyObject } from 'node:crypto';
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
import { IssuedRefreshToken, RefreshTokenStore } from './refresh-token.store';
import type { EntityManager } from 'typeorm';

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
  /**
   * The signing key, made once: given a string, jsonwebtoken first tries to parse it as a
   * private key on every signature (an exception each time), then makes the secret key.
   */
  private readonly signingKey: KeyObject;

  constructor(
    private readonly jwt: JwtService,
    private readonly refreshTokens: RefreshTokenStore,
    @Inject(AUTH_OPTIONS) private readonly options: AuthOptions,
    @Inject(AUTH_USER_RESOLVER) private readonly resolver: AuthUserResolver,
  ) {
    this.signingKey = createSecretKey(Buffer.from(options.jwtSecret, 'utf8'));
  }

  /** An access token of the session `sessionId` (the refresh token family issued at sign-in). */
  signAccessToken(user: AuthUser, sessionId: string): string {
    const claims: AccessTokenClaims = {
      sub: user.id,
      email: user.email,
      role: user.role,
      typ: 'access',
      sid: sessionId,
    };
    return this.jwt.sign(claims, {
      // @nestjs/jwt hands the key to jsonwebtoken untouched; its types only name strings and
      // Buffers.
      secret: this.signingKey as unknown as Buffer,
      expiresIn: this.options.accessTtlSeconds,
      issuer: this.options.issuer,
      algorithm: 'HS256',
    });
  }

  async issuePair(user: AuthUser): Promise<TokenPair> {
    const refresh = await this.refreshTokens.issue(user.id, this.options.refreshTtlDays);
    return this.pair(user, refresh);
  }

  async refresh(refreshToken: string): Promise<TokenPair> {
    const rotated = await this.refreshTokens.rotate(refreshToken, this.options.refreshTtlDays);
    const user = await this.resolver.resolve(rotated.subjectId);
    if (!user) {
      await this.refreshTokens.revokeAllOf(rotated.subjectId);
      throw new UnauthenticatedError('The account no longer exists or is inactive.');
    }
    return this.pair(user, rotated);
  }

  /** Ends the session of `refreshToken`: its access tokens are refused from the next request. */
  logout(refreshToken: string): Promise<void> {
    return this.refreshTokens.revokeFamilyOf(refreshToken);
  }

  /** Ends every session of the account (an administrator's reset, a deactivation, a deletion). */
  revokeAllOf(subjectId: string, manager?: EntityManager): Promise<void> {
    return this.refreshTokens.revokeAllOf(subjectId, manager);
  }

  /** Ends every other session of the account (its owner changed the secret or the e-mail). */
  revokeOtherSessions(
    subjectId: string,
    keepSessionId: string | undefined,
    manager?: EntityManager,
  ) {
    return this.refreshTokens.revokeAllOf(subjectId, manager, keepSessionId);
  }

  private pair(user: AuthUser, refresh: IssuedRefreshToken): TokenPair {
    return {
      access_token: this.signAccessToken(user, refresh.familyId),
      token_type: 'Bearer',
      expires_in: this.options.accessTtlSeconds,
      refresh_token: refresh.token,
      refresh_expires_at: refresh.expiresAt.toISOString(),
    };
  }
}
