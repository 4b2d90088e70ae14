import { Module } from '@nestjs/common';
import { MulterModule } from '@nestjs/platform-express';
import { FeatureModule } from '@sports/common';
import { CsvAnalyzeService } from './csv-analyze.service';
import { CsvImportController } from './csv-import.controller';
import { CsvImportRepository } from './csv-import.repository';
import { CsvImportService } from './csv-import.service';
import { CsvMappingsService } from './csv-mappings.service';
import { CsvUploadCleanupInterceptor, CsvUploadStorage } from './csv-upload';
import { CsvUploadSweepService } from './csv-upload-sweep.service';

/** The services the upload storage needs too (the file size limit). */
@Module({
  providers: [CsvImportRepository, CsvMappingsService, CsvImportService],
  exports: [CsvImportRepository, CsvMappingsService, CsvImportService],
})
export class CsvImportCoreModule {}

/**
 * Module `csv_import`: CSV files imported by stored field mappings into weight, nutrition
 * (summed per day) and blood pressure; mappings, limits and the import log. Temporary uploads
 * left by a killed process are swept.
 */
@FeatureModule({
  name: 'csv_import',
  version: '0.3.2',
  imports: [
    CsvImportCoreModule,
    MulterModule.registerAsync({
      imports: [CsvImportCoreModule],
      inject: [CsvMappingsService],
      useFactory: (mappings: CsvMappingsService) => ({
        storage: new CsvUploadStorage(async () => (await mappings.limits()).max_file_bytes),
        limits: { files: 1, fields: 10, fieldSize: 10000, parts: 12 },
      }),
    }),
  ],
  controllers: [CsvImportController],
  providers: [CsvAnalyzeService, CsvUploadCleanupInterceptor, CsvUploadSweepService],
  exports: [CsvImportCoreModule],
})
export class CsvImportModule {}
