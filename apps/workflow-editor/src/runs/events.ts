// Follows an execution live: GET /api/workflows/executions/{id}/events (streamExecutionEvents)
// through the typed client (Bearer token, refreshed on a 401), read as a stream. A stream that
// drops before its `end` event is opened again after the last event seen (Last-Event-ID).
import { ProblemError, type Schemas } from '@sports/health-client';
import { client } from '../session/client';
import { withSession } from '../session/relogin';
import { SseParser } from './sse';

/** The data of one `node` event (its id is `seq`), as the service's contract describes it. */
export type NodeEvent = Schemas['ExecutionNodeEvent'];
/** How the execution ended: the data of the stream's last event, `end`. */
export type EndStatus = Schemas['ExecutionEndEvent']['status'];

/** Reconnects in a row without a new event before giving up. */
const MAX_RETRIES = 5;
const RETRY_MS = 500;

/**
 * Calls `onNode` for every node event of the execution, in order, and answers the status of
 * its `end` event. Rejects when `signal` aborts or the service refuses the stream.
 */
export async function followExecution(
  id: string,
  onNode: (event: NodeEvent) => void,
  signal: AbortSignal,
): Promise<EndStatus> {
  let last = 0;
  for (let retries = 0; ;) {
    const before = last;
    try {
      const { data: body } = await withSession(() =>
        client.GET('/api/workflows/executions/{id}/events', {
          params: { path: { id }, header: last ? { 'Last-Event-ID': String(last) } : {} },
          parseAs: 'stream',
          signal,
        }),
      );
      const status = await readUntilEnd(body ?? null, (event) => {
        last = event.seq;
        onNode(event);
      });
      if (status !== null) return status;
    } catch (err) {
      // Refused (not found, session ended) or stopped by the caller: no point in retrying. A
      // network error or a 5xx (a proxy, a restart) is tried again.
      if (signal.aborted || (err instanceof ProblemError && err.status < 500)) throw err;
    }
    retries = last > before ? 0 : retries + 1;
    if (retries > MAX_RETRIES) throw new Error('The live view of the run was lost.');
    await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
  }
}

/** Reads one stream: the `end` event's status, or null when the stream ended without it. */
async function readUntilEnd(
  body: ReadableStream<Uint8Array> | null,
  onNode: (event: NodeEvent) => void,
): Promise<EndStatus | null> {
  if (!body) return null;
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return null;
      for (const event of parser.feed(decoder.decode(value, { stream: true }))) {
        if (event.event === 'node') onNode(JSON.parse(event.data) as NodeEvent);
        else if (event.event === 'end')
          return (JSON.parse(event.data) as Schemas['ExecutionEndEvent']).status;
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
