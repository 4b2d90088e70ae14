import { applyDecorators } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { ACCESS_METADATA, ApiErrors, type AccessRule } from '@sports/common';
import { ALLOW_STALE_CLUB_CONTEXT } from './tenant-context.decorators';

/** How clients name the active club (`TenantContextHook` reads it on every signed-in route). */
export const ACTIVE_CLUB_HEADER_NAME = 'X-Active-Club-Id';

function activeClubHeader(allowStale: boolean): MethodDecorator {
  return ApiHeader({
    name: ACTIVE_CLUB_HEADER_NAME,
    required: false,
    schema: { type: 'string', format: 'uuid' },
    description: allowStale
      ? 'The club to act in; a stale or foreign value is ignored here (the default club is used).'
      : 'The club to act in (one of the caller’s memberships, any club for a platform admin); without it the profile’s active club, else its oldest membership. A club the caller cannot act in is refused with 403 CLUB_CONTEXT_FORBIDDEN.',
  });
}

/** Nest's route path metadata (controller or handler). */
function routePath(target: object): string {
  const path = Reflect.getMetadata('path', target) as string | string[] | undefined;
  return Array.isArray(path) ? path.join(' ') : (path ?? '');
}

/**
 * Documents the tenant context on every signed-in route of a controller: the optional
 * `X-Active-Club-Id` header and, unless the route discards a stale value
 * (`@AllowStaleClubContext()`), 403 CLUB_CONTEXT_FORBIDDEN. Routes with a path parameter look
 * the resource up in the caller's tenant and answer 404 NOT_FOUND when it is not there (or not
 * visible). Public routes read neither. Apply it to the class (after the method decorators have
 * run, so the access rules are known).
 */
export function TenantScoped(): ClassDecorator {
  return (target) => {
    const prototype = (target as unknown as { prototype: object }).prototype;
    const classRule = Reflect.getMetadata(ACCESS_METADATA, target) as AccessRule | undefined;
    for (const key of Object.getOwnPropertyNames(prototype)) {
      if (key === 'constructor') continue;
      const descriptor = Object.getOwnPropertyDescriptor(prototype, key);
      const handler = descriptor?.value as unknown;
      if (typeof handler !== 'function' || !Reflect.hasMetadata('method', handler)) continue;
      const rule =
        (Reflect.getMetadata(ACCESS_METADATA, handler) as AccessRule | undefined) ?? classRule;
      if (!rule || rule.kind === 'public') continue;
      const allowStale = Reflect.getMetadata(ALLOW_STALE_CLUB_CONTEXT, handler) === true;
      const decorators = allowStale
        ? [activeClubHeader(true)]
        : [activeClubHeader(false), ApiErrors('CLUB_CONTEXT_FORBIDDEN')];
      if (`${routePath(target)} ${routePath(handler)}`.includes(':'))
        decorators.push(ApiErrors('NOT_FOUND'));
      applyDecorators(...decorators)(prototype, key, descriptor!);
    }
  };
}
