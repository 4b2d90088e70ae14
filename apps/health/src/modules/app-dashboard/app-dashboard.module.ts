import { FeatureModule } from '@sports/common';

/** Module `app_dashboard` of the version table. Its endpoints and rules are built in issue #9. */
@FeatureModule({ name: 'app_dashboard', version: '1.11.0' })
export class AppDashboardModule {}
