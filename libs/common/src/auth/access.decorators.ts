import {
  applyDecorators,
  createParamDecorator,
  ExecutionContext,
  SetMetadata,
} from '@nestjs/common';
import { ApiBearerAuth, ApiForbiddenResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { AuthUser } from './auth-user';

export const ACCESS_METADATA = 'access:rule';

/** Who may call a route: everyone, any signed-in user, or signed-in users of given roles. */
export type AccessRule =
  { kind: 'public' } | { kind: 'authenticated' } | { kind: 'roles'; roles: string[] };

/** Anyone, without a token. */
export const Public = (): MethodDecorator & ClassDecorator =>
  SetMetadata(ACCESS_METADATA, { kind: 'public' } satisfies AccessRule);

/** Any signed-in user; object-level checks happen in the service. */
export const Authenticated = (): MethodDecorator & ClassDecorator =>
  applyDecorators(
    SetMetadata(ACCESS_METADATA, { kind: 'authenticated' } satisfies AccessRule),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'Missing or invalid access token (problem+json)' }),
  );

/** Signed-in users holding one of `roles` or a role ranked above it. */
export const Roles = (...roles: string[]): MethodDecorator & ClassDecorator =>
  applyDecorators(
    SetMetadata(ACCESS_METADATA, { kind: 'roles', roles } satisfies AccessRule),
    ApiBearerAuth(),
    ApiUnauthorizedResponse({ description: 'Missing or invalid access token (problem+json)' }),
    ApiForbiddenResponse({ description: `Requires role: ${roles.join(' or ')} (problem+json)` }),
  );

/** The authenticated caller, as resolved by the access guard. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): AuthUser => {
    const req = ctx.switchToHttp().getRequest<{ user?: AuthUser }>();
    if (!req.user) throw new Error('CurrentUser used on a route without authentication');
    return req.user;
  },
);
