import { FeatureModule } from '@sports/common';

/** Module `training_programs` of the version table. Its endpoints and rules are built in issue #6. */
@FeatureModule({ name: 'training_programs', version: '0.1.0' })
export class TrainingProgramsModule {}
