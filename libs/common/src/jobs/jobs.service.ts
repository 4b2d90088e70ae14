import { Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { Client, Pool, type PoolClient } from 'pg';
import PgBoss from 'pg-boss';
import type { Registry } from 'prom-client';
import type { EntityManager } from 'typeorm';
import type { CommonEnv } from '../config/common-env';
import { ServiceUnavailableError } from '../errors/domain-error';
import type { JobHandler } from './job-context';
import { JOB_QUEUE_SCHEMA, JobLeases } from './job-leases';
import { JobQueueMetrics, type QueueState } from './job-queue.metrics';
import { installedJobQueueVersion, JOB_QUEUE_SCHEMA_VERSION } from './job-queue-schema';
import { JobWakeups, WAKEUP_CHANNEL } from './job-wakeups';
import type { QueueDefinition } from './queue-definition';
import { QueueWorker, type RunOutcome } from './queue-worker';
import { transactionDb } from './transaction-db';

export interface JobsOptions {
  /** Service name: the job connections are named `<service>-jobs` in pg_stat_activity. */
  service: string;
  databaseUrl: string;
  /** Whether this process runs workers, cron schedules and queue maintenance. */
  runsWorkers: boolean;
  leaseSeconds: number;
  maintenanceIntervalSeconds: number;
  pollMs: number;
  poolSize: number;
  /** How long `onModuleDestroy` lets running jobs finish when no drain came first. */
  shutdownTimeoutMs: number;
}

export function jobsOptions(config: CommonEnv, service: string, databaseUrl: string): JobsOptions {
  return {
    service,
    databaseUrl,
    runsWorkers: config.SERVICE_ROLE !== 'api',
    leaseSeconds: config.JOB_LEASE_SECONDS,
    maintenanceIntervalSeconds: config.JOB_MAINTENANCE_INTERVAL_SECONDS,
    pollMs: config.JOB_POLL_INTERVAL_MS,
    poolSize: config.JOB_DB_POOL_SIZE,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
  };
}

export interface WorkOptions<P extends object> {
  /** Runs the jobs of the queue's dead letter queue (payloads of jobs that failed for good). */
  deadLetter?: JobHandler<P>;
  /** A cron expression (UTC): one job per due time across all replicas; null removes it. */
  cron?: string | null;
  /** Also sends one job when a worker starts (deduplicated by a `stately` queue). */
  runAtStart?: boolean;
}

export interface SendOptions {
  /** Sends inside this open transaction: the job exists only if the transaction commits. */
  manager?: EntityManager;
  /** The job's id (a UUID), e.g. the id of the row the job works on. */
  id?: string;
  /** Key of `singleton` and `stately` queues. */
  singletonKey?: string;
  /** Seconds before the job may start. */
  startAfterSeconds?: number;
}

export type JobsState =
  'starting' | 'running' | 'schema_missing' | 'schema_outdated' | 'unavailable' | 'stopped';

export interface JobsStatus {
  state: JobsState;
  /** api: sends only; worker and all: also runs the workers, cron schedules and maintenance. */
  runs_workers: boolean;
  /** Queues whose jobs this process runs (none in the api role). */
  workers: string[];
}

export interface JobsDrain {
  finished: number;
  returned: number;
}

interface Registration {
  queue: QueueDefinition<object>;
  handler: JobHandler<object>;
  options: WorkOptions<object>;
}

const RESTART_MS = 5000;
const STATES_CACHE_MS = 1000;

/**
 * Durable background work on pg-boss in the service's own database (schema `pgboss`,
 * installed by the migrations). Feature modules declare their queues and handlers with `work`
 * while the application initialises; at bootstrap the queues are created and, in processes
 * that run workers, the workers, cron schedules and maintenance start. `send` enqueues, inside
 * the caller's transaction when given its manager. A running job holds a lease that its worker
 * renews; a job whose worker died is retried elsewhere once the lease has run out. On shutdown
 * running jobs finish until the deadline and the others return to the queue.
 */
export class JobsService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger('Jobs');
  private readonly registrations = new Map<string, Registration>();
  private readonly workers = new Map<string, QueueWorker<object>>();
  private readonly metrics: JobQueueMetrics;
  private readonly leases = new JobLeases(() => this.requireBoss().getDb());
  private boss: PgBoss | null = null;
  private pool: Pool | null = null;
  private wakeups: JobWakeups | null = null;
  private state: JobsState = 'starting';
  private starting: Promise<void> | null = null;
  private restartTimer: NodeJS.Timeout | null = null;
  private drained: Promise<JobsDrain> | null = null;
  private cachedStates: { at: number; states: Promise<QueueState[]> } | null = null;

  constructor(
    private readonly options: JobsOptions,
    registry: Registry,
  ) {
    this.metrics = new JobQueueMetrics(registry, () => this.queueStates());
  }

  /** Declares a queue and the handler of its jobs (call while the application initialises). */
  work<P extends object>(
    queue: QueueDefinition<P>,
    handler: JobHandler<P>,
    options: WorkOptions<P> = {},
  ): void {
    if (this.state !== 'starting') throw new Error(`work(${queue.name}) after the start`);
    if (this.registrations.has(queue.name)) throw new Error(`Queue ${queue.name} has a handler`);
    this.registrations.set(queue.name, {
      queue: queue as QueueDefinition<object>,
      handler: handler as JobHandler<object>,
      options: options as WorkOptions<object>,
    });
  }

  /** Enqueues a job; answers its id, or null when a singleton rule refused it. */
  async send<P extends object>(
    queue: QueueDefinition<P>,
    data: P,
    options: SendOptions = {},
  ): Promise<string | null> {
    const boss = this.requireBoss();
    if (!this.registrations.has(queue.name)) throw new Error(`Queue ${queue.name} is not declared`);
    const insert = async (db: PgBoss.Db): Promise<string | null> => {
      const id = await boss.send(queue.name, data, {
        db,
        ...(options.id ? { id: options.id } : {}),
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      });
      if (id) await db.executeSql('SELECT pg_notify($1, $2)', [WAKEUP_CHANNEL, queue.name]);
      return id;
    };
    if (options.manager) return insert(transactionDb(options.manager));
    // The job and its notification in one transaction of their own: one commit.
    return this.inTransaction(insert);
  }

  /**
   * Lets this process's worker of `queue` (if it runs one) look for jobs now: for a job sent
   * inside a caller's transaction, once that has committed. Saves the round trip of the
   * queue's notification; workers elsewhere still get that.
   */
  wake(queue: QueueDefinition<object>): void {
    this.workers.get(queue.name)?.notify();
  }

  private async inTransaction<T>(work: (db: PgBoss.Db) => Promise<T>): Promise<T> {
    const client: PoolClient = await this.requirePool().connect();
    try {
      await client.query('BEGIN');
      await client.query('SET LOCAL synchronous_commit = on');
      const result = await work({ executeSql: (text, values) => client.query(text, values) });
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private requirePool(): Pool {
    this.requireBoss();
    return this.pool!;
  }

  /** Cancels a waiting or running job (a running one is interrupted within seconds). */
  async cancel(
    queue: QueueDefinition<object>,
    id: string,
    manager?: EntityManager,
  ): Promise<boolean> {
    const db = manager ? transactionDb(manager) : this.requireBoss().getDb();
    const { rows } = await db.executeSql(
      `UPDATE ${JOB_QUEUE_SCHEMA}.job SET state = 'cancelled', completed_on = now()
       WHERE name = $1 AND id = $2 AND state < 'completed' RETURNING 1`,
      [queue.name, id],
    );
    return rows.length === 1;
  }

  /** Jobs per queue by state (cached for a second: readiness and scrapes may come often). */
  queueStates(): Promise<QueueState[]> {
    const now = Date.now();
    if (this.cachedStates && now - this.cachedStates.at < STATES_CACHE_MS)
      return this.cachedStates.states;
    const states = this.readStates();
    this.cachedStates = { at: now, states };
    states.catch(() => (this.cachedStates = null));
    return states;
  }

  status(): JobsStatus {
    return {
      state: this.state,
      runs_workers: this.options.runsWorkers,
      workers: [...this.workers.keys()],
    };
  }

  async onApplicationBootstrap(): Promise<void> {
    this.starting = this.start();
    await this.starting;
  }

  /**
   * Stops the workers: no job is fetched any more, running jobs may finish until
   * `deadlineMs` from now, unfinished ones return to the queue (their handlers are aborted).
   */
  drain(deadlineMs: number): Promise<JobsDrain> {
    this.drained ??= this.drainWorkers(Date.now() + deadlineMs);
    return this.drained;
  }

  async onModuleDestroy(): Promise<void> {
    await this.drain(this.options.shutdownTimeoutMs);
    await this.boss?.stop({ graceful: false, close: true }).catch(() => undefined);
    await this.pool?.end().catch(() => undefined);
    this.boss = null;
    this.pool = null;
    this.state = 'stopped';
  }

  private async drainWorkers(deadline: number): Promise<JobsDrain> {
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    await this.starting?.catch(() => undefined);
    await this.wakeups?.stop();
    const results = await Promise.all([...this.workers.values()].map((w) => w.drain(deadline)));
    return {
      finished: results.reduce((n, r) => n + r.finished, 0),
      returned: results.reduce((n, r) => n + r.returned, 0),
    };
  }

  private requireBoss(): PgBoss {
    if (!this.boss || this.state !== 'running')
      throw new ServiceUnavailableError(`The job queue is not available (${this.state}).`);
    return this.boss;
  }

  private async start(): Promise<void> {
    try {
      const version = await this.schemaVersion();
      if (version !== JOB_QUEUE_SCHEMA_VERSION) {
        this.state = version === null ? 'schema_missing' : 'schema_outdated';
        this.log.warn(
          `job queue schema ${version === null ? 'missing' : `at version ${version}`}, ` +
            `this release needs ${JOB_QUEUE_SCHEMA_VERSION}: run the migrations (checking again every ${RESTART_MS / 1000} s)`,
        );
        return this.restartLater();
      }
      const boss = this.createBoss();
      this.boss = boss;
      await boss.start();
      for (const { queue } of this.registrations.values()) await this.createQueue(boss, queue);
      this.state = 'running';
      if (this.options.runsWorkers) await this.startWorkers(boss);
    } catch (error) {
      this.state = 'unavailable';
      this.log.warn(`job queue not started: ${(error as Error).message}`);
      await this.boss?.stop({ graceful: false, close: true }).catch(() => undefined);
      await this.pool?.end().catch(() => undefined);
      this.boss = null;
      this.pool = null;
      this.restartLater();
    }
  }

  private restartLater(): void {
    if (this.drained) return;
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      this.starting = this.start();
    }, RESTART_MS);
    this.restartTimer.unref();
  }

  private async schemaVersion(): Promise<number | null> {
    const client = new Client({
      connectionString: this.options.databaseUrl,
      application_name: `${this.options.service}-jobs`,
    });
    await client.connect();
    try {
      return await installedJobQueueVersion(async (sql) => (await client.query(sql)).rows);
    } finally {
      await client.end();
    }
  }

  /** pg-boss on a pool of ours, so that a send can share a transaction with its notification. */
  private createBoss(): PgBoss {
    const { runsWorkers } = this.options;
    const pool = new Pool({
      connectionString: this.options.databaseUrl,
      application_name: `${this.options.service}-jobs`,
      max: this.options.poolSize,
      // The queue's own bookkeeping (fetch, lease, completion, maintenance) commits without
      // waiting for the WAL flush: a database crash may forget its last milliseconds, which
      // at worst runs a job again (jobs are at-least-once anyway). Sends stay synchronous.
      options: '-c synchronous_commit=off',
    });
    pool.on('error', (error) => this.log.warn(`job queue connection: ${error.message}`));
    this.pool = pool;
    const boss = new PgBoss({
      db: { executeSql: (text, values) => pool.query(text, values) },
      schema: JOB_QUEUE_SCHEMA,
      migrate: false,
      supervise: runsWorkers,
      schedule: runsWorkers,
      maintenanceIntervalSeconds: this.options.maintenanceIntervalSeconds,
      expireInSeconds: this.options.leaseSeconds,
    });
    boss.on('error', (error: Error) => this.log.warn(`job queue: ${error.message}`));
    return boss;
  }

  private async createQueue(boss: PgBoss, queue: QueueDefinition<object>): Promise<void> {
    const common = {
      retryLimit: queue.retryLimit,
      retryDelay: queue.retryDelaySeconds,
      retryBackoff: queue.retryBackoff,
      expireInSeconds: this.options.leaseSeconds,
      retentionMinutes: queue.retentionDays * 1440,
    };
    const deadLetter = { name: queue.deadLetter, policy: 'standard' as const, ...common };
    const main = {
      name: queue.name,
      policy: queue.policy,
      deadLetter: queue.deadLetter,
      ...common,
    };
    for (const q of [deadLetter, main]) {
      await boss.createQueue(q.name, q);
      // A queue created by an earlier release keeps its row: bring its settings up to date.
      await boss.updateQueue(q.name, q);
    }
  }

  private async startWorkers(boss: PgBoss): Promise<void> {
    const settings = {
      pollMs: this.options.pollMs,
      leaseSeconds: this.options.leaseSeconds,
      onFinished: (queue: string, outcome: RunOutcome, seconds: number) =>
        this.metrics.observe(queue, outcome, seconds),
    };
    const add = (name: string, concurrency: number, handler: JobHandler<object>) =>
      this.workers.set(
        name,
        new QueueWorker(boss, this.leases, name, concurrency, handler, settings, this.log),
      );
    for (const { queue, handler, options } of this.registrations.values()) {
      add(queue.name, queue.concurrency, handler);
      if (options.deadLetter) add(queue.deadLetter, 1, options.deadLetter);
      if (options.cron) await boss.schedule(queue.name, options.cron, {}, { tz: 'UTC' });
      else if (options.cron === null) await boss.unschedule(queue.name);
    }
    this.wakeups = new JobWakeups(
      this.options.databaseUrl,
      `${this.options.service}-jobs`,
      (queue) => this.workers.get(queue)?.notify(),
      this.log,
    );
    await this.wakeups.start();
    for (const worker of this.workers.values()) worker.start();
    for (const { queue, options } of this.registrations.values())
      if (options.runAtStart) await this.send(queue, {});
  }

  private async readStates(): Promise<QueueState[]> {
    const { rows } = await this.requireBoss()
      .getDb()
      .executeSql(
        `SELECT q.name,
           count(j.id) FILTER (WHERE j.state < 'active' AND j.start_after <= now())::int AS waiting,
           count(j.id) FILTER (WHERE j.state < 'active' AND j.start_after > now())::int AS delayed,
           count(j.id) FILTER (WHERE j.state = 'active')::int AS active,
           count(j.id) FILTER (WHERE j.state = 'failed')::int AS failed
         FROM ${JOB_QUEUE_SCHEMA}.queue q LEFT JOIN ${JOB_QUEUE_SCHEMA}.job j ON j.name = q.name
         WHERE q.name NOT LIKE '\\_\\_pgboss\\_\\_%'
         GROUP BY q.name ORDER BY q.name`,
        [],
      );
    return rows as QueueState[];
  }
}
