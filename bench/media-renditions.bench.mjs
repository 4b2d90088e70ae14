// Issue 21 benchmark: signed media URLs and image renditions.
//  1. A ~1 MB WebP rendition served through its signed URL (signature check, row and rendition
//     lookups, Range-capable streaming from the storage driver) vs express.static of the same
//     file, autocannon at 20 connections for 10 s each (time ratio = static req/s ÷ signed
//     req/s; goal ≤ 1.3).
//  2. Rendition throughput for 12-megapixel JPEGs (4000×3000): renderRenditions of
//     @sports/common (thumbnail + preview, rotate, WebP) on one image at a time with sharp's
//     thread pool at 1 (images per second per core), and with sharp's default concurrency.
//  3. The upload's 201 latency with a rendition job queued (a 12 MP JPEG) vs without (a
//     non-image of the same size): once with each upload after the previous renditions are
//     done (the enqueueing alone), once back to back (the jobs render in the same process,
//     SERVICE_ROLE=all, while the next uploads arrive).
//
// DATABASE_URL set: a database `bench_media_renditions` is (re)created on that server. Unset:
// the service starts its embedded PostgreSQL under .data/bench-training.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  freshDatabase,
  load,
  ratio,
  requireFromWorkspace,
  ROOT,
  startService,
  writeResults,
} from './lib/harness.mjs';

const pg = requireFromWorkspace('pg');
const sharp = requireFromWorkspace('sharp');
const express = requireFromWorkspace('express');
const { renderRenditions } = createRequire(path.join(ROOT, 'libs', 'common', 'package.json'))(
  path.join(ROOT, 'libs', 'common', 'dist', 'index.js'),
);
const WORK = path.join(ROOT, '.data', 'bench-media-renditions');
const MEDIA_ROOT = path.join(WORK, 'media');
const CONNECTIONS = 20;
const DURATION = Number(process.env.BENCH_DURATION_S ?? 10);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 12);
const THROUGHPUT_IMAGES = Number(process.env.BENCH_IMAGES ?? 6);

