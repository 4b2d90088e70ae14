import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export interface DrainResult {
  /** Requests still running when the deadline ended them (their connections were closed). */
  cut: number;
  /** Milliseconds from the start of the drain until the last request ended or was cut. */
  ms: number;
}

/**
 * Tracks the requests of an HTTP server so that a shutdown can let them finish: `drain()`
 * stops accepting connections, closes idle keep-alive sockets, answers every further response
 * with `Connection: close` (so busy keep-alive sockets close after their response) and waits
 * for the requests in flight, at most `deadlineMs`; then it closes what is left.
 */
export class HttpDrain {
  private readonly inFlight = new Set<ServerResponse>();
  private draining = false;
  private settled?: () => void;

  constructor(private readonly server: Server) {
    // One `close` listener for every response (no closure per request); `close` comes once.
    const { inFlight } = this;
    const settle = () => {
      if (this.draining && inFlight.size === 0) this.settled?.();
    };
    function ended(this: ServerResponse): void {
      inFlight.delete(this);
      settle();
    }
    // First listener, so the header is set before the application can send its response.
    server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
      this.inFlight.add(res);
      if (this.draining) res.setHeader('Connection', 'close');
      res.on('close', ended);
    });
  }

  get requestsInFlight(): number {
    return this.inFlight.size;
  }

  async drain(deadlineMs: number): Promise<DrainResult> {
    const started = Date.now();
    this.draining = true;
    for (const res of this.inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    this.server.close();
    this.server.closeIdleConnections();
    if (this.inFlight.size) {
      let timer: NodeJS.Timeout | undefined;
      await new Promise<void>((resolve) => {
        this.settled = resolve;
        timer = setTimeout(resolve, deadlineMs);
      });
      clearTimeout(timer);
    }
    const cut = this.inFlight.size;
    // Connections whose response was already under way when the drain began stay open
    // after it; none of them has a request any more, or the deadline has passed.
    this.server.closeAllConnections();
    return { cut, ms: Date.now() - started };
  }
}
