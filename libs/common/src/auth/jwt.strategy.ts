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
    if (claims.typ !== 'access' || typeof claims.sub !== 'string') {
      throw new UnauthenticatedError('The access token is not valid.');
    }
    if (!this.resolver) return { id: claims.sub, email: claims.email, role: claims.role };
    const user = await this.resolver.resolve(claims.sub);
    if (!user)
      throw new UnauthenticatedError('The account of this token no longer exists or is inactive.');
    return user;
  }
}
