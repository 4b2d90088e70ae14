import { once } from 'node:events';
import { Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { cloneTestDatabase, TestDatabase } from '../testing/test-database';
import { waitFor } from '../testing/wait-for';
import { JobInterruptedError, throwIfInterrupted, type JobContext } from './job-context';
import { JOB_QUEUE_SCHEMA } from './job-leases';
import { JobsService, type JobsOptions } from './jobs.service';
import { defineQueue } from './queue-definition';
import { QueueWorker } from './queue-worker';

interface Greeting {
  to: string;
  n: number;
}

/** Resolves when `signal` is aborted (a job's handler that works until it is interrupted). */
const interrupted = async (signal: AbortSignal): Promise<void> => {
  if (!signal.aborted) await once(signal, 'abort');
};

describe('JobsService against PostgreSQL (pg-boss)', () => {
  let database: TestDatabase;
  let db: DataSource;
  const services: JobsService[] = [];

  const options = (over: Partial<JobsOptions> = {}): JobsOptions => ({
    service: 'jobs-test',
    databaseUrl: database.url,
    runsWorkers: true,
    leaseSeconds: 2,
    maintenanceIntervalSeconds: 1,
    pollMs: 200,
    poolSize: 2,
    shutdownTimeoutMs: 1000,
    ...over,
  });

  /** A service with `setup` declaring its queues, started like the application does. */
  async function service(
    setup: (jobs: JobsService) => void,
    over: Partial<JobsOptions> = {},
    registry = new Registry(),
  ): Promise<JobsService> {
    const jobs = new JobsService(options(over), registry);
    setup(jobs);
    services.push(jobs);
    await jobs.onApplicationBootstrap();
    expect(jobs.status().state).toBe('running');
    return jobs;
  }

  const jobRow = async (queue: string, id: string) =>
    (
      await db.query(
        `SELECT state::text, retry_count, started_on, output FROM ${JOB_QUEUE_SCHEMA}.job WHERE name = $1 AND id = $2`,
        [queue, id],
      )
    )[0] as
      { state: string; retry_count: number; started_on: Date | null; output: unknown } | undefined;

  beforeAll(async () => {
    database = await cloneTestDatabase();
    db = new DataSource({ type: 'postgres', url: database.url, poolSize: 3 });
    await db.initialize();
  });
  afterEach(async () => {
    await Promise.all(services.splice(0).map((s) => s.onModuleDestroy()));
  });
  afterAll(async () => {
    await db.destroy();
    await database.drop();
  });

  it('runs a sent job with its typed payload once and marks it completed', async () => {
    const queue = defineQueue<Greeting>('greet');
    const seen: JobContext<Greeting>[] = [];
    const jobs = await service((j) => j.work(queue, async (job) => void seen.push(job)));
    const id = await jobs.send(queue, { to: 'Ada', n: 1 });
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(async () => (await jobRow('greet', id!))?.state === 'completed');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id, data: { to: 'Ada', n: 1 }, attempt: 1, attempts: 4 });
  });

  it('enqueues inside the caller transaction: a rolled back job never exists, a committed one runs', async () => {
    const queue = defineQueue<Greeting>('tx-greet');
    const ran: number[] = [];
    // A worker that would poll only every ten minutes: just the commit's notification wakes it.
    const jobs = await service((j) => j.work(queue, async (job) => void ran.push(job.data.n)), {
      pollMs: 600_000,
    });
    let rolledBack: string | null = null;
    await expect(
      db.transaction(async (m) => {
        rolledBack = await jobs.send(queue, { to: 'x', n: 1 }, { manager: m });
        throw new Error('the rows are refused');
      }),
    ).rejects.toThrow('the rows are refused');
    expect(rolledBack).toMatch(/^[0-9a-f-]{36}$/);
    expect(await jobRow('tx-greet', rolledBack!)).toBeUndefined();

    const committed = await db.transaction((m) =>
      jobs.send(queue, { to: 'y', n: 2 }, { manager: m }),
    );
    // The commit's notification wakes the worker, long before its poll interval would.
    await waitFor(async () => (await jobRow('tx-greet', committed!))?.state === 'completed', {
      message: 'the committed job run, woken by its notification',
    });
    expect(ran).toEqual([2]);
  });

  it('retries a failing job with backoff and hands its payload to the dead letter handler after the last attempt', async () => {
    const queue = defineQueue<Greeting>('flaky', { retryLimit: 2, retryDelaySeconds: 1 });
    const attempts: { attempt: number; at: number }[] = [];
    const dead: Greeting[] = [];
    const jobs = await service((j) =>
      j.work(
        queue,
        async (job) => {
          attempts.push({ attempt: job.attempt, at: Date.now() });
          throw new Error(`attempt ${job.attempt} failed`);
        },
        { deadLetter: async (job) => void dead.push(job.data) },
      ),
    );
    const id = await jobs.send(queue, { to: 'nobody', n: 7 });
    await waitFor(() => dead.length === 1, { message: 'the dead letter handler called' });
    expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
    // Backoff: 1 s doubled per attempt, with jitter (pg-boss: delay·2^n/2 plus up to as much).
    expect(attempts[1].at - attempts[0].at).toBeGreaterThanOrEqual(900);
    expect(attempts[2].at - attempts[1].at).toBeGreaterThanOrEqual(1900);
    expect(dead).toEqual([{ to: 'nobody', n: 7 }]);
    const row = await jobRow('flaky', id!);
    expect(row).toMatchObject({ state: 'failed', output: { message: 'attempt 3 failed' } });
  });

  it('renews the lease of a job that runs longer than the lease, so maintenance never takes it away', async () => {
    const queue = defineQueue<Greeting>('long');
    let runs = 0;
    const maintainedOn = async (): Promise<number> => {
      const [{ at }] = await db.query(
        `SELECT maintained_on AS at FROM ${JOB_QUEUE_SCHEMA}.version`,
      );
      return at ? (at as Date).getTime() : 0;
    };
    const jobs = await service((j) =>
      j.work(queue, async (job) => {
        runs += 1;
        // The job works until a whole maintenance pass (which fails expired active jobs) has
        // run after its first lease (2 s) ran out: two passes that began after that moment.
        const [{ end }] = await db.query(
          `SELECT started_on + interval '2 seconds' AS end FROM ${JOB_QUEUE_SCHEMA}.job WHERE id = $1`,
          [job.id],
        );
        const first = await waitFor(async () => {
          const at = await maintainedOn();
          return at > (end as Date).getTime() && at;
        });
        await waitFor(async () => (await maintainedOn()) > first);
      }),
    );
    const id = await jobs.send(queue, { to: 'slow', n: 1 });
    await waitFor(async () => (await jobRow('long', id!))?.state === 'completed', {
      message: 'the long job completed',
    });
    expect(runs).toBe(1);
    expect((await jobRow('long', id!))?.retry_count).toBe(0);
  });

  it('gives a job whose worker died to another worker once its lease has run out', async () => {
    const queue = defineQueue<Greeting>('orphan');
    const ran: { attempt: number }[] = [];
    const jobs = await service((j) => j.work(queue, async (job) => void ran.push(job)));
    // What a killed worker leaves: the job active, its lease no longer renewed.
    const [{ id }] = await db.query(
      `INSERT INTO ${JOB_QUEUE_SCHEMA}.job (name, data, state, started_on, expire_in, retry_limit, policy)
       VALUES ('orphan', '{"to":"z","n":3}', 'active', now() - interval '3 seconds', interval '2 seconds', 3, 'standard')
       RETURNING id`,
    );
    await waitFor(async () => (await jobRow('orphan', id))?.state === 'completed', {
      message: 'the orphaned job run again',
    });
    expect(ran).toEqual([expect.objectContaining({ attempt: 2, data: { to: 'z', n: 3 } })]);
    expect(jobs.status().workers).toEqual(['orphan']);
  });

  it('interrupts a running job that is cancelled and leaves it cancelled', async () => {
    const queue = defineQueue<Greeting>('cancellable');
    let reason: unknown;
    let started = false;
    const registry = new Registry();
    const jobs = await service(
      (j) =>
        j.work(queue, async (job) => {
          started = true;
          await interrupted(job.signal);
          reason = job.signal.reason;
          throwIfInterrupted(job.signal);
        }),
      {},
      registry,
    );
    const id = (await jobs.send(queue, { to: 'c', n: 1 }))!;
    await waitFor(() => started);
    expect(await jobs.cancel(queue, id)).toBe(true);
    await waitFor(() => reason !== undefined, { message: 'the handler interrupted' });
    expect(reason).toBeInstanceOf(JobInterruptedError);
    expect((reason as JobInterruptedError).reason).toBe('cancelled');
    // Once the worker has ended the run (counted as cancelled), the job is still cancelled.
    await waitFor(async () => {
      const { values } = await registry.getSingleMetric('job_runs_total')!.get();
      return values.some(
        (v) => v.labels.queue === 'cancellable' && v.labels.outcome === 'cancelled',
      );
    });
    expect((await jobRow('cancellable', id))?.state).toBe('cancelled');
    expect(await jobs.cancel(queue, id)).toBe(false);
  });

  it('drains on shutdown: a job that ends before the deadline finishes, a longer one returns to the queue without spending an attempt and runs elsewhere', async () => {
    const queue = defineQueue<Greeting>('drain', { concurrency: 2 });
    const ranOn: string[] = [];
    let finishShort = () => {};
    const shortMayFinish = new Promise<void>((resolve) => (finishShort = resolve));
    // The short job works until the test lets it finish, the long one until it is interrupted.
    const handler = (name: string) => async (job: JobContext<Greeting>) => {
      ranOn.push(`${name}:${job.data.to}:${job.attempt}`);
      const end = job.data.to === 'short' ? shortMayFinish : new Promise<never>(() => {});
      await Promise.race([end, interrupted(job.signal)]);
      throwIfInterrupted(job.signal);
    };
    const first = await service((j) => j.work(queue, handler('first')));
    const short = (await first.send(queue, { to: 'short', n: 1 }))!;
    const long = (await first.send(queue, { to: 'long', n: 2 }))!;
    await waitFor(() => ranOn.length === 2, { message: 'both jobs running' });
    // The short job may finish once the worker drains: it then counts the jobs it holds (at
    // once), while the short job's completion still needs a round trip to the database.
    const drain = QueueWorker.prototype.drain;
    const workerDrain = jest.spyOn(QueueWorker.prototype, 'drain').mockImplementationOnce(function (
      this: QueueWorker<object>,
      deadline: number,
    ) {
      const drained = drain.call(this, deadline);
      finishShort();
      return drained;
    });
    const drained = await first.drain(3000).finally(() => workerDrain.mockRestore());
    expect(drained).toEqual({ finished: 1, returned: 1 });
    expect((await jobRow('drain', short))?.state).toBe('completed');
    expect(await jobRow('drain', long)).toMatchObject({
      state: 'retry',
      retry_count: 0,
      started_on: null,
    });

    const second = await service((j) => j.work(queue, handler('second')));
    await waitFor(() => ranOn.includes('second:long:1'), { message: 'the long job run again' });
    await second.drain(0);
  });

  it('sends one job per key while one waits (stately): replicas starting together run a start-up job once', async () => {
    const queue = defineQueue<Record<string, never>>('sweep', { policy: 'stately' });
    const ran: string[] = [];
    const gate = { open: false };
    const handler = async (job: JobContext<Record<string, never>>) => {
      ran.push(job.id);
      await waitFor(() => gate.open, { message: 'the gate opened' });
    };
    // A yearly cron (due on 1 January only): no cron job joins the jobs this test counts.
    const setup = (j: JobsService) =>
      j.work(queue, handler, { cron: '0 0 1 1 *', runAtStart: true });
    const a = await service(setup);
    await waitFor(() => ran.length === 1, { message: 'the start-up job running' });
    // One runs, one may wait: further sends while one waits are refused.
    const waiting = await a.send(queue, {});
    expect(waiting).not.toBeNull();
    expect(await a.send(queue, {})).toBeNull();
    await service(setup);
    const schedules = await db.query(`SELECT name, cron FROM ${JOB_QUEUE_SCHEMA}.schedule`);
    expect(schedules).toEqual([{ name: 'sweep', cron: '0 0 1 1 *' }]);
    gate.open = true;
    await waitFor(async () => (await jobRow('sweep', waiting!))?.state === 'completed');
    // A job sent now, after the others, is the third run: the second replica's start-up job
    // ran never (a waiting one would also have refused this send).
    const marker = await a.send(queue, {});
    expect(marker).not.toBeNull();
    await waitFor(async () => (await jobRow('sweep', marker!))?.state === 'completed');
    expect(ran).toEqual([expect.any(String), waiting, marker]);
  });

  it('reports queue depth per queue in the metrics and in its states', async () => {
    const queue = defineQueue<Greeting>('depth');
    const registry = new Registry();
    const api = await service(
      (j) => j.work(queue, async () => undefined),
      { runsWorkers: false },
      registry,
    );
    expect(api.status().workers).toEqual([]);
    for (let n = 0; n < 3; n++) await api.send(queue, { to: 'd', n });
    const states = await waitFor(async () => {
      const s = (await api.queueStates()).find((q) => q.name === 'depth');
      return s?.waiting === 3 && s;
    });
    expect(states).toEqual({ name: 'depth', waiting: 3, delayed: 0, active: 0, failed: 0 });
    const text = await registry.metrics();
    expect(text).toContain('job_queue_depth{queue="depth"} 3');
    expect(text).toContain('job_queue_depth{queue="depth-dead"} 0');
  });

  it('refuses to send while the queue is not started, with 503', async () => {
    const queue = defineQueue<Greeting>('early');
    const jobs = new JobsService(options(), new Registry());
    jobs.work(queue, async () => undefined);
    await expect(jobs.send(queue, { to: 'e', n: 1 })).rejects.toMatchObject({ status: 503 });
  });
});
