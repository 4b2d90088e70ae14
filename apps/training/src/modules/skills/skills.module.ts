import { FeatureModule } from '@sports/common';

/** Module `skills` of the version table. Its endpoints and rules are built in issue #4. */
@FeatureModule({ name: 'skills', version: '0.1.0' })
export class SkillsModule {}
