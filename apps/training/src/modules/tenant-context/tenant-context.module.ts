import { MiddlewareConsumer, NestModule } from '@nestjs/common';
import { FeatureModule } from '@sports/common';
import { ClubMembershipsModule } from '../club-memberships/club-memberships.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { TenantContextHook } from './tenant-context.hook';
import { TenantContextMiddleware } from './tenant-context.middleware';
import { TenantContextService } from './tenant-context.service';

/**
 * Module `tenant_context`: one guard resolves every authenticated request into
 * `{ profile_id, role, effective_club_id, club_roles }`; other modules read it through
 * `TenantContextService.current()` or `@Tenant()`, never from headers.
 */
@FeatureModule({
  name: 'tenant_context',
  version: '1.0.5',
  imports: [ClubMembershipsModule, ProfilesModule],
  providers: [TenantContextService, TenantContextHook],
  exports: [TenantContextService],
})
export class TenantContextModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(TenantContextMiddleware).forRoutes('{*splat}');
  }
}
