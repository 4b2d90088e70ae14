import { FeatureModule } from '@sports/common';

/** Module `stats` of the version table. Its endpoints and rules are built in issue #7. */
@FeatureModule({ name: 'stats', version: '1.0.1' })
export class StatsModule {}
