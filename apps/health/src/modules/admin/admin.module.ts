import { FeatureModule } from '@sports/common';

/** Module `admin` of the version table. Its endpoints and rules are built in issue #7. */
@FeatureModule({ name: 'admin', version: '1.4.0' })
export class AdminModule {}
