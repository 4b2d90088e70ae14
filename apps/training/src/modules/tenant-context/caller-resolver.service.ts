import { Injectable } from '@nestjs/common';
import type { AuthStateDetail, AuthUser, AuthUserResolver } from '@sports/common';
import { CallerColumnValues, isCallerColumns } from './caller-columns';
import { CallerMembership, TenantContextRepository } from './tenant-context.repository';

/**
 * The caller as the training service authenticates it: with its active club and memberships,
 * read in the same query as its role, so that the tenant context needs no query of its own.
 */
export interface AuthenticatedCaller extends AuthUser {
  activeClubId: string | null;
  memberships: CallerMembership[];
  /** The route's `CallerColumns` (`@ReadWithAuthState`), read in the same statement. */
  columns?: CallerColumnValues;
}

export function isAuthenticatedCaller(user: AuthUser): user is AuthenticatedCaller {
  return Array.isArray((user as Partial<AuthenticatedCaller>).memberships);
}

/**
 * Loads the caller's current role on every request, so role changes, deletions and ended
 * sessions act at once; with the route's `CallerColumns`, in the same statement.
 */
@Injectable()
export class CallerResolver implements AuthUserResolver {
  constructor(private readonly tenants: TenantContextRepository) {}

  async resolve(
    subjectId: string,
    sessionId?: string,
    detail?: AuthStateDetail,
  ): Promise<AuthenticatedCaller | null> {
    return this.tenants.findCaller(
      subjectId,
      sessionId,
      isCallerColumns(detail) ? detail : undefined,
    );
  }
}
