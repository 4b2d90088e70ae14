import { type ExecutionContext, SetMetadata } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import { routeMetadata } from './route-metadata';

export const AUTH_STATE_DETAIL_METADATA = 'auth:state-detail';

/**
 * More of the caller's account that a route reads in the statement that authenticates the
 * request (`AuthUserResolver.resolve`), instead of a statement of its own. `key` names it; what
 * else it holds is the service's resolver's business (libs/common only passes it on).
 */
export interface AuthStateDetail {
  readonly key: string;
}

/**
 * The route reads `detail` with the auth state: the access guard hands it to the resolver, which
 * adds it to the one statement that checks the account and its session. Nothing changes in the
 * checks: a resolver that does not know `detail` ignores it.
 */
export const ReadWithAuthState = (detail: AuthStateDetail): MethodDecorator & ClassDecorator =>
  SetMetadata(AUTH_STATE_DETAIL_METADATA, detail);

/** Where the access guard leaves the route's detail for the JWT strategy. */
export const AUTH_STATE_DETAIL_REQUEST_KEY = Symbol('authStateDetail');

export interface RequestWithAuthStateDetail {
  [AUTH_STATE_DETAIL_REQUEST_KEY]?: AuthStateDetail;
}

/** The detail of a route (`@ReadWithAuthState` on the handler, else on the controller). */
export function authStateDetailOf(
  reflector: Reflector,
  context: ExecutionContext,
): AuthStateDetail | undefined {
  return routeMetadata<AuthStateDetail>(reflector, AUTH_STATE_DETAIL_METADATA, context);
}
