import { ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { DiscoveryService, Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { ForbiddenError, UnauthenticatedError } from '../errors';
import { ACCESS_METADATA, AccessRule } from './access.decorators';
import { AFTER_AUTHENTICATION_METADATA, AfterAuthenticationHook } from './after-authentication';
import { AUTH_OPTIONS, AuthOptions, AuthUser } from './auth-user';
import { FeatureGate } from './feature-gate';

/**
 * The one global guard: reads the route's access rule, authenticates with the JWT strategy
 * unless the route is public, compares the caller's role with the rule's roles, runs the
 * after-authentication hooks, then the feature gate (`@RequireFeatures`).
 */
@Injectable()
export class AccessGuard extends AuthGuard('jwt') {
  private hooks?: AfterAuthenticationHook[];

  constructor(
    private readonly reflector: Reflector,
    private readonly discovery: DiscoveryService,
    @Inject(AUTH_OPTIONS) private readonly options: AuthOptions,
    private readonly features: FeatureGate,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const rule = accessRuleOf(this.reflector, context);
    if (!rule) throw new ForbiddenError('This route declares no access rule.');
    if (rule.kind === 'public') return true;
    await super.canActivate(context);
    const http = context.switchToHttp();
    // A caller's data is never kept by a shared or browser cache; a route that may be cached
    // (a file with its ETag) sets its own Cache-Control, which replaces this one.
    http
      .getResponse<{ setHeader(name: string, value: string): void }>()
      .setHeader('Cache-Control', 'no-store');
    const user = http.getRequest<{ user: AuthUser }>().user;
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

  /**
   * passport-jwt reports a bad or expired token as "no user" and hands over as `err` only what
   * `JwtStrategy.validate` threw: a domain error (account gone) or a failure of the account
   * lookup. A failed lookup is no verdict on the token, so it is rethrown for the global filter
   * (503 when the database is unavailable) instead of signing every client out.
   */
  override handleRequest<TUser = AuthUser>(err: unknown, user: TUser | false): TUser {
    if (err) throw err;
    if (!user) throw new UnauthenticatedError('A valid access token is required.');
    return user;
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
  return reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_METADATA, [
    context.getHandler(),
    context.getClass(),
  ]);
}
