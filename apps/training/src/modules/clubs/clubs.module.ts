import { FeatureModule } from '@sports/common';

/** Module `clubs` of the version table. Its endpoints and rules are built in issue #3. */
@FeatureModule({ name: 'clubs', version: '0.4.1' })
export class ClubsModule {}
