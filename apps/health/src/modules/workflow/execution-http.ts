import type { Response } from 'express';
import type { ExecutionEventSink } from './workflow-executions.service';

/** Whether a `Prefer` header (RFC 7240) asks for `respond-async`. */
export function respondsAsync(prefer: string | undefined): boolean {
  return (prefer ?? '')
    .split(',')
    .some((p) => p.split(';')[0].trim().toLowerCase() === 'respond-async');
}

/** The `Last-Event-ID` of a reconnecting event stream: a seq, 0 when absent or not a number. */
export function lastEventId(header: string | undefined): number {
  const value = Number(header?.trim());
  return Number.isSafeInteger(value) && value > 0 ? value : 0;
}

/** An ExecutionEventSink writing Server-Sent Events to an Express response. */
export function eventStream(res: Response): ExecutionEventSink {
  const gone = new AbortController();
  res.once('close', () => gone.abort());
  return {
    closed: gone.signal,
    open() {
      res.status(200);
      res.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
      res.setHeader('Cache-Control', 'no-cache, no-transform');
      res.setHeader('X-Accel-Buffering', 'no');
      res.flushHeaders();
    },
    event(id: number | null, name: string, data: unknown) {
      if (gone.signal.aborted) return;
      const idLine = id === null ? '' : `id: ${id}\n`;
      res.write(`${idLine}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
    },
    comment(text: string) {
      if (!gone.signal.aborted) res.write(`: ${text}\n\n`);
    },
    end() {
      if (!gone.signal.aborted) res.end();
    },
  } as ExecutionEventSink;
}
