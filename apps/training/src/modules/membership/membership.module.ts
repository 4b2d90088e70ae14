import { FeatureModule } from '@sports/common';

/** Module `membership` of the version table. Its endpoints and rules are built in issue #3. */
@FeatureModule({ name: 'membership', version: '1.0.0' })
export class MembershipModule {}
