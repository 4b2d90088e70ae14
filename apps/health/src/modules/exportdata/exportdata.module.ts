import { FeatureModule } from '@sports/common';
import { ExportdataController } from './exportdata.controller';
import { ExportdataRepository } from './exportdata.repository';
import { ExportdataService } from './exportdata.service';

/** Module `exportdata`: the caller's complete data as one versioned JSON document. */
@FeatureModule({
  name: 'exportdata',
  version: '1.1.0',
  controllers: [ExportdataController],
  providers: [ExportdataRepository, ExportdataService],
  exports: [ExportdataService],
})
export class ExportdataModule {}
