import type { OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import type { CommonEnv } from '../config/common-env';
import { StorageSweeper, type StorageSweepOptions } from './storage-sweeper';

/**
 * A module's storage sweep on the service's schedule: at start and every
 * `STORAGE_SWEEP_INTERVAL_MINUTES` (0 = off), files older than `STORAGE_SWEEP_MIN_AGE_MINUTES`;
 * stopped (a run in progress awaited) with the module. A module's sweep service extends it and
 * names its areas.
 */
export abstract class ScheduledStorageSweep implements OnApplicationBootstrap, OnModuleDestroy {
  readonly sweeper: StorageSweeper;

  protected constructor(
    private readonly settings: Pick<
      CommonEnv,
      'STORAGE_SWEEP_INTERVAL_MINUTES' | 'STORAGE_SWEEP_MIN_AGE_MINUTES'
    >,
    dataSource: DataSource,
    areas: Pick<StorageSweepOptions, 'temporary' | 'stored'>,
    registry: Registry,
  ) {
    this.sweeper = new StorageSweeper(dataSource, {
      ...areas,
      minAgeMs: settings.STORAGE_SWEEP_MIN_AGE_MINUTES * 60_000,
      registry,
    });
  }

  onApplicationBootstrap(): void {
    const minutes = this.settings.STORAGE_SWEEP_INTERVAL_MINUTES;
    if (minutes > 0) this.sweeper.start(minutes * 60_000);
  }

  onModuleDestroy(): Promise<void> {
    return this.sweeper.stop();
  }
}
