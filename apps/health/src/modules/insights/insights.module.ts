import { FeatureModule } from '@sports/common';

/** Module `insights` of the version table. Its endpoints and rules are built in issue #10. */
@FeatureModule({ name: 'insights', version: '1.3.0' })
export class InsightsModule {}
