import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { MetricsService, SERVICE_CONFIG, StorageSweeper } from '@sports/common';
import { DataSource } from 'typeorm';
import type { TrainingConfig } from '../../../config';
import { MediaAssetsRepository } from '../media-assets.repository';
import { MediaStorageService } from './media-storage.service';

/** `<relative root>/<visibility>/<club, profile or platform>/<sha[0..2]>/<sha>.<ext>` (media-paths.ts). */
const MEDIA_KEY =
  /^([A-Za-z0-9._-]+\/)+(private|club|official)\/([0-9a-f-]{36}|platform)\/[0-9a-f]{2}\/[0-9a-f]{64}\.[a-z0-9]{1,10}$/;

/** `<relative root>/renditions/<asset id>/<variant>.webp` (media-asset-files.service.ts). */
const RENDITION_KEY = /^([A-Za-z0-9._-]+\/)+renditions\/[0-9a-f-]{36}\/(thumbnail|preview)\.webp$/;

/**
 * Storage hygiene of the media library: staging files of interrupted uploads and stored files
 * no asset references, swept at start and every STORAGE_SWEEP_INTERVAL_MINUTES.
 */
@Injectable()
export class MediaStorageSweepService implements OnApplicationBootstrap, OnModuleDestroy {
  readonly sweeper: StorageSweeper;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: TrainingConfig,
    @InjectDataSource() dataSource: DataSource,
    storage: MediaStorageService,
    repo: MediaAssetsRepository,
    metrics: MetricsService,
  ) {
    this.sweeper = new StorageSweeper(dataSource, {
      temporary: [{ name: 'media_staging', dir: storage.staging.dir }],
      stored: [
        {
          name: 'media',
          driver: storage.driver,
          owns: (key) => MEDIA_KEY.test(key),
          referenced: (m, keys) => repo.referencedStorageKeys(m, keys),
        },
        {
          name: 'media_renditions',
          driver: storage.driver,
          owns: (key) => RENDITION_KEY.test(key),
          referenced: (m, keys) => repo.referencedRenditionKeys(m, keys),
        },
      ],
      minAgeMs: config.STORAGE_SWEEP_MIN_AGE_MINUTES * 60_000,
      registry: metrics.registry,
    });
  }

  onApplicationBootstrap(): void {
    const minutes = this.config.STORAGE_SWEEP_INTERVAL_MINUTES;
    if (minutes > 0) this.sweeper.start(minutes * 60_000);
  }

  onModuleDestroy(): Promise<void> {
    return this.sweeper.stop();
  }
}
