import { FeatureModule } from '@sports/common';

/** Module `nutrition` of the version table. Its endpoints and rules are built in issue #7. */
@FeatureModule({ name: 'nutrition', version: '1.0.2' })
export class NutritionModule {}
