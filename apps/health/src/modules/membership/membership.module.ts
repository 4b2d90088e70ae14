import { FeatureModule } from '@sports/common';

/** Module `membership` of the version table. Its endpoints and rules are built in issue #7. */
@FeatureModule({ name: 'membership', version: '2.1.0' })
export class MembershipModule {}
