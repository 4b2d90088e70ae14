import { FeatureModule } from '@sports/common';

/** Module `admin_reference_value_types` of the version table. Its endpoints and rules are built in issue #7. */
@FeatureModule({ name: 'admin_reference_value_types', version: '1.0.0' })
export class AdminReferenceValueTypesModule {}
