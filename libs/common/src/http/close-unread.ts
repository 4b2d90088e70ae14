import type { Request, Response } from 'express';
import type { Socket } from 'node:net';

/** How long a refused connection stays half-closed so that the client can read the answer. */
export const REFUSED_LINGER_MS = 1000;

/**
 * Answers a request whose body has not (all) been read with `Connection: close`, and closes
 * the connection without reading the rest of the body.
 *
 * Node's own close for `Connection: close` reads on (to pull the body off the wire) and destroys
 * the socket as soon as the answer is flushed; with body bytes still unread, the kernel then
 * resets the connection and a client that is still sending may lose the answer. Here the socket
 * sends its answer and FIN, stops reading (the client's sends stall in the kernel buffers), and
 * is destroyed after REFUSED_LINGER_MS or when the client closes, whichever comes first.
 */
export function closeWithoutReading(req: Request, res: Response): void {
  res.setHeader('Connection', 'close');
  const socket = req.socket as Socket & { destroySoon?: () => void };
  // Node's HTTP server calls socket.destroySoon() once the answer is flushed (and uses
  // socket.end() when a socket has none); this socket's is replaced by the lingering close.
  socket.destroySoon = () => {
    socket.end();
    // Node resumed the request to discard its body (and the request resumes the socket): pause
    // both, so that at most one buffer of the body is read.
    req.pause();
    socket.pause();
    // ...and Node's server resumes a socket it paused for backpressure once the answer drained.
    socket.resume = () => socket;
    const timer = setTimeout(() => socket.destroy(), REFUSED_LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };
}
