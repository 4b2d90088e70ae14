import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { MetricsService, ScheduledStorageSweep, SERVICE_CONFIG } from '@sports/common';
import { DataSource } from 'typeorm';
import type { HealthConfig } from '../../config';
import { UPLOAD_DIR } from './csv-upload';

/**
 * Removes temporary CSV uploads that a killed process left behind (a finished request removes
 * its own), at start and every STORAGE_SWEEP_INTERVAL_MINUTES, once they are older than
 * STORAGE_SWEEP_MIN_AGE_MINUTES (longer than any import runs). The uploads are local to the
 * process that took them, so every process sweeps its own folder.
 */
@Injectable()
export class CsvUploadSweepService extends ScheduledStorageSweep {
  constructor(
    @Inject(SERVICE_CONFIG) config: HealthConfig,
    @InjectDataSource() dataSource: DataSource,
    metrics: MetricsService,
  ) {
    super(
      config,
      dataSource,
      { temporary: [{ name: 'csv_uploads', dir: UPLOAD_DIR }], stored: [] },
      metrics.registry,
    );
  }
}
