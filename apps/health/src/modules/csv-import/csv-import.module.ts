import { FeatureModule } from '@sports/common';

/** Module `csv_import` of the version table. Its endpoints and rules are built in issue #8. */
@FeatureModule({ name: 'csv_import', version: '0.3.2' })
export class CsvImportModule {}
