/** Why a running job was asked to stop before it ended. */
export type InterruptReason = 'cancelled' | 'lease_lost' | 'shutdown';

/**
 * The reason of an aborted `JobContext.signal`. A handler that sees it stops where it is and
 * leaves the job's rows as they are: a cancelled job stays cancelled, a job whose lease was
 * lost runs on another worker, a job interrupted by a shutdown returns to the queue.
 */
export class JobInterruptedError extends Error {
  constructor(readonly reason: InterruptReason) {
    super(`job interrupted: ${reason}`);
    this.name = 'JobInterruptedError';
  }
}

export interface JobContext<P extends object> {
  id: string;
  queue: string;
  data: P;
  /** 1 on the first attempt. */
  attempt: number;
  /** Attempts allowed in all (first attempt plus retries). */
  attempts: number;
  /** Aborted (with a `JobInterruptedError` as reason) when the job must stop. */
  signal: AbortSignal;
}

/** Runs one job; a thrown error fails the attempt (retried until the queue's limit). */
export type JobHandler<P extends object> = (job: JobContext<P>) => Promise<void>;

/** Throws the signal's `JobInterruptedError` when the job has been interrupted. */
export function throwIfInterrupted(signal: AbortSignal): void {
  if (signal.aborted) throw signal.reason as JobInterruptedError;
}
