import {
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import type { Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import type { CommonEnv } from '../config/common-env';
import type { JobsService } from '../jobs/jobs.service';
import { cronEveryMinutes, defineQueue } from '../jobs/queue-definition';
import { StorageSweeper, type StorageSweepOptions } from './storage-sweeper';

/**
 * A module's storage sweep, every `STORAGE_SWEEP_INTERVAL_MINUTES` (0 = off) and once at
 * start, of files older than `STORAGE_SWEEP_MIN_AGE_MINUTES`:
 * - stored files no row references: a cron job of the job queue (queue `storedQueue.name`,
 *   `stately`), one run across all replicas, on a worker process;
 * - temporary folders (staging files, temporary uploads): local to each process (an api pod's
 *   uploads land in its own folder), so every process sweeps its own on a timer.
 * A module's sweep service extends it and names its areas; `sweeper.run()` sweeps all now.
 */
export abstract class ScheduledStorageSweep
  implements OnModuleInit, OnApplicationBootstrap, OnModuleDestroy
{
  readonly sweeper: StorageSweeper;
  private readonly logger = new Logger('StorageSweep');

  protected constructor(
    private readonly settings: Pick<
      CommonEnv,
      'STORAGE_SWEEP_INTERVAL_MINUTES' | 'STORAGE_SWEEP_MIN_AGE_MINUTES'
    >,
    dataSource: DataSource,
    private readonly areas: Pick<StorageSweepOptions, 'temporary' | 'stored'>,
    registry: Registry,
    private readonly storedQueue?: { jobs: JobsService; name: string },
  ) {
    if (areas.stored.length && !storedQueue)
      throw new Error('A sweep of stored files needs a job queue to run on');
    this.sweeper = new StorageSweeper(dataSource, {
      ...areas,
      minAgeMs: settings.STORAGE_SWEEP_MIN_AGE_MINUTES * 60_000,
      registry,
    });
  }

  private get minutes(): number {
    return this.settings.STORAGE_SWEEP_INTERVAL_MINUTES;
  }

  onModuleInit(): void {
    if (!this.storedQueue || !this.areas.stored.length) return;
    const queue = defineQueue<Record<string, never>>(this.storedQueue.name, {
      policy: 'stately',
      retryLimit: 0,
    });
    this.storedQueue.jobs.work(
      queue,
      async () => {
        await this.sweeper.run(new Date(), { temporary: false, stored: true });
      },
      {
        cron: this.minutes > 0 ? cronEveryMinutes(this.minutes) : null,
        runAtStart: this.minutes > 0,
        // A failed sweep is not retried: the next one is due on schedule.
        deadLetter: async () => this.logger.warn(`the storage sweep ${queue.name} failed`),
      },
    );
  }

  onApplicationBootstrap(): void {
    if (this.minutes > 0 && this.areas.temporary.length)
      this.sweeper.start(this.minutes * 60_000, { temporary: true, stored: false });
  }

  onModuleDestroy(): Promise<void> {
    return this.sweeper.stop();
  }
}
