import { FeatureModule } from '@sports/common';

/** Module `club_join_requests` of the version table. Its endpoints and rules are built in issue #3. */
@FeatureModule({ name: 'club_join_requests', version: '1.0.1' })
export class ClubJoinRequestsModule {}
