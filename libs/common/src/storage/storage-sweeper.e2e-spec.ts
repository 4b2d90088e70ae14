import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Registry } from 'prom-client';
import { DataSource, type EntityManager } from 'typeorm';
import { startLoopbackS3Server, type LoopbackS3Server } from '../testing/loopback-s3-server';
import { cloneTestDatabase, type TestDatabase } from '../testing/test-database';
import { waitFor } from '../testing/wait-for';
import { LocalStorageDriver } from './local-storage.driver';
import { S3StorageDriver } from './s3-storage.driver';
import type { StorageDriver } from './storage-driver';
import { StorageSweeper, type StoredFilesArea } from './storage-sweeper';
import { StorageTransactions } from './storage-transactions';

const HOUR = 3_600_000;
const OLD = new Date(Date.now() - 3 * HOUR);

/** Files of the area look like `files/<uuid>.bin`; rows of `stored_files` reference them. */
const KEY = /^files\/[0-9a-f-]{36}\.bin$/;
const fileKey = (): string => `files/${randomUUID()}.bin`;

const area = (driver: StorageDriver): StoredFilesArea => ({
  name: 'files',
  driver,
  owns: (key) => KEY.test(key),
  referenced: async (m: EntityManager, keys: string[]) =>
    new Set(
      (
        (await m.query('SELECT key FROM stored_files WHERE key = ANY($1)', [keys])) as {
          key: string;
        }[]
      ).map((r) => r.key),
    ),
});

const connect = async (url: string): Promise<DataSource> =>
  new DataSource({ type: 'postgres', url, extra: { max: 4 } }).initialize();

