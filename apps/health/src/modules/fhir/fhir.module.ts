import { FeatureModule } from '@sports/common';
import { ExportdataModule } from '../exportdata/exportdata.module';
import { ImportdataModule } from '../importdata/importdata.module';
import { FhirController } from './fhir.controller';
import { FhirService } from './fhir.service';

/** Module `fhir`: export and import of the caller's data as a FHIR R4 Bundle (feature `export`). */
@FeatureModule({
  name: 'fhir',
  version: '1.0.0',
  extension: true,
  imports: [ExportdataModule, ImportdataModule],
  controllers: [FhirController],
  providers: [FhirService],
})
export class FhirModule {}
