import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { JOB_QUEUE_SCHEMA } from '../jobs/job-leases';
import { JobsService } from '../jobs/jobs.service';
import { cloneTestDatabase, type TestDatabase } from '../testing/test-database';
import { waitFor } from '../testing/wait-for';
import { LocalStorageDriver } from './local-storage.driver';
import { ScheduledStorageSweep } from './scheduled-storage-sweep';

const OLD = new Date(Date.now() - 3 * 3_600_000);

/** A sweep as a module declares it: its own temporary folder, stored files of a shared root. */
class FilesSweep extends ScheduledStorageSweep {
  constructor(
    dataSource: DataSource,
    jobs: JobsService,
    temp: string,
    root: string,
    readonly checks: string[][],
  ) {
    super(
      { STORAGE_SWEEP_INTERVAL_MINUTES: 60, STORAGE_SWEEP_MIN_AGE_MINUTES: 60 },
      dataSource,
      {
        temporary: [{ name: 'staging', dir: temp }],
        stored: [
          {
            name: 'files',
            driver: new LocalStorageDriver(root),
            owns: (key) => key.startsWith('files/'),
            referenced: async (_m, keys) => {
              checks.push(keys);
              return new Set<string>();
            },
          },
        ],
      },
      new Registry(),
      { jobs, name: 'files-sweep' },
    );
  }
}

const oldFile = (file: string): void => {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, 'x');
  utimesSync(file, OLD, OLD);
};

describe('ScheduledStorageSweep on the job queue', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let root: string;
  const stops: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    database = await cloneTestDatabase();
    dataSource = await new DataSource({ type: 'postgres', url: database.url }).initialize();
    root = mkdtempSync(path.join(os.tmpdir(), 'scheduled-sweep-'));
  });
  afterAll(async () => {
    for (const stop of stops) await stop();
    await dataSource.destroy();
    await database.drop();
    rmSync(root, { recursive: true, force: true });
  });

  /** One replica: its job queue, its sweep, started as the application starts them. */
  async function replica(name: string, runsWorkers: boolean) {
    const jobs = new JobsService(
      {
        service: name,
        databaseUrl: database.url,
        runsWorkers,
        leaseSeconds: 5,
        maintenanceIntervalSeconds: 5,
        pollMs: 100,
        poolSize: 2,
        shutdownTimeoutMs: 1000,
      },
      new Registry(),
    );
    const temp = path.join(root, `${name}-staging`);
    oldFile(path.join(temp, 'left-by-a-killed-upload.part'));
    const checks: string[][] = [];
    const sweep = new FilesSweep(dataSource, jobs, temp, path.join(root, 'shared'), checks);
    sweep.onModuleInit();
    await jobs.onApplicationBootstrap();
    sweep.onApplicationBootstrap();
    stops.push(async () => {
      await sweep.onModuleDestroy();
      await jobs.onModuleDestroy();
    });
    return { jobs, temp, checks };
  }

  it('sweeps stored files once across replicas as a cron job, and each process its own temporary folder', async () => {
    oldFile(path.join(root, 'shared', 'files', 'orphan.bin'));
    const api = await replica('api', false);
    const workers = [await replica('worker-a', true), await replica('worker-b', true)];
    // Every job of the sweep's queue (the start-up ones the workers sent) has ended, and every
    // process has swept its temporary folder.
    await waitFor(
      async () => {
        const [{ n }] = await dataSource.query(
          `SELECT count(*)::int AS n FROM ${JOB_QUEUE_SCHEMA}.job
            WHERE name = 'files-sweep' AND state < 'completed'`,
        );
        return (
          n === 0 &&
          readdirSync(path.join(root, 'shared', 'files')).length === 0 &&
          [api, ...workers].every((p) => readdirSync(p.temp).length === 0)
        );
      },
      { message: 'the sweep jobs ended and the temporary folders swept' },
    );
    expect(readdirSync(path.join(root, 'shared', 'files'))).toEqual([]);
    // The start-up job ran once (a stately queue keeps one waiting), on one of the workers.
    const checked = workers.flatMap((w) => w.checks);
    expect(checked).toEqual([['files/orphan.bin']]);
    expect(api.checks).toEqual([]);
    for (const process of [api, ...workers]) expect(readdirSync(process.temp)).toEqual([]);
    const schedules = await dataSource.query(
      `SELECT name, cron, timezone FROM ${JOB_QUEUE_SCHEMA}.schedule`,
    );
    expect(schedules).toEqual([{ name: 'files-sweep', cron: '0 */1 * * *', timezone: 'UTC' }]);
  });
});
