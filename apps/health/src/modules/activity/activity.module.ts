import { FeatureModule } from '@sports/common';

/** Module `activity` of the version table. Its endpoints and rules are built in issue #7. */
@FeatureModule({ name: 'activity', version: '1.2.0' })
export class ActivityModule {}
