import { FeatureModule } from '@sports/common';

/** Module `groups` of the version table. Its endpoints and rules are built in issue #3. */
@FeatureModule({ name: 'groups', version: '0.1.0' })
export class GroupsModule {}
