import { FeatureModule } from '@sports/common';

/** Module `club_memberships` of the version table. Its endpoints and rules are built in issue #3. */
@FeatureModule({ name: 'club_memberships', version: '1.0.1' })
export class ClubMembershipsModule {}
