import { FeatureModule } from '@sports/common';

/** Module `exportdata` of the version table. Its endpoints and rules are built in issue #7. */
@FeatureModule({ name: 'exportdata', version: '1.1.0' })
export class ExportdataModule {}
