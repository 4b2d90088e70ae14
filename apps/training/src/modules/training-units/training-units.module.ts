import { FeatureModule } from '@sports/common';

/** Module `training_units` of the version table. Its endpoints and rules are built in issue #6. */
@FeatureModule({ name: 'training_units', version: '0.2.0' })
export class TrainingUnitsModule {}
