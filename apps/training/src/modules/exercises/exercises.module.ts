import { FeatureModule } from '@sports/common';

/** Module `exercises` of the version table. Its endpoints and rules are built in issue #4. */
@FeatureModule({ name: 'exercises', version: '2.19.1' })
export class ExercisesModule {}