/** A 12 MP JPEG like a phone photo: smooth gradients with grain, a COM segment making it unique. */
async function photoLike(width = 4000, height = 3000) {
  const small = await sharp(randomBytes(40 * 30 * 3), {
    raw: { width: 40, height: 30, channels: 3 },
  })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  const grain = randomBytes(small.length);
  for (let i = 0; i < small.length; i += 1) small[i] = Math.min(255, small[i] + (grain[i] & 15));
  return sharp(small, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The same JPEG with a different comment: another sha256, the same pixels. */
function unique(jpeg) {
  const text = randomBytes(16).toString('hex');
  const com = Buffer.alloc(4 + text.length);
  com.set([0xff, 0xfe]);
  com.writeUInt16BE(2 + text.length, 2);
  com.write(text, 4, 'latin1');
  return Buffer.concat([jpeg.subarray(0, 2), com, jpeg.subarray(2)]);
}

async function uploadBytes(base, auth, exerciseId, bytes, name) {
  const form = new FormData();
  form.append('file', new Blob([bytes]), name);
  const t0 = performance.now();
  const res = await fetch(`${base}/api/exercises/${exerciseId}/media`, {
    method: 'POST',
    headers: { Authorization: auth },
    body: form,
  });
  const body = await res.json();
  const ms = performance.now() - t0;
  if (res.status !== 201) throw new Error(`upload ${res.status} ${JSON.stringify(body)}`);
  return { ms, body };
}

const pct = (values, p) => {
  const s = [...values].sort((a, b) => a - b);
  return Math.round(s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] * 10) / 10;
};

rmSync(WORK, { recursive: true, force: true });
mkdirSync(MEDIA_ROOT, { recursive: true });

// ---- 2. throughput (before the service runs: nothing else on the CPUs) ----
const photos = [];
for (let i = 0; i < THROUGHPUT_IMAGES; i += 1) photos.push(await photoLike());
const defaultConcurrency = sharp.concurrency();
const throughput = {};
for (const [label, threads] of [
  ['one_thread', 1],
  ['default_threads', defaultConcurrency],
]) {
  sharp.concurrency(threads);
  await renderRenditions(photos[0]); // warm-up
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (const p of photos) {
    const out = await renderRenditions(p);
    if (!out) throw new Error('rendering failed');
  }
  const wallS = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const cpuS = (cpu.user + cpu.system) / 1e6;
  throughput[label] = {
    sharp_threads: threads,
    images: photos.length,
    wall_s: Math.round(wallS * 100) / 100,
    cpu_s: Math.round(cpuS * 100) / 100,
    images_per_s: Math.round((photos.length / wallS) * 100) / 100,
    images_per_cpu_s: Math.round((photos.length / cpuS) * 100) / 100,
  };
}
sharp.concurrency(defaultConcurrency);
const inputMb =
  Math.round((photos.reduce((n, p) => n + p.length, 0) / photos.length / 2 ** 20) * 10) / 10;

// ---- the service ----
const dbUrl = await freshDatabase('bench_media_renditions');
const service = await startService('training', {
  databaseUrl: dbUrl,
  fresh: true,
  env: {
    LOGIN_RATE_LIMIT: '100000',
    MEDIA_ROOT,
    MEDIA_RETENTION_INTERVAL_MINUTES: '0',
    MEDIA_URL_SECRET: randomBytes(32).toString('hex'),
  },
});
const pool = new pg.Pool({ connectionString: service.databaseUrl, max: 2 });
let staticServer;
try {
  const post = (url, body, auth) =>
    fetch(service.base + url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(auth ? { Authorization: auth } : {}) },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const email = `bench-renditions-${Date.now()}@example.org`;
  const reg = await post('/api/auth/register', { name: 'Bench', email, pin: '4711' });
  await pool.query(`UPDATE profiles SET tier = 'club' WHERE id = $1`, [reg.profile.id]);
  const auth = `Bearer ${(await post('/api/auth/login', { email, pin: '4711' })).access_token}`;
  const exercise = await post('/api/exercises', { title: 'Rendition bench' }, auth);
  const settled = async (id) => {
    for (;;) {
      const a = await fetch(`${service.base}/api/media-assets/${id}`, {
        headers: { Authorization: auth },
      }).then((r) => r.json());
      if (a.renditions_status !== 'pending') return a;
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  // ---- 1. a ~1 MB rendition: signed URL vs express.static ----
  const noise = await sharp(randomBytes(1280 * 960 * 3), {
    raw: { width: 1280, height: 960, channels: 3 },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
  const { body: up } = await uploadBytes(service.base, auth, exercise.id, noise, 'noise.jpg');
  const asset = await settled(up.asset.id);
  const preview = asset.renditions.find((r) => r.variant === 'preview');
  const {
    rows: [{ storage_key }],
  } = await pool.query(
    `SELECT storage_key FROM media_asset_renditions WHERE asset_id = $1 AND variant = 'preview'`,
    [asset.id],
  );
  const staticDir = path.join(WORK, 'static');
  mkdirSync(staticDir, { recursive: true });
  writeFileSync(
    path.join(staticDir, 'preview.webp'),
    readFileSync(path.join(MEDIA_ROOT, storage_key)),
  );
  const app = express();
  app.use(express.static(staticDir));
  staticServer = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const staticUrl = `http://127.0.0.1:${staticServer.address().port}/preview.webp`;
  await load(staticUrl, { connections: CONNECTIONS, duration: 2 }); // warm-up
  await load(service.base + preview.url, { connections: CONNECTIONS, duration: 2 });
  const staticRun = await load(staticUrl, { connections: CONNECTIONS, duration: DURATION });
  const signedRun = await load(service.base + preview.url, {
    connections: CONNECTIONS,
    duration: DURATION,
  });
  const serving = {
    file_bytes: preview.size_bytes,
    static: staticRun,
    signed: signedRun,
    time_ratio: ratio(staticRun.requests_per_s, signedRun.requests_per_s),
  };

  // ---- 3. upload 201 latency with and without a rendition job ----
  const base12 = await photoLike();
  const fake = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(base12.length - 9)]);
  const latency = { with_rendition_job_ms: [], without_job_ms: [] };
  for (let i = 0; i < UPLOADS; i += 1) {
    const pdf = Buffer.from(fake);
    randomBytes(16).copy(pdf, 20);
    latency.without_job_ms.push(
      (await uploadBytes(service.base, auth, exercise.id, pdf, 'doc.pdf')).ms,
    );
  }
  const pendingCount = async () =>
    (
      await pool.query(
        `SELECT count(*)::int AS n FROM media_assets WHERE renditions_status = 'pending'`,
      )
    ).rows[0].n;
  // Each JPEG upload after the previous one's renditions are done: the enqueueing alone.
  latency.with_job_idle_worker_ms = [];
  for (let i = 0; i < UPLOADS; i += 1) {
    latency.with_job_idle_worker_ms.push(
      (await uploadBytes(service.base, auth, exercise.id, unique(base12), 'photo.jpg')).ms,
    );
    while ((await pendingCount()) > 0) await new Promise((r) => setTimeout(r, 50));
  }
  const jobsAt = Date.now();
  for (let i = 0; i < UPLOADS; i += 1) {
    latency.with_rendition_job_ms.push(
      (await uploadBytes(service.base, auth, exercise.id, unique(base12), 'photo.jpg')).ms,
    );
  }
  const uploadsDoneMs = Date.now() - jobsAt;
  for (;;) {
    const {
      rows: [{ n }],
    } = await pool.query(
      `SELECT count(*)::int AS n FROM media_assets WHERE renditions_status = 'pending'`,
    );
    if (n === 0) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const allRenderedMs = Date.now() - jobsAt;
  const upload = {
    file_bytes: base12.length,
    uploads_each: UPLOADS,
    without_job: {
      p50_ms: pct(latency.without_job_ms, 50),
      p95_ms: pct(latency.without_job_ms, 95),
    },
    with_rendition_job: {
      p50_ms: pct(latency.with_rendition_job_ms, 50),
      p95_ms: pct(latency.with_rendition_job_ms, 95),
    },
    with_job_idle_worker: {
      p50_ms: pct(latency.with_job_idle_worker_ms, 50),
      p95_ms: pct(latency.with_job_idle_worker_ms, 95),
    },
    p50_ratio: ratio(pct(latency.with_rendition_job_ms, 50), pct(latency.without_job_ms, 50)),
    p50_ratio_idle_worker: ratio(
      pct(latency.with_job_idle_worker_ms, 50),
      pct(latency.without_job_ms, 50),
    ),
    uploads_done_ms: uploadsDoneMs,
    all_renditions_done_ms: allRenderedMs,
  };

  const markdown = `# Media renditions and signed URLs

Measured ${new Date().toISOString()} (bench/media-renditions.bench.mjs).

## Serving a rendition (${preview.size_bytes} bytes WebP preview), autocannon ${CONNECTIONS} connections, ${DURATION} s

| | req/s | p50 ms | p99 ms |
| --- | --- | --- | --- |
| express.static of the file | ${staticRun.requests_per_s} | ${staticRun.latency_ms.p50} | ${staticRun.latency_ms.p99} |
| signed URL (GET /api/media-assets/{id}/content) | ${signedRun.requests_per_s} | ${signedRun.latency_ms.p50} | ${signedRun.latency_ms.p99} |

Time ratio (signed ÷ static): **${serving.time_ratio}** (goal ≤ 1.3). Non-2xx: static ${staticRun.non_2xx}, signed ${signedRun.non_2xx}.

## Rendition throughput, 12-megapixel JPEGs (4000×3000, ${inputMb} MB each), thumbnail + preview

| sharp threads | images | wall s | CPU s | images/s | images per CPU-second |
| --- | --- | --- | --- | --- | --- |
| 1 | ${throughput.one_thread.images} | ${throughput.one_thread.wall_s} | ${throughput.one_thread.cpu_s} | ${throughput.one_thread.images_per_s} | ${throughput.one_thread.images_per_cpu_s} |
| ${throughput.default_threads.sharp_threads} (default) | ${throughput.default_threads.images} | ${throughput.default_threads.wall_s} | ${throughput.default_threads.cpu_s} | ${throughput.default_threads.images_per_s} | ${throughput.default_threads.images_per_cpu_s} |

## Upload 201 latency (${base12.length} bytes, ${UPLOADS} sequential uploads each)

| | p50 ms | p95 ms |
| --- | --- | --- |
| non-image (no job) | ${upload.without_job.p50_ms} | ${upload.without_job.p95_ms} |
| 12 MP JPEG, rendition job queued, the previous one done (enqueueing only) | ${upload.with_job_idle_worker.p50_ms} | ${upload.with_job_idle_worker.p95_ms} |
| 12 MP JPEG, back to back (earlier uploads' jobs rendering in the same process) | ${upload.with_rendition_job.p50_ms} | ${upload.with_rendition_job.p95_ms} |

p50 ratio to the non-image: ${upload.p50_ratio_idle_worker} with an idle worker, ${upload.p50_ratio} back to back (SERVICE_ROLE=all: the rendering shares the process and the two cores with the uploads; a worker Deployment takes it off the API pods). The ${UPLOADS} JPEG uploads were answered after ${uploadsDoneMs} ms; all their renditions were done after ${allRenderedMs} ms (the 201 does not wait for them).`;
  writeResults('media-renditions', { serving, throughput, input_mb: inputMb, upload }, markdown);
  console.log(markdown);
} finally {
  await pool.end();
  await new Promise((r) => (staticServer ? staticServer.close(r) : r()));
  await service.stop();
}
