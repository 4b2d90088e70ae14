import { FeatureModule } from '@sports/common';

/** Module `reference_values` of the version table. Its endpoints and rules are built in issue #7. */
@FeatureModule({ name: 'reference_values', version: '1.3.0' })
export class ReferenceValuesModule {}
