// Issue 5 benchmark: streaming media upload.
//  1. POST /api/exercises/{id}/media of a 200 MB file against `cp` of the same file on the same
//     disk in the same run (throughput ratio; goal < 1.5), with the service's RSS sampled from
//     /proc/<pid>/status every 50 ms during the upload (peak growth; goal < 64 MB). A second
//     baseline: the same request body sent to a bare Node HTTP server that only stores it
//     (bench/lib/bare-upload-server.mjs), which tells the transport's share from the service's.
//     Every timing ends when the file is on the disk (the service and the bare server flush
//     before they answer; `cp` is followed by `sync`), and the CPU time of client and server is
//     recorded: on two cores they compete for the same CPUs.
//  2. 20 concurrent uploads of the same 5 MB file: one asset and one file must remain.
//
// DATABASE_URL set: a database `bench_media` is (re)created on that server. Unset: the service
// starts its embedded PostgreSQL under .data/bench-training.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes, createHash } from 'node:crypto';
import {
  createReadStream,
  mkdirSync,
  openSync,
  rmSync,
  statSync,
  writeSync,
  closeSync,
  readdirSync,
  readFileSync,
} from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  ratio,
  requireFromWorkspace,
  ROOT,
  rssOf,
  startService,
  writeResults,
  freshDatabase,
} from './lib/harness.mjs';

const pg = requireFromWorkspace('pg');
const MB = 1024 * 1024;
const BIG_MB = Number(process.env.BENCH_UPLOAD_MB ?? 200);
const SMALL_MB = 5;
const CONCURRENT = 20;
const PORT = 3105;
const EMBEDDED_PG_PORT = 54465;
const WORK = path.join(ROOT, '.data', 'bench-media');
const MEDIA_ROOT = path.join(WORK, 'media');

/** A file of `mb` MB that sniffs as PNG (signature + random bytes), written in 1 MB chunks. */
function writeTestFile(file, mb) {
  const fd = openSync(file, 'w');
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  for (let i = 0; i < mb; i += 1) {
    const chunk = randomBytes(MB);
    if (i === 0) signature.copy(chunk);
    writeSync(fd, chunk);
  }
  closeSync(fd);
}

const sha256Of = (file) =>
  new Promise((resolve, reject) => {
    const h = createHash('sha256');
    createReadStream(file)
      .on('data', (c) => h.update(c))
      .on('end', () => resolve(h.digest('hex')))
      .on('error', reject);
  });

/** CPU time (user, system; ms) a process has used, from /proc/<pid>/stat (ticks of 10 ms). */
function cpuOf(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
}

/** Runs `work` and answers its wall time with the CPU time used meanwhile by `pid` and by us. */
async function timed(pid, work) {
  const server0 = cpuOf(pid);
  const client0 = process.cpuUsage();
  const t0 = performance.now();
  const result = await work();
  spawnSync('sync');
  const ms = performance.now() - t0;
  const server1 = cpuOf(pid);
  const client = process.cpuUsage(client0);
  return {
    result,
    ms,
    cpu: {
      server_user_ms: server1.user - server0.user,
      server_system_ms: server1.system - server0.system,
      client_ms: Math.round((client.user + client.system) / 1000),
    },
  };
}

