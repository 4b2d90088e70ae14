import { FeatureModule } from '@sports/common';
import { CallerResolver } from './caller-resolver.service';
import { TenantContextHook } from './tenant-context.hook';
import { TenantContextRepository } from './tenant-context.repository';
import { TenantContextService } from './tenant-context.service';

/**
 * Module `tenant_context`: one guard resolves every authenticated request into
 * `{ profile_id, role, effective_club_id, club_roles }`; other modules read it through
 * `@Tenant()`, never from headers. It is the bottom of the
 * module graph: it imports no other module and reads the caller's account and clubs with its own
 * query, in the same query that authenticates the caller (`CallerResolver`).
 */
@FeatureModule({
  name: 'tenant_context',
  version: '1.0.5',
  providers: [TenantContextRepository, TenantContextService, TenantContextHook, CallerResolver],
  exports: [TenantContextService, CallerResolver],
})
export class TenantContextModule {}
