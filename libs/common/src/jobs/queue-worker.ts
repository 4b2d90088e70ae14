import type { Logger } from '@nestjs/common';
import type PgBoss from 'pg-boss';
import { JobInterruptedError, type JobHandler } from './job-context';
import type { JobLeases, LeaseToken } from './job-leases';

/** How a job's run in this process ended. */
export type RunOutcome = 'completed' | 'failed' | 'cancelled' | 'lease_lost' | 'returned';

export interface WorkerSettings {
  pollMs: number;
  leaseSeconds: number;
  onFinished(queue: string, outcome: RunOutcome, seconds: number): void;
}

export interface WorkerDrain {
  finished: number;
  returned: number;
}

interface HeldJob {
  id: string;
  token: LeaseToken;
  controller: AbortController;
  returned: boolean;
  done: Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

/**
 * Runs the jobs of one queue in this process, up to `concurrency` at once: fetches them
 * (pg-boss, `FOR UPDATE SKIP LOCKED`), renews each one's lease while its handler runs,
 * completes or fails it, and on `drain` stops fetching, lets running jobs finish until the
 * deadline and gives the others back to the queue.
 */
export class QueueWorker<P extends object> {
  private readonly held = new Map<string, HeldJob>();
  private stopping = false;
  private woken = false;
  private wake: (() => void) | null = null;
  private loop: Promise<void> | null = null;

  constructor(
    private readonly boss: PgBoss,
    private readonly leases: JobLeases,
    readonly queue: string,
    private readonly concurrency: number,
    private readonly handler: JobHandler<P>,
    private readonly settings: WorkerSettings,
    private readonly log: Logger,
  ) {}

  get running(): number {
    return this.held.size;
  }

  start(): void {
    this.loop ??= this.run();
  }

  /** Looks for jobs now (a job was sent, or a slot became free). */
  notify(): void {
    this.woken = true;
    this.wake?.();
  }

  private async run(): Promise<void> {
    while (!this.stopping) {
      this.woken = false;
      const free = this.concurrency - this.held.size;
      let fetched = 0;
      if (free > 0) {
        const jobs = await this.boss
          .fetch<P>(this.queue, { batchSize: free, includeMetadata: true })
          .catch((error: Error) => {
            this.log.warn(`fetching jobs of ${this.queue} failed: ${error.message}`);
            return [];
          });
        if (this.stopping) {
          await this.giveBackAll(jobs.map((j) => ({ id: j.id, token: tokenOf(j) })));
          break;
        }
        for (const job of jobs) this.begin(job);
        fetched = jobs.length;
      }
      if (fetched === 0 || this.held.size >= this.concurrency) await this.pause();
    }
  }

