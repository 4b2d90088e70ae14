import { ExecutionContext, SetMetadata } from '@nestjs/common';
import type { AuthUser } from './auth-user';

export const AFTER_AUTHENTICATION_METADATA = 'auth:after-authentication';

/**
 * Work a service needs done for every authenticated request once the caller is known and
 * the route's role rule has passed (e.g. resolving a tenant context). The access guard runs
 * every provider marked with `@AfterAuthentication()`, in one place and in a fixed order,
 * instead of relying on the order in which Nest happens to run several global guards.
 */
export interface AfterAuthenticationHook {
  afterAuthentication(context: ExecutionContext, user: AuthUser): Promise<void> | void;
}

/** Marks an injectable class implementing AfterAuthenticationHook. */
export const AfterAuthentication = (): ClassDecorator =>
  SetMetadata(AFTER_AUTHENTICATION_METADATA, true);
