// Issue 16, finding 1: an anonymous 40 MB body to every upload and import route of both
// services must be answered 401 before the body is read (goal < 100 ms) and must not grow the
// service's memory. The client sends the body as fast as the connection takes it and stops when
// the answer arrives; it records the time to the answer, the bytes it had written by then and
// whether the server closed the connection. Baseline: the same anonymous request with an empty
// body (the 401 alone). The service's RSS is read before the runs, sampled every 20 ms during
// them, and read again after them.
//
// DATABASE_URL set: databases `bench_body_health` / `bench_body_training` are (re)created on
// that server. Unset: each service starts its embedded PostgreSQL under .data/bench-*.
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { freshDatabase, ratio, ROOT, startService, writeResults } from './lib/harness.mjs';

const MB = 1024 * 1024;
const BODY_BYTES = 40 * MB;
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const GOAL_MS = 100;
const ANY_ID = '00000000-0000-4000-8000-000000000000';
const BOUNDARY = 'bench-boundary';
const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

const ROUTES = {
  health: [
    { path: '/api/import', type: 'application/vnd.health.export+json' },
    { path: '/api/import', type: 'application/json' },
    { path: '/api/fhir/Bundle', type: 'application/fhir+json' },
    { path: '/api/photos', type: MULTIPART },
    { path: '/api/csv/analyze', type: MULTIPART },
    { path: '/api/csv/import', type: MULTIPART },
  ],
  training: [{ path: `/api/exercises/${ANY_ID}/media`, type: MULTIPART }],
};

const CHUNK = Buffer.alloc(MB, 0x61);
const openingOf = (type) =>
  type === MULTIPART
    ? Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.csv"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      )
    : Buffer.from('{"padding":"');

/**
 * One anonymous POST announcing `bodyBytes`, its body written as fast as the socket drains
 * until the answer arrives. Answers the status, the time to the complete answer, the body
 * bytes written by then, and whether the server closed the connection afterwards.
 */
function post(base, route, bodyBytes) {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const t0 = performance.now();
    let answer;
    let received = Buffer.alloc(0);
    let headBytes = 0;
    let sent = 0;
    const done = (closed) => {
      clearTimeout(timer);
      socket.destroy();
      if (answer) resolve({ ...answer, closed });
      // The server closed the connection while the client was still sending: the kernel then
      // resets it, and a client busy writing may lose the answer that had arrived.
      else if (closed && bodyBytes > 0)
        resolve({
          status: 'reset',
          ms: performance.now() - t0,
          body_bytes_written: Math.max(0, socket.bytesWritten - headBytes),
          connection_close: true,
          closed,
        });
      else reject(new Error(`${route.path}: closed without an answer`));
    };
    const timer = setTimeout(() => done(false), 30_000);
    const pump = () => {
      while (!answer && sent < bodyBytes && !socket.destroyed) {
        let chunk = sent === 0 ? openingOf(route.type) : CHUNK;
        if (chunk.length > bodyBytes - sent) chunk = chunk.subarray(0, bodyBytes - sent);
        sent += chunk.length;
        if (!socket.write(chunk)) return socket.once('drain', pump);
      }
    };
    socket.on('connect', () => {
      const head =
        `POST ${route.path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n` +
        `Content-Type: ${route.type}\r\nContent-Length: ${bodyBytes}\r\n\r\n`;
      headBytes = Buffer.byteLength(head);
      socket.write(head);
      pump();
    });
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (answer || end < 0) return;
      const head = received.subarray(0, end).toString('latin1');
      const length = Number(/content-length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
      if (received.length < end + 4 + length) return;
      answer = {
        status: Number(head.split(' ')[1]),
        ms: performance.now() - t0,
        body_bytes_written: Math.max(0, socket.bytesWritten - headBytes),
        connection_close: /\r\nconnection:\s*close/i.test(head),
      };
      // An empty body leaves the connection open (nothing unread); a refused body must close it.
      if (bodyBytes === 0) done(false);
      else setTimeout(() => done(false), 2000);
    });
    socket.on('end', () => done(true));
    socket.on('close', () => done(true));
    socket.on('error', () => (answer ? done(true) : undefined));
  });
}

/** Bytes the process has read through read/recv system calls, sockets included (/proc/<pid>/io). */
const readBytesOf = (pid) =>
  Number(/rchar:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))[1]);

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round = (x) => Math.round(x * 10) / 10;

