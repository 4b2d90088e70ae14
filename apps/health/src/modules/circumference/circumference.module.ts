import { FeatureModule } from '@sports/common';

/** Module `circumference` of the version table. Its endpoints and rules are built in issue #7. */
@FeatureModule({ name: 'circumference', version: '1.0.1' })
export class CircumferenceModule {}