describe('StorageSweeper', () => {
  let db: TestDatabase;
  let dataSource: DataSource;
  let root: string;
  let temp: string;
  let driver: LocalStorageDriver;

  beforeAll(async () => {
    db = await cloneTestDatabase();
    dataSource = await connect(db.url);
    await dataSource.query('CREATE TABLE stored_files (key text PRIMARY KEY)');
  });
  afterAll(async () => {
    await dataSource.destroy();
    await db.drop();
  });
  beforeEach(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'sweep-root-'));
    temp = mkdtempSync(path.join(os.tmpdir(), 'sweep-temp-'));
    driver = new LocalStorageDriver(root);
    await dataSource.query('TRUNCATE stored_files');
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
    rmSync(temp, { recursive: true, force: true });
  });

  /** A stored file at `key`, last written at `at`, optionally referenced by a row. */
  const storedFile = async (key: string, at: Date, referenced: boolean): Promise<string> => {
    const file = path.join(root, ...key.split('/'));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, key);
    utimesSync(file, at, at);
    if (referenced) await dataSource.query('INSERT INTO stored_files VALUES ($1)', [key]);
    return file;
  };

  const tempFile = (dir: string, name: string, at: Date): string => {
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, name);
    writeFileSync(file, 'partial upload');
    utimesSync(file, at, at);
    return file;
  };

  const sweeper = (ds = dataSource, registry?: Registry): StorageSweeper =>
    new StorageSweeper(ds, {
      temporary: [
        { name: 'staging', dir: path.join(root, '.incoming') },
        { name: 'csv', dir: temp },
      ],
      stored: [area(new LocalStorageDriver(root))],
      minAgeMs: HOUR,
      registry,
    });

  it('removes old staging files and old unreferenced files, keeps fresh ones, referenced ones and foreign files', async () => {
    const staleStaging = tempFile(path.join(root, '.incoming'), 'a.part', OLD);
    const freshStaging = tempFile(path.join(root, '.incoming'), 'b.part', new Date());
    const staleCsv = tempFile(temp, 'c.csv', OLD);
    const orphan = await storedFile(fileKey(), OLD, false);
    const freshOrphan = await storedFile(fileKey(), new Date(), false);
    const referenced = await storedFile(fileKey(), OLD, true);
    const foreign = await storedFile('other/readme.txt', OLD, false);
    const registry = new Registry();

    const report = await sweeper(dataSource, registry).run();

    expect(report).toEqual({ removed: { staging: 1, csv: 1, files: 1 }, storedSkipped: false });
    expect([staleStaging, staleCsv, orphan].map(existsSync)).toEqual([false, false, false]);
    expect([freshStaging, freshOrphan, referenced, foreign].map(existsSync)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    const metric = await registry.getSingleMetricAsString('storage_sweep_removed_files_total');
    expect(metric).toContain('storage_sweep_removed_files_total{area="files",kind="orphan"} 1');
    expect(metric).toContain(
      'storage_sweep_removed_files_total{area="staging",kind="temporary"} 1',
    );
  });

  it('sweeps at start and then on every interval until stopped', async () => {
    const gone = (file: string) =>
      waitFor(() => !existsSync(file), { message: `${path.basename(file)} swept` });
    const s = sweeper();
    const first = tempFile(temp, 'first.csv', OLD);
    const setIntervalSpy = jest.spyOn(global, 'setInterval');
    const clearIntervalSpy = jest.spyOn(global, 'clearInterval');
    try {
      s.start(200);
      const call = setIntervalSpy.mock.calls.findIndex(([, ms]) => ms === 200);
      const timer = setIntervalSpy.mock.results[call]?.value;
      expect(timer).toBeDefined();
      await gone(first);
      const later = tempFile(temp, 'later.csv', OLD);
      await gone(later);
      await s.stop();
      // Until stopped: stop clears the very interval that start set (a cleared one never fires
      // again), rather than a wait that no further sweep came.
      expect(clearIntervalSpy).toHaveBeenCalledWith(timer);
    } finally {
      setIntervalSpy.mockRestore();
      clearIntervalSpy.mockRestore();
      await s.stop();
    }
  });

  it('lets two replicas sweep at once: every orphan is removed once and referenced files stay', async () => {
    const orphans = await Promise.all(
      Array.from({ length: 30 }, () => storedFile(fileKey(), OLD, false)),
    );
    const kept = await Promise.all(
      Array.from({ length: 10 }, () => storedFile(fileKey(), OLD, true)),
    );
    const other = await connect(db.url);
    try {
      const reports = await Promise.all([sweeper().run(), sweeper(other).run()]);
      const removed = reports.reduce((n, r) => n + (r.removed.files ?? 0), 0);
      expect(removed).toBe(30);
    } finally {
      await other.destroy();
    }
    expect(orphans.filter(existsSync)).toEqual([]);
    expect(kept.filter(existsSync)).toEqual(kept);
  });

  it('never removes the file of an upload whose transaction has not committed yet', async () => {
    const key = fileKey();
    const staging = tempFile(path.join(root, '.incoming'), 'upload.part', OLD);
    let placed!: () => void;
    const isPlaced = new Promise<void>((resolve) => (placed = resolve));
    let commit!: () => void;
    const mayCommit = new Promise<void>((resolve) => (commit = resolve));
    const upload = new StorageTransactions(dataSource, driver).run(async (m, files) => {
      await files.place(staging, key, 'application/octet-stream');
      placed();
      await mayCommit;
      await m.query('INSERT INTO stored_files VALUES ($1)', [key]);
    });
    await isPlaced;
    // The placed file is old (a rename keeps the staging file's time) and has no committed row.
    let finished = false;
    const sweep = sweeper()
      .run()
      .finally(() => (finished = true));
    // The sweep waits for the upload's transaction: its session waits for the lock (or, were
    // it not to wait, it would be finished).
    await waitFor(
      async () => {
        const [{ n }] = await dataSource.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        return n > 0 || finished;
      },
      { message: 'the sweep waiting for the stored-files lock' },
    );
    expect(finished).toBe(false);
    commit();
    await upload;
    const report = await sweep;

    expect(report.removed.files).toBe(0);
    expect(existsSync(path.join(root, ...key.split('/')))).toBe(true);
  });

  describe('with the S3 driver', () => {
    let s3: LoopbackS3Server;
    let s3Driver: S3StorageDriver;
    beforeAll(async () => {
      s3 = await startLoopbackS3Server({ pageSize: 3 });
      s3Driver = new S3StorageDriver({
        endpoint: s3.url,
        bucket: 'bucket',
        region: 'us-east-1',
        accessKeyId: 'test',
        secretAccessKey: 'test-secret',
        forcePathStyle: true,
      });
    });
    afterAll(async () => {
      s3Driver.client.destroy();
      await s3.close();
    });

    it('removes old unreferenced objects and keeps referenced, fresh and foreign ones', async () => {
      const put = async (key: string, at: Date, referenced: boolean): Promise<string> => {
        s3.objects.set(`bucket/${key}`, { body: Buffer.from(key), modifiedAt: at });
        if (referenced) await dataSource.query('INSERT INTO stored_files VALUES ($1)', [key]);
        return key;
      };
      const orphans = await Promise.all([1, 2, 3, 4].map(() => put(fileKey(), OLD, false)));
      const kept = [
        await put(fileKey(), OLD, true),
        await put(fileKey(), new Date(), false),
        await put('backups/db.dump', OLD, false),
      ];

      const report = await new StorageSweeper(dataSource, {
        temporary: [],
        stored: [area(s3Driver)],
        minAgeMs: HOUR,
      }).run();

      expect(report.removed.files).toBe(4);
      const left = [...s3.objects.keys()].map((k) => k.slice('bucket/'.length));
      expect(left.sort()).toEqual([...kept].sort());
      expect(orphans.some((k) => left.includes(k))).toBe(false);
    });
  });
});
