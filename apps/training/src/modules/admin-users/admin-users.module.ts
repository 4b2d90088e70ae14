import { FeatureModule } from '@sports/common';

/** Module `admin_users` of the version table. Its endpoints and rules are built in issue #3. */
@FeatureModule({ name: 'admin_users', version: '1.0.0' })
export class AdminUsersModule {}
