import { FeatureModule } from '@sports/common';
import { ExportdataModule } from '../exportdata/exportdata.module';
import { ImportdataController } from './importdata.controller';
import { ImportdataRepository } from './importdata.repository';
import { ImportdataService } from './importdata.service';

/** Module `importdata`: re-import of an export document (idempotent, one transaction, dry run). */
@FeatureModule({
  name: 'importdata',
  version: '1.0.0',
  imports: [ExportdataModule],
  controllers: [ImportdataController],
  providers: [ImportdataRepository, ImportdataService],
  exports: [ImportdataService],
})
export class ImportdataModule {}
