/**
 * How jobs of one queue are run:
 * - `standard`: any number waiting and running;
 * - `singleton`: at most one running per singleton key (others wait; send them only when
 *   none can be waiting, see `send`: a waiting job of a busy key holds up the fetch);
 * - `stately`: at most one waiting and one running per singleton key; a send while one is
 *   waiting answers null (cron queues: a slow run never piles up further runs).
 */
export type QueuePolicy = 'standard' | 'singleton' | 'stately';

export interface QueueOptions {
  policy?: QueuePolicy;
  /** Attempts after the first one (default 3). */
  retryLimit?: number;
  /** Seconds before the first retry (default 5). */
  retryDelaySeconds?: number;
  /** Doubles the delay with each attempt, with jitter (default true). */
  retryBackoff?: boolean;
  /** Jobs this queue runs at once in one process (default 1). */
  concurrency?: number;
  /** Days a finished or waiting job is kept before it is archived (default 14). */
  retentionDays?: number;
}

/**
 * A queue declared by a feature module: its name, its payload type and how its jobs are
 * retried. Jobs that fail on their last attempt (or whose worker died on it) move to the dead
 * letter queue `<name>-dead`, where a handler given to `JobsService.work` sees them.
 */
export interface QueueDefinition<P extends object> {
  readonly name: string;
  readonly deadLetter: string;
  readonly policy: QueuePolicy;
  readonly retryLimit: number;
  readonly retryDelaySeconds: number;
  readonly retryBackoff: boolean;
  readonly concurrency: number;
  readonly retentionDays: number;
  /** Type of the payload only (never set). */
  readonly payload?: P;
}

const QUEUE_NAME = /^[a-z][a-z0-9-]{0,60}$/;

/** Declares a queue whose jobs carry a payload of type `P` (plain JSON). */
export function defineQueue<P extends object>(
  name: string,
  options: QueueOptions = {},
): QueueDefinition<P> {
  if (!QUEUE_NAME.test(name) || name.endsWith('-dead'))
    throw new Error(`Queue name "${name}" must be kebab-case (a-z, 0-9, -), not ending in -dead`);
  const definition: QueueDefinition<P> = {
    name,
    deadLetter: `${name}-dead`,
    policy: options.policy ?? 'standard',
    retryLimit: options.retryLimit ?? 3,
    retryDelaySeconds: options.retryDelaySeconds ?? 5,
    retryBackoff: options.retryBackoff ?? true,
    concurrency: options.concurrency ?? 1,
    retentionDays: options.retentionDays ?? 14,
  };
  if (!Number.isInteger(definition.concurrency) || definition.concurrency < 1)
    throw new Error(`Queue "${name}": concurrency must be a positive integer`);
  return Object.freeze(definition);
}

/**
 * A cron expression for "every `minutes` minutes" (STORAGE_SWEEP_INTERVAL_MINUTES and the
 * like): below an hour a step of minutes within the hour, below a day whole hours, else whole
 * days (each rounded to the nearest step, at least 1).
 */
export function cronEveryMinutes(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes < 1) throw new Error('minutes must be at least 1');
  if (minutes < 60) return `*/${Math.round(minutes)} * * * *`;
  if (minutes < 1440) return `0 */${Math.max(1, Math.round(minutes / 60))} * * *`;
  return `0 0 */${Math.max(1, Math.round(minutes / 1440))} * *`;
}
