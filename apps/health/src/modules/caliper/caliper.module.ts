import { FeatureModule } from '@sports/common';

/** Module `caliper` of the version table. Its endpoints and rules are built in issue #7. */
@FeatureModule({ name: 'caliper', version: '1.0.1' })
export class CaliperModule {}
