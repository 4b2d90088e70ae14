import { FeatureModule } from '@sports/common';
import { CsvImportCoreModule } from '../csv-import/csv-import.module';
import { AdminCsvTemplatesController } from './admin-csv-templates.controller';

/**
 * Module `admin_csv_templates`: administrators create, change and delete the system CSV
 * templates (saved only when validation passes) and set the import limits.
 */
@FeatureModule({
  name: 'admin_csv_templates',
  version: '0.3.0',
  imports: [CsvImportCoreModule],
  controllers: [AdminCsvTemplatesController],
})
export class AdminCsvTemplatesModule {}
