import { Logger } from '@nestjs/common';
import { opendir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Counter, type Registry } from 'prom-client';
import type { DataSource, EntityManager } from 'typeorm';
import type { StorageDriver } from './storage-driver';
import { lockStoredFilesExclusive } from './stored-files-lock';

/** A local folder of temporary files (staging files, temporary uploads): removed when old. */
export interface TemporaryFilesArea {
  name: string;
  dir: string;
}

/** Stored files that rows reference: a file no row references is an orphan, removed when old. */
export interface StoredFilesArea {
  name: string;
  driver: StorageDriver;
  /** Whether a key has the layout of this area's files; other files are never touched. */
  owns(key: string): boolean;
  /** The keys among `keys` that a row references (read inside the sweep's locked transaction). */
  referenced(m: EntityManager, keys: string[]): Promise<Set<string>>;
}

export interface StorageSweepOptions {
  temporary: TemporaryFilesArea[];
  stored: StoredFilesArea[];
  /** Only files last written longer ago than this are candidates. */
  minAgeMs: number;
  /** Keys checked and deleted per locked transaction (default 200). */
  batchSize?: number;
  /** Registry of the service's Prometheus metrics. */
  registry?: Registry;
}

export interface StorageSweepReport {
  /** Files removed per area name. */
  removed: Record<string, number>;
  /** True when another replica held the sweep lock, so stored files were not swept. */
  storedSkipped: boolean;
}

/** Which areas a run sweeps: the process's temporary folders, the shared stored files. */
export interface SweepParts {
  temporary: boolean;
  stored: boolean;
}

export const ALL_PARTS: SweepParts = { temporary: true, stored: true };

const REMOVED_FILES = 'storage_sweep_removed_files_total';

/** The counter of removed files, shared by the sweepers of one service's registry. */
function removedFilesCounter(registry: Registry): Counter<'area' | 'kind'> {
  const existing = registry.getSingleMetric(REMOVED_FILES);
  if (existing) return existing as Counter<'area' | 'kind'>;
  return new Counter({
    name: REMOVED_FILES,
    help: 'Files removed by the storage sweep, by area and kind (temporary or orphan)',
    labelNames: ['area', 'kind'],
    registers: [registry],
  });
}

/** Only one replica sweeps stored files at a time (session lock, held for the run). */
const SWEEP_RUN_LOCK = 'storage:sweep-run';

/**
 * Storage hygiene: removes old temporary files (staging files of interrupted uploads,
 * temporary uploads) and stored files that no row references (a process killed between
 * placing a file and committing its row). A stored file is only removed under the exclusive
 * stored-files lock, after its row check, so a file of a transaction still open is never taken
 * for an orphan; replicas take turns through a PostgreSQL advisory lock.
 */
export class StorageSweeper {
  private readonly logger = new Logger('StorageSweep');
  private readonly removedTotal?: Counter<'area' | 'kind'>;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<StorageSweepReport> | null = null;

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: StorageSweepOptions,
  ) {
    if (options.registry) this.removedTotal = removedFilesCounter(options.registry);
  }

  /**
   * Sweeps `parts` now and then every `intervalMs` in this process; failures are logged, never
   * thrown. Temporary files are local to a process, so each process sweeps its own on this
   * timer (ScheduledStorageSweep); stored files are swept by one cron job for all replicas
   * (the media library's sweep still sweeps both here until it moves to the job queue).
   */
  start(intervalMs: number, parts: SweepParts = ALL_PARTS): void {
    const tick = (): void => {
      if (this.running) return;
      this.running = this.run(new Date(), parts)
        .catch((err: Error) => {
          this.logger.error(`storage sweep failed: ${err.message}`);
          return { removed: {}, storedSkipped: true };
        })
        .finally(() => {
          this.running = null;
        });
    };
    tick();
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
  }

  /** Stops the schedule and waits for a run in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  async run(now = new Date(), parts: SweepParts = ALL_PARTS): Promise<StorageSweepReport> {
    const cutoff = now.getTime() - this.options.minAgeMs;
    const removed: Record<string, number> = {};
    for (const area of parts.temporary ? this.options.temporary : []) {
      removed[area.name] = await this.sweepTemporary(area, cutoff);
    }
    const storedSkipped =
      parts.stored &&
      this.options.stored.length > 0 &&
      !(await this.withRunLock(async (m) => {
        for (const area of this.options.stored) {
          removed[area.name] = await this.sweepStored(m, area, cutoff);
        }
      }));
    const total = Object.values(removed).reduce((a, b) => a + b, 0);
    if (total > 0) this.logger.log({ removed }, `storage sweep removed ${total} files`);
    return { removed, storedSkipped };
  }

  private async sweepTemporary(area: TemporaryFilesArea, cutoff: number): Promise<number> {
    let removed = 0;
    let dir;
    try {
      dir = await opendir(area.dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw err;
    }
    for await (const entry of dir) {
      if (!entry.isFile()) continue;
      const file = path.join(area.dir, entry.name);
      const s = await stat(file).catch(() => null);
      if (!s || s.mtimeMs >= cutoff) continue;
      await rm(file, { force: true });
      removed += 1;
      this.removedTotal?.inc({ area: area.name, kind: 'temporary' });
    }
    return removed;
  }

  private async sweepStored(
    m: EntityManager,
    area: StoredFilesArea,
    cutoff: number,
  ): Promise<number> {
    let removed = 0;
    let batch: string[] = [];
    const flush = async (): Promise<void> => {
      if (batch.length) removed += await this.removeOrphans(m, area, batch);
      batch = [];
    };
    for await (const o of area.driver.list()) {
      if (o.modifiedAt.getTime() >= cutoff || !area.owns(o.key)) continue;
      batch.push(o.key);
      if (batch.length >= (this.options.batchSize ?? 200)) await flush();
    }
    await flush();
    return removed;
  }

  private removeOrphans(m: EntityManager, area: StoredFilesArea, keys: string[]): Promise<number> {
    return m.transaction(async (tx) => {
      await lockStoredFilesExclusive(tx);
      const referenced = await area.referenced(tx, keys);
      let removed = 0;
      for (const key of keys) {
        if (referenced.has(key)) continue;
        await area.driver.delete(key);
        removed += 1;
        this.removedTotal?.inc({ area: area.name, kind: 'orphan' });
        this.logger.warn({ area: area.name, key }, 'removed an unreferenced stored file');
      }
      return removed;
    });
  }

  /**
   * Runs `work` on one connection (holding the session lock) when no other replica is
   * sweeping; answers whether it ran.
   */
  private async withRunLock(work: (m: EntityManager) => Promise<void>): Promise<boolean> {
    const runner = this.dataSource.createQueryRunner();
    await runner.connect();
    try {
      const [{ locked }] = (await runner.query(
        'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked',
        [SWEEP_RUN_LOCK],
      )) as { locked: boolean }[];
      if (!locked) return false;
      try {
        await work(runner.manager);
      } finally {
        await runner.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [SWEEP_RUN_LOCK]);
      }
      return true;
    } finally {
      await runner.release();
    }
  }
}
