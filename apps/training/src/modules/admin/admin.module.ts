import { FeatureModule } from '@sports/common';

/** Module `admin` of the version table. Its endpoints and rules are built in issue #3. */
@FeatureModule({ name: 'admin', version: '1.0.0' })
export class AdminModule {}
