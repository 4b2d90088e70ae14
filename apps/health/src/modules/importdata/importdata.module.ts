import { FeatureModule } from '@sports/common';

/** Module `importdata` of the version table. Its endpoints and rules are built in issue #7. */
@FeatureModule({ name: 'importdata', version: '1.0.0' })
export class ImportdataModule {}
