import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import type { TenantContext } from './tenant-context';

export const ALLOW_STALE_CLUB_CONTEXT = 'tenant:allow-stale-club-context';

/**
 * On this route a stale or foreign `X-Active-Club-Id` is discarded (the default club is used)
 * instead of being refused with 403 CLUB_CONTEXT_FORBIDDEN. Only `GET /api/profiles/me` needs it.
 */
export const AllowStaleClubContext = (): MethodDecorator & ClassDecorator =>
  SetMetadata(ALLOW_STALE_CLUB_CONTEXT, true);

/** Request property under which the guard stores the resolved context. */
export const TENANT_REQUEST_KEY = 'tenantContext';

/** The caller's resolved tenant context; only on routes that require authentication. */
export const Tenant = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): TenantContext => {
    const req = ctx.switchToHttp().getRequest<Record<string, unknown>>();
    const tenant = req[TENANT_REQUEST_KEY] as TenantContext | undefined;
    if (!tenant) throw new Error('@Tenant() used on a route without authentication');
    return tenant;
  },
);

/**
 * The raw `X-Active-Club-Id` of the request (the header is documented once per operation by
 * `@TenantScoped()`; `@Headers()` would declare it a second time).
 */
export const ActiveClubHeader = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): string | undefined => {
    const raw = ctx.switchToHttp().getRequest<{ headers: Record<string, unknown> }>().headers[
      'x-active-club-id'
    ];
    return Array.isArray(raw) ? raw.join(',') : (raw as string | undefined);
  },
);