  private pause(): Promise<void> {
    if (this.woken || this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.settings.pollMs);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        this.wake = null;
        done();
      };
    });
  }

  private begin(job: PgBoss.JobWithMetadata<P>): void {
    const entry: HeldJob = {
      id: job.id,
      token: tokenOf(job),
      controller: new AbortController(),
      returned: false,
      done: Promise.resolve(),
    };
    // Renewed often enough that a cancel is noticed within seconds, at least thrice a lease.
    const renewMs = Math.min(5000, (this.settings.leaseSeconds * 1000) / 3);
    const renewal = setInterval(() => void this.renew(entry), renewMs);
    renewal.unref();
    this.held.set(job.id, entry);
    entry.done = this.execute(job, entry).finally(() => {
      clearInterval(renewal);
      this.held.delete(job.id);
      this.notify();
    });
  }

  private async renew(entry: HeldJob): Promise<void> {
    if (entry.returned || entry.controller.signal.aborted) return;
    try {
      const state = await this.leases.renew(
        this.queue,
        entry.id,
        entry.token,
        this.settings.leaseSeconds,
      );
      if (state !== 'held' && !entry.returned)
        entry.controller.abort(
          new JobInterruptedError(state === 'cancelled' ? 'cancelled' : 'lease_lost'),
        );
    } catch (error) {
      // The database is away: the lease runs on until it comes back or runs out.
      this.log.warn(`renewing the lease of job ${entry.id} failed: ${(error as Error).message}`);
    }
  }

  private async execute(job: PgBoss.JobWithMetadata<P>, entry: HeldJob): Promise<void> {
    const started = performance.now();
    const { signal } = entry.controller;
    let outcome: RunOutcome;
    try {
      await this.handler({
        id: job.id,
        queue: this.queue,
        data: job.data,
        attempt: job.retryCount + 1,
        attempts: job.retryLimit + 1,
        signal,
      });
      if (entry.returned) outcome = 'returned';
      else if (await this.leases.complete(this.queue, job.id, entry.token)) outcome = 'completed';
      else outcome = interruption(signal) ?? (await this.lostOrCancelled(entry));
    } catch (error) {
      outcome = entry.returned ? 'returned' : await this.failed(entry, error);
    }
    this.settings.onFinished(this.queue, outcome, (performance.now() - started) / 1000);
  }

  private async failed(entry: HeldJob, error: unknown): Promise<RunOutcome> {
    const interrupted = interruption(entry.controller.signal);
    if (interrupted) return interrupted;
    const state = await this.leases
      .renew(this.queue, entry.id, entry.token, this.settings.leaseSeconds)
      .catch(() => 'held' as const);
    if (state !== 'held') return state === 'cancelled' ? 'cancelled' : 'lease_lost';
    const message = error instanceof Error ? error.message : String(error);
    this.log.warn(`job ${entry.id} of ${this.queue} failed: ${message}`);
    await this.boss
      .fail(this.queue, entry.id, { message: message.slice(0, 2000) })
      .catch((e: Error) =>
        this.log.error(`recording the failure of job ${entry.id}: ${e.message}`),
      );
    return 'failed';
  }

  private async lostOrCancelled(entry: HeldJob): Promise<RunOutcome> {
    const state = await this.leases
      .renew(this.queue, entry.id, entry.token, this.settings.leaseSeconds)
      .catch(() => 'lost' as const);
    return state === 'cancelled' ? 'cancelled' : 'lease_lost';
  }

  /**
   * Stops fetching, waits for the running jobs until `deadline` (epoch ms), then gives the
   * unfinished ones back to the queue and aborts their handlers.
   */
  async drain(deadline: number): Promise<WorkerDrain> {
    this.stopping = true;
    this.notify();
    await this.loop;
    const running = [...this.held.values()];
    const remaining = deadline - Date.now();
    if (running.length && remaining > 0)
      await Promise.race([Promise.allSettled(running.map((j) => j.done)), sleep(remaining)]);
    const unfinished = [...this.held.values()];
    await this.giveBackAll(unfinished);
    for (const job of unfinished) job.controller.abort(new JobInterruptedError('shutdown'));
    // Handlers that honour the signal end now; none is waited for longer than a moment.
    if (unfinished.length)
      await Promise.race([Promise.allSettled(unfinished.map((j) => j.done)), sleep(2000)]);
    return { finished: running.length - unfinished.length, returned: unfinished.length };
  }

  private async giveBackAll(jobs: { id: string; token: LeaseToken; returned?: boolean }[]) {
    for (const job of jobs) {
      job.returned = true;
      await this.leases
        .giveBack(this.queue, job.id, job.token, this.settings.leaseSeconds)
        .catch((e: Error) =>
          this.log.warn(`job ${job.id} not given back (its lease will run out): ${e.message}`),
        );
    }
  }
}

function tokenOf(job: PgBoss.JobWithMetadata<object>): LeaseToken {
  return { retryCount: job.retryCount, startedOn: job.startedOn };
}

function interruption(signal: AbortSignal): RunOutcome | null {
  if (!signal.aborted) return null;
  const reason = (signal.reason as JobInterruptedError).reason;
  return reason === 'shutdown' ? 'returned' : reason;
}
