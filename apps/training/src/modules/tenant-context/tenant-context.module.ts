import { FeatureModule } from '@sports/common';

/** Module `tenant_context` of the version table. Its endpoints and rules are built in issue #3. */
@FeatureModule({ name: 'tenant_context', version: '1.0.5' })
export class TenantContextModule {}
