import { ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AfterAuthentication, AfterAuthenticationHook, AuthUser } from '@sports/common';
import { isAuthenticatedCaller } from './caller-resolver.service';
import type { TenantContext } from './tenant-context';
import { ALLOW_STALE_CLUB_CONTEXT, TENANT_REQUEST_KEY } from './tenant-context.decorators';
import { TenantContextService } from './tenant-context.service';

export const ACTIVE_CLUB_HEADER = 'x-active-club-id';

interface GuardedRequest {
  user?: AuthUser;
  headers: Record<string, string | string[] | undefined>;
  [TENANT_REQUEST_KEY]?: TenantContext;
}

/**
 * Turns every authenticated request into a tenant context. The access guard of libs/common
 * calls it once the caller is authenticated and the route's role rule has passed; public
 * routes never reach it.
 */
@AfterAuthentication()
@Injectable()
export class TenantContextHook implements AfterAuthenticationHook {
  constructor(
    private readonly reflector: Reflector,
    private readonly tenants: TenantContextService,
  ) {}

  async afterAuthentication(context: ExecutionContext, user: AuthUser): Promise<void> {
    const req = context.switchToHttp().getRequest<GuardedRequest>();
    if (req[TENANT_REQUEST_KEY]) return;
    const allowStale =
      this.reflector.getAllAndOverride<boolean | undefined>(ALLOW_STALE_CLUB_CONTEXT, [
        context.getHandler(),
        context.getClass(),
      ]) === true;
    const raw = req.headers[ACTIVE_CLUB_HEADER];
    // Several values of the header cannot name one club; treat them as one bad value.
    const header = Array.isArray(raw) ? raw.join(',') : raw?.trim();
    const { clubNames: _names, ...tenant } = await this.tenants.resolve(
      user.id,
      user.role,
      header,
      allowStale,
      // Loaded with the account by the caller resolver (one query for both).
      isAuthenticatedCaller(user) ? user : undefined,
    );
    req[TENANT_REQUEST_KEY] = tenant;
  }
}
