import { createSecretKey } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { UnauthenticatedError } from '../errors';
import {
  AUTH_OPTIONS,
  AUTH_USER_RESOLVER,
  AccessTokenClaims,
  AuthOptions,
  AuthUser,
  AuthUserResolver,
} from './auth-user';
import { AUTH_STATE_DETAIL_REQUEST_KEY, RequestWithAuthStateDetail } from './auth-state-detail';
import { VerifiedTokenCache } from './verified-token-cache';

const bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A claim that is a UUID string (claims of a signed token are whatever JSON it carries). */
const isUuid = (claim: unknown): claim is string => typeof claim === 'string' && UUID.test(claim);

/**
 * passport-jwt verifies the token (HS256 signature, issuer, expiry) and hands the claims to
 * `validate`, which loads the account and session on every request. A token seen before within
 * its lifetime skips the verification: its claims come from a bounded cache keyed by the token's
 * SHA-256 (`VerifiedTokenCache`); the account and session lookup runs as for a fresh token.
 */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  private readonly verifiedTokens = new VerifiedTokenCache<AccessTokenClaims>();

  constructor(
    @Inject(AUTH_OPTIONS) options: AuthOptions,
    @Optional() @Inject(AUTH_USER_RESOLVER) private readonly resolver?: AuthUserResolver,
  ) {
    super({
      jwtFromRequest: bearerToken,
      // A KeyObject made once: given a string, jsonwebtoken first tries to parse it as a public
      // key on every verification (an exception each time, ~0.3 ms per request), then makes the
      // secret key. passport-jwt hands the value to jsonwebtoken untouched; its types only
      // name strings and Buffers.
      secretOrKey: createSecretKey(Buffer.from(options.jwtSecret, 'utf8')) as unknown as Buffer,
      issuer: options.issuer,
      algorithms: ['HS256'],
      ignoreExpiration: false,
      passReqToCallback: true,
    });
  }

  /**
   * passport calls this on an object made from the registered strategy (`Object.create`), which
   * carries its own `success`, `fail` and `error`; the cache is reached through the prototype.
   */
  override authenticate(req: Request, options?: object): void {
    const token = bearerToken(req);
    const claims = token ? this.verifiedTokens.get(token) : undefined;
    if (!claims) {
      super.authenticate(req, options);
      return;
    }
    this.userOf(claims, req).then(
      (user) => this.success(user),
      (err: unknown) => this.error(err as Error),
    );
  }

  /**
   * The caller of `req` (the access guard's one way in): false when the token is missing or
   * fails the verification (passport's `fail`); rejects with what `validate` or the account
   * lookup threw (`error`). Runs `authenticate` as passport's middleware does, on an object made
   * from the strategy with its own outcome callbacks, without the middleware around it.
   */
  callerOf(req: Request): Promise<AuthUser | false> {
    return new Promise((resolve, reject) => {
      const run = Object.create(this) as JwtStrategy;
      run.success = (user: AuthUser) => resolve(user);
      run.fail = () => resolve(false);
      run.error = (err: Error) => reject(err);
      run.authenticate(req);
    });
  }

  /**
   * After passport-jwt verified the token: claims that fit an access token are kept. A signed
   * token may still carry claims of any JSON type: `sub` and `sid` must be UUID strings (a
   * number, object or array would reach the account lookup, `["<uuid>"]` even pass a RegExp
   * test as its string), else the token is refused like any invalid one (401).
   */
  async validate(req: Request, claims: AccessTokenClaims): Promise<AuthUser> {
    if (
      claims.typ !== 'access' ||
      !isUuid(claims.sub) ||
      !isUuid(claims.sid) ||
      typeof claims.exp !== 'number'
    ) {
      throw new UnauthenticatedError('The access token is not valid; sign in again.');
    }
    const token = bearerToken(req);
    if (token) this.verifiedTokens.set(token, claims);
    return this.userOf(claims, req);
  }

  /**
   * The caller now: the account and its session are looked up on every request, with what the
   * route reads along (`@ReadWithAuthState`, left on the request by the access guard).
   */
  private async userOf(claims: AccessTokenClaims, req: Request): Promise<AuthUser> {
    const sessionId = claims.sid;
    if (!this.resolver)
      return { id: claims.sub, email: claims.email, role: claims.role, sessionId };
    const detail = (req as RequestWithAuthStateDetail)[AUTH_STATE_DETAIL_REQUEST_KEY];
    const user = await this.resolver.resolve(claims.sub, sessionId, detail);
    if (!user) {
      throw new UnauthenticatedError(
        'The session of this token has ended (signed out, secret changed) or the account is no longer active; sign in again.',
      );
    }
    return { ...user, sessionId };
  }
}
