import { FeatureModule } from '@sports/common';

/** Module `weight` of the version table. Its endpoints and rules are built in issue #7. */
@FeatureModule({ name: 'weight', version: '1.0.3' })
export class WeightModule {}
