import { FeatureModule } from '@sports/common';

/** Module `planning` of the version table. Its endpoints and rules are built in issue #6. */
@FeatureModule({ name: 'planning', version: '0.8.1' })
export class PlanningModule {}
