import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PinoLogger } from 'nestjs-pino';
import { waitFor } from '../testing/wait-for';
import { loggerOptions, requestLogging, requestLogLevel } from './logging';

describe('requestLogLevel', () => {
  const sampled = { successSampleRate: 0.1, slowRequestMs: 500 };

  it('always logs errors and refusals', () => {
    expect(requestLogLevel(sampled, 500, false, 1, () => 0.99)).toBe('error');
    expect(requestLogLevel(sampled, 200, true, 1, () => 0.99)).toBe('error');
    expect(requestLogLevel(sampled, 404, false, 1, () => 0.99)).toBe('warn');
  });

  it('samples fast successes and always logs slow ones', () => {
    expect(requestLogLevel(sampled, 200, false, 1, () => 0.05)).toBe('info');
    expect(requestLogLevel(sampled, 200, false, 1, () => 0.5)).toBe('silent');
    expect(requestLogLevel(sampled, 200, false, 600, () => 0.5)).toBe('info');
  });

  it('logs every success at rate 1 and none at rate 0', () => {
    const all = { successSampleRate: 1, slowRequestMs: 1000 };
    const none = { successSampleRate: 0, slowRequestMs: 1000 };
    expect(requestLogLevel(all, 201, false, 1, () => 0.999)).toBe('info');
    expect(requestLogLevel(none, 201, false, 1, () => 0)).toBe('silent');
  });
});

describe('requestLogging', () => {
  const lines: Record<string, unknown>[] = [];
  const stream = { write: (line: string) => lines.push(JSON.parse(line)) };
  // The application's root logger, as LoggerModule makes it, writing into `lines`.
  const inside = new PinoLogger({ pinoHttp: [loggerOptions('svc', 'info'), stream] });
  let server: Server;
  let base: string;
  let log: ReturnType<typeof requestLogging>;
  /** URLs of the requests the server has received. */
  const received: string[] = [];

  beforeAll(async () => {
    server = createServer((req, res) =>
      log(req, res, () => {
        received.push(req.url ?? '');
        if (req.url === '/api/inside') inside.info('handled');
        if (req.url === '/api/hang') return; // never answered: the client gives up
        res.statusCode = Number(/status=(\d+)/.exec(req.url ?? '')?.[1] ?? 200);
        res.end('{}');
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  beforeEach(() => {
    lines.length = 0;
    log = requestLogging({ successSampleRate: 1, slowRequestMs: 1000 });
  });
  /** Waits for the log line of the request to `url` (written once its response has closed). */
  const loggedLine = (url: string) =>
    waitFor(() => lines.some((l) => (l.req as { url?: string } | undefined)?.url === url), {
      message: `the log line of ${url}`,
    });

  it('writes one line per request with id, method, URL and status, never a header', async () => {
    const res = await fetch(`${base}/api/weight?from=2026-01-01`, {
      headers: { Authorization: 'Bearer secret-token', Cookie: 'session=secret' },
    });
    await loggedLine('/api/weight?from=2026-01-01');
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        name: 'svc',
        msg: 'request completed',
        req: {
          id: res.headers.get('x-request-id'),
          method: 'GET',
          url: '/api/weight?from=2026-01-01',
        },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/secret|headers/);
  });

  it('keeps a well-formed X-Request-Id and binds the request to logs made while handling it', async () => {
    await fetch(`${base}/api/inside`, { headers: { 'X-Request-Id': 'abc-123' } });
    await loggedLine('/api/inside');
    expect(lines.map((l) => [l.msg, (l.req as { id: string }).id])).toEqual([
      ['handled', 'abc-123'],
      ['request completed', 'abc-123'],
    ]);
  });

  it('tells the observers of every response written in full, probes included', async () => {
    const seen: [string | undefined, number, number][] = [];
    log = requestLogging({ successSampleRate: 0, slowRequestMs: 1000 }, [
      (req, res, elapsedMs) => seen.push([req.url, res.statusCode, elapsedMs]),
    ]);
    await fetch(`${base}/api/health/ready`);
    await fetch(`${base}/api/x?status=404`);
    await waitFor(() => seen.length === 2, { message: 'both responses observed' });
    expect(seen).toEqual([
      ['/api/health/ready', 200, expect.any(Number)],
      ['/api/x?status=404', 404, expect.any(Number)],
    ]);
    expect(seen.every(([, , ms]) => ms >= 0 && ms < 1000)).toBe(true);
  });

  it('logs a request whose connection was lost, without telling the observers', async () => {
    const seen: number[] = [];
    log = requestLogging({ successSampleRate: 1, slowRequestMs: 1000 }, [
      (_req, res) => seen.push(res.statusCode),
    ]);
    const controller = new AbortController();
    const answered = fetch(`${base}/api/hang`, { signal: controller.signal }).catch(() => null);
    await waitFor(() => received.includes('/api/hang'), { message: 'the request received' });
    controller.abort();
    await answered;
    // The observers would have been told just before this line was written.
    await loggedLine('/api/hang');
    expect(seen).toEqual([]);
    expect(lines.map((l) => [l.msg, (l.req as { url: string }).url])).toEqual([
      ['request completed', '/api/hang'],
    ]);
  });

  it('samples successes but always logs refusals and errors; probes get no line', async () => {
    log = requestLogging({ successSampleRate: 0, slowRequestMs: 1000 });
    await fetch(`${base}/api/version`);
    await fetch(`${base}/api/health/ready?status=503`);
    await fetch(`${base}/api/x?status=404`);
    await fetch(`${base}/api/y?status=500`);
    // The line of the last request comes after any of the earlier ones.
    await loggedLine('/api/y?status=500');
    expect(
      lines.map((l) => [l.level, l.msg, (l.res as { statusCode: number }).statusCode]),
    ).toEqual([
      [40, 'request completed', 404],
      [50, 'request errored', 500],
    ]);
    expect(lines[1].err).toEqual(
      expect.objectContaining({ message: 'failed with status code 500' }),
    );
  });
});
