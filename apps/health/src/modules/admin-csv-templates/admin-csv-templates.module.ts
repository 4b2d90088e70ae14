import { FeatureModule } from '@sports/common';

/** Module `admin_csv_templates` of the version table. Its endpoints and rules are built in issue #8. */
@FeatureModule({ name: 'admin_csv_templates', version: '0.3.0' })
export class AdminCsvTemplatesModule {}