async function measure(name) {
  const service = await startService(name, {
    databaseUrl: await freshDatabase(`bench_body_${name}`),
    fresh: true,
    env: {
      PHOTO_ROOT: path.join(ROOT, '.data', 'bench-body-photos'),
      MEDIA_ROOT: path.join(ROOT, '.data', 'bench-body-media'),
    },
  });
  try {
    for (const route of ROUTES[name]) await post(service.base, route, 0); // warm-up
    await new Promise((r) => setTimeout(r, 500));
    const rssBefore = service.rssBytes();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      try {
        rssPeak = Math.max(rssPeak, service.rssBytes());
      } catch {
        // process gone
      }
    }, 20);
    const rows = [];
    for (const route of ROUTES[name]) {
      const empty = [];
      const big = [];
      for (let i = 0; i < RUNS; i += 1) {
        empty.push(await post(service.base, route, 0));
        const read0 = readBytesOf(service.pid);
        const run = await post(service.base, route, BODY_BYTES);
        big.push({ ...run, server_read: readBytesOf(service.pid) - read0 });
      }
      const statuses = [...new Set(big.map((r) => r.status))];
      rows.push({
        service: name,
        route: `POST ${route.path}`,
        content_type: route.type.split(';')[0],
        statuses,
        ms_median: round(median(big.map((r) => r.ms))),
        ms_max: round(Math.max(...big.map((r) => r.ms))),
        empty_body_ms_median: round(median(empty.map((r) => r.ms))),
        ratio_to_empty_body: ratio(median(big.map((r) => r.ms)), median(empty.map((r) => r.ms))),
        body_mb_written_max: round(Math.max(...big.map((r) => r.body_bytes_written)) / MB),
        server_read_kb_max: round(Math.max(...big.map((r) => r.server_read)) / 1024),
        connection_closed: big.every((r) => r.closed && r.connection_close),
      });
    }
    clearInterval(sampler);
    await new Promise((r) => setTimeout(r, 1000));
    const rssAfter = service.rssBytes();
    return {
      rows,
      rss_mb: {
        before: round(rssBefore / MB),
        peak: round(rssPeak / MB),
        after: round(rssAfter / MB),
        growth: round((rssAfter - rssBefore) / MB),
      },
    };
  } finally {
    await service.stop();
  }
}

const health = await measure('health');
const training = await measure('training');
const rows = [...health.rows, ...training.rows];
const worstMs = Math.max(...rows.map((r) => r.ms_max));
const data = {
  body_mb: BODY_BYTES / MB,
  runs_per_route: RUNS,
  goal_ms: GOAL_MS,
  worst_ms: worstMs,
  all_401: rows.every((r) => r.statuses.length === 1 && r.statuses[0] === 401),
  routes: rows,
  rss_mb: { health: health.rss_mb, training: training.rss_mb },
};

const md = [
  '# Anonymous 40 MB body to the upload and import routes (issue 16, finding 1)',
  '',
  `Each route: ${RUNS} anonymous POSTs announcing ${BODY_BYTES / MB} MB, the body written as fast as the connection takes it until the answer arrives; baseline the same request with an empty body.`,
  '',
  '| Route | Content-Type | Status | Time to answer, median / max | Empty body, median | Ratio | Body written by the client, max | Read by the service, max | Connection closed |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...rows.map(
    (r) =>
      `| ${r.service} \`${r.route}\` | \`${r.content_type}\` | ${r.statuses.join(', ')} | ${r.ms_median} / ${r.ms_max} ms | ${r.empty_body_ms_median} ms | ${r.ratio_to_empty_body} | ${r.body_mb_written_max} MB | ${r.server_read_kb_max} KB | ${r.connection_closed ? 'yes' : 'no'} |`,
  ),
  '',
  `| Service | RSS before | peak during | after | growth | Goal |`,
  '| --- | --- | --- | --- | --- | --- |',
  ...[
    ['health', health.rss_mb],
    ['training', training.rss_mb],
  ].map(
    ([n, m]) =>
      `| ${n} | ${m.before} MB | ${m.peak} MB | ${m.after} MB | ${m.growth} MB | no growth |`,
  ),
  '',
  `Slowest answer: ${worstMs} ms (goal < ${GOAL_MS} ms). "Body written by the client" is what its`,
  'socket accepted (mostly kernel buffers); "read by the service" is the growth of `rchar` in',
  '`/proc/<pid>/io` during the request: every byte the service process read, headers included.',
].join('\n');

writeResults('anonymous-body', data, md);
console.log(md);
if (!data.all_401) process.exitCode = 1;
