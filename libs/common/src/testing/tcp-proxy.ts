import { createServer, connect, Server, Socket } from 'node:net';

/**
 * A TCP relay on loopback between a service and its PostgreSQL, so that tests can make the
 * database refuse connections or answer nothing at all without touching the shared server.
 */
export class TcpProxy {
  private readonly sockets = new Set<Socket>();
  private readonly links = new Set<{ client: Socket; upstream?: Socket }>();
  private frozen = false;

  private constructor(
    private readonly server: Server,
    private readonly target: { host: string; port: number },
    readonly port: number,
  ) {}

  /** Relays to the host and port of `targetUrl` (a postgres:// URL). */
  static async start(targetUrl: string): Promise<TcpProxy> {
    const u = new URL(targetUrl);
    const target = { host: u.hostname, port: Number(u.port || 5432) };
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const proxy = new TcpProxy(server, target, (server.address() as { port: number }).port);
    server.on('connection', (client) => proxy.accept(client));
    return proxy;
  }

  /** `url` with its host and port replaced by the relay's. */
  urlFor(url: string): string {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  /** The database is gone: open connections break, new ones are refused. */
  async refuse(): Promise<void> {
    const closed = this.server.listening
      ? new Promise((resolve) => this.server.close(resolve))
      : undefined;
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  /** The database answers nothing, as a stopped (SIGSTOP) server: bytes are held, not lost. */
  freeze(): void {
    this.frozen = true;
    for (const link of this.links) {
      link.client.unpipe();
      link.upstream?.unpipe();
      link.client.pause();
      link.upstream?.pause();
    }
  }

  /** Back to normal: listening again, held bytes delivered. */
  async restore(): Promise<void> {
    this.frozen = false;
    for (const link of this.links) this.relay(link);
    if (!this.server.listening)
      await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
  }

  async close(): Promise<void> {
    await this.refuse();
  }

  private accept(client: Socket): void {
    const link: { client: Socket; upstream?: Socket } = { client };
    this.track(client);
    this.links.add(link);
    client.once('close', () => this.links.delete(link));
    if (this.frozen) client.pause();
    else this.relay(link);
  }

  private relay(link: { client: Socket; upstream?: Socket }): void {
    if (!link.upstream) {
      const upstream = connect(this.target.port, this.target.host);
      this.track(upstream);
      link.upstream = upstream;
      upstream.once('close', () => link.client.destroy());
      link.client.once('close', () => upstream.destroy());
    }
    link.client.pipe(link.upstream);
    link.upstream.pipe(link.client);
  }

  private track(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('error', () => socket.destroy());
    socket.once('close', () => this.sockets.delete(socket));
  }
}