/** The bare baseline server, started as its own process; answers its port and pid. */
async function startBareUploadServer(dir) {
  const child = spawn(
    process.execPath,
    [path.join(ROOT, 'bench', 'lib', 'bare-upload-server.mjs'), dir],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise((resolve, reject) => {
    child.stdout.once('data', (d) => resolve(Number(String(d).trim())));
    child.once('exit', (code) => reject(new Error(`bare upload server exited with ${code}`)));
  });
  return { base: `http://127.0.0.1:${port}`, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

/** Streams `file` as multipart/form-data (part `file`) with a known Content-Length. */
function upload(base, auth, exerciseId, file) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.png"\r\n` +
      `Content-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = statSync(file).size;
  const url = new URL(`${base}/api/exercises/${exerciseId}/media`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          Authorization: auth,
          'Content-Type': `multipart/form-data; boundary=${boundary}`,
          'Content-Length': head.length + size + tail.length,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const json = res.headers['content-type']?.includes('json');
          resolve({ status: res.statusCode, body: text && json ? JSON.parse(text) : text });
        });
      },
    );
    req.on('error', reject);
    req.write(head);
    const stream = createReadStream(file, { highWaterMark: MB });
    stream.on('error', reject);
    stream.on('end', () => req.end(tail));
    stream.pipe(req, { end: false });
  });
}

rmSync(WORK, { recursive: true, force: true });
mkdirSync(MEDIA_ROOT, { recursive: true });
const bigFile = path.join(WORK, `big-${BIG_MB}mb.bin`);
const smallFile = path.join(WORK, `small-${SMALL_MB}mb.bin`);
writeTestFile(bigFile, BIG_MB);
writeTestFile(smallFile, SMALL_MB);

const dbUrl = await freshDatabase('bench_media');
const service = await startService('training', {
  port: PORT,
  databaseUrl: dbUrl,
  fresh: true,
  env: {
    EMBEDDED_PG_PORT: String(EMBEDDED_PG_PORT),
    LOGIN_RATE_LIMIT: '100000',
    MEDIA_ROOT,
    MEDIA_RETENTION_INTERVAL_MINUTES: '0',
  },
});
const connectionString = service.databaseUrl;
const pool = new pg.Pool({ connectionString, max: 4 });

try {
  // ---- a trainer on tier `club` (500 MB per file) with one private exercise ----
  const email = `bench-media-${Date.now()}@example.org`;
  const post = (url, body, auth) =>
    fetch(service.base + url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(auth ? { Authorization: auth } : {}) },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const reg = await post('/api/auth/register', { name: 'Bench Trainer', email, pin: '4711' });
  await pool.query(`UPDATE profiles SET role = 'user', tier = 'club' WHERE id = $1`, [
    reg.profile.id,
  ]);
  const login = await post('/api/auth/login', { email, pin: '4711' });
  const auth = `Bearer ${login.access_token}`;
  const exercise = await post('/api/exercises', { title: 'Upload bench' }, auth);
  const exercise2 = await post('/api/exercises', { title: 'Concurrent bench' }, auth);

  // Warm-up (JIT, pools, staging folder) with a small file, then settle.
  const warm = await upload(service.base, auth, exercise.id, smallFile);
  if (warm.status !== 201)
    throw new Error(`warm-up upload: ${warm.status} ${JSON.stringify(warm.body)}`);
  await pool.query('DELETE FROM media_assets');
  rmSync(path.join(MEDIA_ROOT, 'media'), { recursive: true, force: true });
  await new Promise((r) => setTimeout(r, 500));

  // ---- 1. cp baseline (same disk, same run), then the upload with RSS sampling ----
  const cpTarget = path.join(WORK, 'cp-copy.bin');
  const cpRuns = [];
  for (let i = 0; i < 2; i += 1) {
    rmSync(cpTarget, { force: true });
    const t0 = performance.now();
    const r = spawnSync('cp', [bigFile, cpTarget]);
    if (r.status !== 0) throw new Error(`cp failed: ${r.stderr}`);
    spawnSync('sync');
    cpRuns.push(performance.now() - t0);
  }
  rmSync(cpTarget, { force: true });
  // Both measurements start from a clean disk: the deletion's writes (and discards) first.
  spawnSync('sync');
  const cpMs = Math.min(...cpRuns);

  const rssBefore = service.rssBytes();
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    try {
      rssPeak = Math.max(rssPeak, rssOf(service.pid));
    } catch {
      // process gone
    }
  }, 50);
  const measured = await timed(service.pid, () => upload(service.base, auth, exercise.id, bigFile));
  const big = measured.result;
  const uploadMs = measured.ms;
  clearInterval(sampler);
  rssPeak = Math.max(rssPeak, service.rssBytes());
  if (big.status !== 201) throw new Error(`upload: ${big.status} ${JSON.stringify(big.body)}`);
  const bigSha = await sha256Of(bigFile);
  if (big.body.asset.sha256 !== bigSha) throw new Error('sha256 of the stored asset differs');

  // ---- the same body to a bare HTTP server that only stores it (best of 2) ----
  const bareDir = path.join(WORK, 'bare');
  mkdirSync(bareDir, { recursive: true });
  const bare = await startBareUploadServer(bareDir);
  const bareRuns = [];
  try {
    for (let i = 0; i < 2; i += 1) {
      rmSync(bareDir, { recursive: true, force: true });
      mkdirSync(bareDir, { recursive: true });
      spawnSync('sync');
      const run = await timed(bare.pid, () => upload(bare.base, '', exercise.id, bigFile));
      if (run.result.status !== 201) throw new Error(`bare upload: ${run.result.status}`);
      bareRuns.push(run);
    }
  } finally {
    bare.stop();
  }
  const bareBest = bareRuns.reduce((a, b) => (b.ms < a.ms ? b : a));

  // ---- 2. 20 concurrent uploads of the same 5 MB file ----
  const smallSha = await sha256Of(smallFile);
  const c0 = performance.now();
  const results = await Promise.all(
    Array.from({ length: CONCURRENT }, () => upload(service.base, auth, exercise2.id, smallFile)),
  );
  const concurrentMs = performance.now() - c0;
  const statuses = results.map((r) => r.status);
  const { rows: assetRows } = await pool.query(
    'SELECT id, storage_key FROM media_assets WHERE sha256 = $1',
    [smallSha],
  );
  const filesOnDisk = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.startsWith(smallSha)) filesOnDisk.push(full);
    }
  };
  walk(path.join(MEDIA_ROOT, 'media'));
  const staging = readdirSync(path.join(MEDIA_ROOT, '.incoming'));

  const cpuText = (c) =>
    `${c.server_user_ms} + ${c.server_system_ms} ms, ${c.client_ms} ms (${Math.round(
      c.server_user_ms + c.server_system_ms + c.client_ms,
    )} ms on 2 cores)`;
  const mbps = (ms) => Math.round((BIG_MB / (ms / 1000)) * 10) / 10;
  const growthMb = Math.round(((rssPeak - rssBefore) / MB) * 10) / 10;
  const data = {
    big_upload: {
      size_mb: BIG_MB,
      upload_ms: Math.round(uploadMs),
      upload_mb_per_s: mbps(uploadMs),
      cp_ms: Math.round(cpMs),
      cp_mb_per_s: mbps(cpMs),
      time_ratio_upload_vs_cp: ratio(uploadMs, cpMs),
      goal_ratio: 1.5,
      bare_http_ms: Math.round(bareBest.ms),
      time_ratio_upload_vs_bare_http: ratio(uploadMs, bareBest.ms),
      time_ratio_bare_http_vs_cp: ratio(bareBest.ms, cpMs),
      cpu_upload: measured.cpu,
      cpu_bare_http: bareBest.cpu,
      rss_before_mb: Math.round(rssBefore / MB),
      rss_peak_mb: Math.round(rssPeak / MB),
      rss_growth_mb: growthMb,
      goal_rss_growth_mb: 64,
    },
    concurrent_same_file: {
      uploads: CONCURRENT,
      size_mb: SMALL_MB,
      total_ms: Math.round(concurrentMs),
      statuses: [...new Set(statuses)],
      deduplicated: results.filter((r) => r.body?.deduplicated).length,
      assets: assetRows.length,
      files: filesOnDisk.length,
      staging_files_left: staging.length,
    },
  };
  const md = [
    '# Media upload (issue 5)',
    '',
    `| Measure | Value | Goal |`,
    `| --- | --- | --- |`,
    `| Upload of ${BIG_MB} MB (multipart, streamed + sha256) | ${data.big_upload.upload_ms} ms (${data.big_upload.upload_mb_per_s} MB/s) | |`,
    `| \`cp\` of the same file, same disk (best of 2, + sync) | ${data.big_upload.cp_ms} ms (${data.big_upload.cp_mb_per_s} MB/s) | |`,
    `| Time ratio upload / cp | ${data.big_upload.time_ratio_upload_vs_cp} | < 1.5 |`,
    `| Same body to a bare Node HTTP server that only stores it (best of 2, flushed) | ${data.big_upload.bare_http_ms} ms; ratio to cp ${data.big_upload.time_ratio_bare_http_vs_cp} | |`,
    `| Time ratio upload / bare HTTP | ${data.big_upload.time_ratio_upload_vs_bare_http} | |`,
    `| CPU during the upload: service user + system, client | ${cpuText(measured.cpu)} | |`,
    `| CPU during the bare HTTP upload: server user + system, client | ${cpuText(bareBest.cpu)} | |`,
    `| Service RSS before → peak (sampled every 50 ms) | ${data.big_upload.rss_before_mb} → ${data.big_upload.rss_peak_mb} MB | |`,
    `| RSS growth during the upload | ${growthMb} MB | < 64 MB |`,
    `| ${CONCURRENT} concurrent uploads of one ${SMALL_MB} MB file | ${data.concurrent_same_file.total_ms} ms, statuses ${data.concurrent_same_file.statuses.join(', ')}, ${data.concurrent_same_file.deduplicated} deduplicated | |`,
    `| Assets / files left for that content | ${assetRows.length} / ${filesOnDisk.length} | 1 / 1 |`,
    `| Staging files left | ${staging.length} | 0 |`,
  ].join('\n');
  const out = writeResults('media-upload', data, md);
  console.log(md);
  console.log(JSON.stringify(out.big_upload ?? data.big_upload));
} finally {
  await pool.end();
  await service.stop();
  rmSync(WORK, { recursive: true, force: true });
}
