import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import type { RunOutcome } from './queue-worker';

/** Jobs of one queue by state, as the readiness details and the metrics show them. */
export interface QueueState {
  name: string;
  /** Ready to run now: the queue depth a worker autoscaler scales on. */
  waiting: number;
  /** Waiting for a later start (a retry's backoff). */
  delayed: number;
  active: number;
  /** Failed for good and not archived yet (their payloads went to the dead letter queue). */
  failed: number;
}

/**
 * The job queue's Prometheus metrics: `job_queue_depth`, `job_queue_delayed`,
 * `job_queue_active` and `job_queue_failed` per queue (read from the database at scrape time,
 * by every replica, so any pod's value serves an autoscaler), and per-process counts and
 * durations of the runs.
 */
export class JobQueueMetrics {
  private readonly finished: Counter<'queue' | 'outcome'>;
  private readonly duration: Histogram<'queue'>;

  constructor(registry: Registry, states: () => Promise<QueueState[]>) {
    const gauge = (name: string, help: string, pick: (s: QueueState) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['queue'],
        registers: [registry],
        async collect() {
          this.reset();
          for (const s of await states().catch(() => [])) this.set({ queue: s.name }, pick(s));
        },
      });
    gauge('job_queue_depth', 'Jobs ready to run and not started, per queue', (s) => s.waiting);
    gauge('job_queue_delayed', 'Jobs waiting for a later start (retry backoff)', (s) => s.delayed);
    gauge('job_queue_active', 'Jobs running on some worker, per queue', (s) => s.active);
    gauge('job_queue_failed', 'Jobs failed for good, not archived yet', (s) => s.failed);
    this.finished = new Counter({
      name: 'job_runs_total',
      help: 'Job runs in this process by queue and outcome (completed, failed, cancelled, lease_lost, returned)',
      labelNames: ['queue', 'outcome'],
      registers: [registry],
    });
    this.duration = new Histogram({
      name: 'job_run_duration_seconds',
      help: 'Duration of job runs in this process by queue',
      labelNames: ['queue'],
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600],
      registers: [registry],
    });
  }

  observe(queue: string, outcome: RunOutcome, seconds: number): void {
    this.finished.inc({ queue, outcome });
    this.duration.observe({ queue }, seconds);
  }
}
