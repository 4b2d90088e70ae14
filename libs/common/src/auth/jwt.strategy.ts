import { createSecretKey } from 'node:crypto';
import { Inject, Injectable, Optional } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(AUTH_OPTIONS) options: AuthOptions,
    @Optional() @Inject(AUTH_USER_RESOLVER) private readonly resolver?: AuthUserResolver,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A KeyObject made once: given a string, jsonwebtoken first tries to parse it as a public
      // key on every verification (an exception each time, ~0.3 ms per request), then makes the
      // secret key. passport-jwt hands the value to jsonwebtoken untouched; its types only
      // name strings and Buffers.
      secretOrKey: createSecretKey(Buffer.from(options.jwtSecret, 'utf8')) as unknown as Buffer,
      issuer: options.issuer,
      algorithms: ['HS256'],
      ignoreExpiration: false,
    });
  }

  async validate(claims: AccessTokenClaims): Promise<AuthUser> {
    if (
      claims.typ !== 'access' ||
      !UUID.test(claims.sub) ||
      !UUID.test(claims.sid) ||
      typeof claims.exp !== 'number'
    ) {
      throw new UnauthenticatedError('The access token is not valid; sign in again.');
    }
    const sessionId = claims.sid;
    if (!this.resolver)
      return { id: claims.sub, email: claims.email, role: claims.role, sessionId };
    const user = await this.resolver.resolve(claims.sub, sessionId);
    if (!user) {
      throw new UnauthenticatedError(
        'The session of this token has ended (signed out, secret changed) or the account is no longer active; sign in again.',
      );
    }
    return { ...user, sessionId };
  }
}
