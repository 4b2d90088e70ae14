import { Agent, createServer, get, IncomingMessage, Server } from 'node:http';
import { HttpDrain } from './http-drain';

async function listen(
  handler: Parameters<typeof createServer>[1],
): Promise<{ server: Server; url: string; drain: HttpDrain }> {
  const server = createServer(handler);
  const drain = new HttpDrain(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, drain, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` };
}

function fetchWith(
  agent: Agent,
  url: string,
): Promise<{ status: number; connection?: string; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent }, (res: IncomingMessage) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body }),
      );
    }).on('error', reject);
  });
}

describe('HttpDrain', () => {
  it('lets a request in flight finish, asks its keep-alive connection to close, and refuses new connections', async () => {
    let received!: () => void;
    const arrived = new Promise<void>((r) => (received = r));
    const { url, drain } = await listen((_req, res) => {
      received();
      setTimeout(() => res.end('done'), 300); // not-a-wait: a server answering slowly on purpose
    });
    const agent = new Agent({ keepAlive: true });
    const inFlight = fetchWith(agent, url);
    // Drained once the server has the request (a fixed delay races a loaded machine).
    await arrived;
    const drained = drain.drain(5000);
    const res = await inFlight;
    expect(res).toEqual({ status: 200, connection: 'close', body: 'done' });
    const { cut, ms } = await drained;
    expect(cut).toBe(0);
    // It waited for the request (300 ms), not for the 5 s deadline.
    expect(ms).toBeGreaterThanOrEqual(200);
    expect(ms).toBeLessThan(5000);
    await expect(fetchWith(new Agent(), url)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    agent.destroy();
  });

  it('closes idle keep-alive connections at once instead of waiting for the client', async () => {
    const { url, drain } = await listen((_req, res) => res.end('ok'));
    const agent = new Agent({ keepAlive: true });
    expect((await fetchWith(agent, url)).status).toBe(200);
    const idle = Object.values(agent.freeSockets).flat()[0];
    expect(idle).toBeDefined();
    const closed = new Promise((r) => idle?.once('close', r));
    const { ms } = await drain.drain(60_000);
    await closed;
    // At once: not after the keep-alive timeout nor at the 60 s deadline.
    expect(ms).toBeLessThan(5000);
    agent.destroy();
  });

  it('closes the connections of requests still running at the deadline', async () => {
    let received!: () => void;
    const arrived = new Promise<void>((r) => (received = r));
    const { url, drain } = await listen(() => received());
    const hanging = fetchWith(new Agent(), url).catch((e: NodeJS.ErrnoException) => e.code);
    await arrived;
    expect(drain.requestsInFlight).toBe(1);
    const { cut, ms } = await drain.drain(200);
    expect(cut).toBe(1);
    expect(ms).toBeGreaterThanOrEqual(190);
    expect(await hanging).toBe('ECONNRESET');
  });
});
