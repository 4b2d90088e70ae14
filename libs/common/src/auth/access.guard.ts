import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { ForbiddenError, UnauthenticatedError } from '../errors';
import { ACCESS_METADATA, AccessRule } from './access.decorators';
import { AFTER_AUTHENTICATION_METADATA, AfterAuthenticationHook } from './after-authentication';
import {
  AUTH_STATE_DETAIL_REQUEST_KEY,
  authStateDetailOf,
  RequestWithAuthStateDetail,
} from './auth-state-detail';
import { AUTH_OPTIONS, AuthOptions, AuthUser } from './auth-user';
import { FeatureGate } from './feature-gate';
import { JwtStrategy } from './jwt.strategy';
import { routeMetadata } from './route-metadata';

/**
 * The one global guard: reads the route's access rule, authenticates with the JWT strategy
 * unless the route is public (reading the route's `@ReadWithAuthState` detail with the caller's
 * account), compares the caller's role with the rule's roles, runs the
 * after-authentication hooks, then the feature gate (`@RequireFeatures`).
 */
@Injectable()
export class AccessGuard implements CanActivate {
  private hooks?: AfterAuthenticationHook[];

  constructor(
    private readonly reflector: Reflector,
    private readonly discovery: DiscoveryService,
    @Inject(AUTH_OPTIONS) private readonly options: AuthOptions,
    private readonly features: FeatureGate,
    private readonly jwt: JwtStrategy,
  ) {}

  /** A public route is let through synchronously (no promise of an async guard to await). */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    const rule = accessRuleOf(this.reflector, context);
    if (!rule) throw new ForbiddenError('This route declares no access rule.');
    if (rule.kind === 'public') return true;
    return this.authenticate(context, rule);
  }

  private async authenticate(
    context: ExecutionContext,
    rule: Exclude<AccessRule, { kind: 'public' }>,
  ): Promise<boolean> {
    const http = context.switchToHttp();
    const req = http.getRequest<Request & RequestWithAuthStateDetail & { user?: AuthUser }>();
    const detail = authStateDetailOf(this.reflector, context);
    if (detail) req[AUTH_STATE_DETAIL_REQUEST_KEY] = detail;
    // The strategy runs directly, not through passport's middleware: the same verification and
    // outcomes without the middleware's per-request work. A bad or expired token is "no caller";
    // what the account lookup threw (a domain error, or a failed lookup, which is no verdict on
    // the token: 503 when the database is unavailable) passes on to the global filter.
    const user = await this.jwt.callerOf(req);
    if (!user) throw new UnauthenticatedError('A valid access token is required.');
    req.user = user;
    // A caller's data is never kept by a shared or browser cache; a route that may be cached
    // (a file with its ETag) sets its own Cache-Control, which replaces this one.
    http
      .getResponse<{ setHeader(name: string, value: string): void }>()
      .setHeader('Cache-Control', 'no-store');
    if (rule.kind === 'roles' && !this.hasAnyRole(user.role, rule.roles)) {
      throw new ForbiddenError(
        `This action requires the role ${rule.roles.join(' or ')}.`,
        'FORBIDDEN',
        {
          extensions: { required_roles: rule.roles },
        },
      );
    }
    for (const hook of this.afterAuthenticationHooks())
      await hook.afterAuthentication(context, user);
    await this.features.checkRoute(context, user);
    return true;
  }

  private afterAuthenticationHooks(): AfterAuthenticationHook[] {
    this.hooks ??= this.discovery
      .getProviders()
      .filter(
        (w) =>
          w.metatype &&
          w.instance &&
          Reflect.getMetadata(AFTER_AUTHENTICATION_METADATA, w.metatype),
      )
      .map((w) => w.instance as AfterAuthenticationHook);
    return this.hooks;
  }

  hasAnyRole(role: string, required: string[]): boolean {
    const rank = this.options.roleRanks[role];
    if (rank === undefined) return false;
    return required.some(
      (r) => this.options.roleRanks[r] !== undefined && rank >= this.options.roleRanks[r],
    );
  }
}

export function accessRuleOf(
  reflector: Reflector,
  context: ExecutionContext,
): AccessRule | undefined {
  return routeMetadata<AccessRule>(reflector, ACCESS_METADATA, context);
}
