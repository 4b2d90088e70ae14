import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { FeatureModule } from '@sports/common';
import { MembershipModule } from '../membership/membership.module';
import { CsvAnalyzeService } from './csv-analyze.service';
import { CsvImportController } from './csv-import.controller';
import { CsvImportRepository } from './csv-import.repository';
import { CsvImportService } from './csv-import.service';
import { CsvMappingsService } from './csv-mappings.service';
import { CsvImportFeatureGuard, CsvUploadCleanupInterceptor, CsvUploadStorage } from './csv-upload';

/** The services the upload storage needs too (file size limit, log of refused uploads). */
@Module({
  providers: [CsvImportRepository, CsvMappingsService, CsvImportService],
  exports: [CsvImportRepository, CsvMappingsService, CsvImportService],
})
export class CsvImportCoreModule {}

/**
 * Module `csv_import`: CSV files imported by stored field mappings into weight, nutrition
 * (summed per day) and blood pressure; mappings, limits and the import log.
 */
@FeatureModule({
  name: 'csv_import',
  version: '0.3.2',
  imports: [
    MembershipModule,
    CsvImportCoreModule,
    MulterModule.registerAsync({
      imports: [CsvImportCoreModule],
      inject: [CsvMappingsService, CsvImportService],
      useFactory: (mappings: CsvMappingsService, imports: CsvImportService) => ({
        storage: new CsvUploadStorage(
          async () => (await mappings.limits()).max_file_bytes,
          async (req, name, bytes, limit) => {
            if (req.user) {
              const body = req.body as { mapping_id?: string } | undefined;
              await imports.logRefusedUpload(req.user.id, name, bytes, limit, body?.mapping_id);
            }
          },
        ),
        limits: { files: 1, fields: 10, fieldSize: 10000, parts: 12 },
      }),
    }),
  ],
  controllers: [CsvImportController],
  providers: [CsvAnalyzeService, CsvImportFeatureGuard, CsvUploadCleanupInterceptor],
  exports: [CsvImportCoreModule],
})
export class CsvImportModule {}
