import { inspect } from 'node:util';

/** What `waitFor` treats as "not yet": the falsy values. */
type Falsy = false | 0 | 0n | '' | null | undefined;

export interface WaitForOptions {
  /**
   * How long to keep trying, in ms. Default: env `TEST_WAIT_TIMEOUT_MS`, else 60 000 (half the
   * Jest preset's 120 s test budget, so a wait that gives up names what it waited for).
   */
  timeoutMs?: number;
  /** Pause before the second call, in ms (default 25); each later pause is 1.5 times longer. */
  intervalMs?: number;
  /** Longest pause between two calls, in ms (default 250). */
  maxIntervalMs?: number;
  /** What is being waited for: part of the error thrown when the deadline passes. */
  message?: string;
}

const DEFAULT_TIMEOUT_MS = 60_000;

/** The default deadline of `waitFor`: env `TEST_WAIT_TIMEOUT_MS` when set, else 60 s. */
export function defaultWaitTimeoutMs(): number {
  const fromEnv = Number(process.env.TEST_WAIT_TIMEOUT_MS);
  return Number.isFinite(fromEnv) && fromEnv > 0 ? fromEnv : DEFAULT_TIMEOUT_MS;
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

type Outcome<T> =
  { kind: 'value'; value: T } | { kind: 'error'; error: unknown } | { kind: 'pending' };

/**
 * Polls `condition` (sync or async) until it returns a truthy value, and answers that value.
 * A call that throws (or rejects), e.g. a failed `expect`, or that answers a falsy value counts
 * as "not yet": the next call follows after a short pause. When `timeoutMs` has passed, throws
 * an Error naming `message` and the last value or error (that error is also its `cause`).
 *
 * An assertion-style condition ends with `return true`:
 * `await waitFor(async () => { expect(await count()).toBe(2); return true; })`.
 *
 * This is how a test waits for something that happens in the background: never a fixed sleep,
 * so a slow machine only makes the test slower, never red.
 */
export async function waitFor<T>(
  condition: () => T | PromiseLike<T>,
  options: WaitForOptions = {},
): Promise<Exclude<Awaited<T>, Falsy>> {
  const timeoutMs = options.timeoutMs ?? defaultWaitTimeoutMs();
  const maxIntervalMs = options.maxIntervalMs ?? 250;
  let intervalMs = Math.min(options.intervalMs ?? 25, maxIntervalMs);
  const deadline = Date.now() + timeoutMs;
  let attempts = 0;
  let last: Outcome<Awaited<T>>;

  for (;;) {
    attempts++;
    last = await attempt(condition, deadline);
    if (last.kind === 'value' && last.value) return last.value as Exclude<Awaited<T>, Falsy>;
    const remaining = deadline - Date.now();
    if (remaining <= 0 || last.kind === 'pending') break;
    await pause(Math.min(intervalMs, remaining));
    intervalMs = Math.min(intervalMs * 1.5, maxIntervalMs);
  }

  const what = options.message ? `: ${options.message}` : '';
  const detail =
    last.kind === 'error'
      ? `last error: ${last.error instanceof Error ? last.error.message : inspect(last.error)}`
      : last.kind === 'pending'
        ? 'the last call had not answered yet'
        : `last value: ${inspect(last.value, { depth: 4, breakLength: Infinity })}` +
          (last.value === undefined
            ? ' (a condition must answer a truthy value: end an assertion callback with `return true`)'
            : '');
  throw new Error(
    `waitFor gave up after ${timeoutMs} ms (${attempts} call${attempts === 1 ? '' : 's'})${what}; ${detail}`,
    last.kind === 'error' ? { cause: last.error } : undefined,
  );
}

/** One call of `condition`, given up (as 'pending') if it has not answered by `deadline`. */
async function attempt<T>(
  condition: () => T | PromiseLike<T>,
  deadline: number,
): Promise<Outcome<Awaited<T>>> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const call = (async (): Promise<Outcome<Awaited<T>>> => {
      try {
        return { kind: 'value', value: await condition() };
      } catch (error) {
        return { kind: 'error', error };
      }
    })();
    const expired = new Promise<Outcome<Awaited<T>>>((resolve) => {
      timer = setTimeout(() => resolve({ kind: 'pending' }), Math.max(0, deadline - Date.now()));
    });
    return await Promise.race([call, expired]);
  } finally {
    clearTimeout(timer);
  }
}
