import { FeatureModule } from '@sports/common';

/** Module `workflow` of the version table. Its endpoints and rules are built in issue #10. */
@FeatureModule({ name: 'workflow', version: '0.7.0' })
export class WorkflowModule {}
