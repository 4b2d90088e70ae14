// Issue 20 benchmark: response serialization compiled from the OpenAPI schemas
// (RESPONSE_SERIALIZER=schema, fast-json-stringify) against JSON.stringify (=json), on a real
// list answer: health GET /api/weight with 90 entries.
//  1. In process: the serializer the service compiles for `GET /api/weight` 200 (from its
//     served /api/docs-json) and JSON.stringify on the same parsed body, µs per call; also on
//     rows that carry undeclared columns (as an entity would), which the schema drops.
//  2. Over HTTP: the service started once with each setting, GET /api/weight at 10
//     connections, CPU ms per request of the service process.
//
// DATABASE_URL set: databases `bench_serialization_<setting>` are (re)created on that server.
import path from 'node:path';
import { createRequire } from 'node:module';
import {
  freshDatabase,
  loadWithCpu,
  ratio,
  ROOT,
  startService,
  writeResults,
} from './lib/harness.mjs';

const require = createRequire(import.meta.url);
const { ResponseSerializers } = require(
  path.join(ROOT, 'libs', 'common', 'dist', 'http', 'response-serializer.js'),
);

const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const ENTRIES = 90;
const CONNECTIONS = 10;

async function seededService(serializer) {
  const databaseUrl = await freshDatabase(`bench_serialization_${serializer}`);
  const service = await startService('health', {
    databaseUrl,
    fresh: true,
    env: { RESPONSE_SERIALIZER: serializer, LOGIN_RATE_LIMIT: '100000' },
  });
  const email = `bench-${Date.now()}@example.org`;
  const password = 'bench-password-0001';
  const post = (url, body, headers = {}) =>
    fetch(service.base + url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  await post('/api/auth/register', { email, password });
  const login = await (await post('/api/auth/login', { email, password })).json();
  const auth = { Authorization: `Bearer ${login.access_token}` };
  const today = Date.now();
  for (let i = 0; i < ENTRIES; i += 1) {
    const date = new Date(today - (i + 1) * 86400000).toISOString().slice(0, 10);
    const res = await post(
      '/api/weight',
      { date, weight_kg: 70 + (i % 17) / 10, body_fat_pct: 18 + (i % 7) / 10, note: `day ${i}` },
      auth,
    );
    if (res.status !== 201) throw new Error(`seeding failed: ${res.status} ${await res.text()}`);
  }
  const from = new Date(today - (ENTRIES + 5) * 86400000).toISOString().slice(0, 10);
  return { service, auth, url: `${service.base}/api/weight?from=${from}&limit=${ENTRIES}` };
}

/** µs per call of `fn`, over about `ms` milliseconds after a warm-up. */
function perCall(fn, ms = 2000) {
  for (let i = 0; i < 2000; i += 1) fn();
  let calls = 0;
  const start = process.hrtime.bigint();
  const deadline = start + BigInt(ms) * 1_000_000n;
  let now = start;
  while (now < deadline) {
    for (let i = 0; i < 200; i += 1) fn();
    calls += 200;
    now = process.hrtime.bigint();
  }
  return Math.round((Number(now - start) / 1000 / calls) * 100) / 100;
}

// ---- 1. in process, on the served body ----
const seeded = await seededService('schema');
const document = await (await fetch(`${seeded.service.base}/api/docs-json`)).json();
const listRes = await fetch(seeded.url, { headers: seeded.auth });
const listText = await listRes.text();
const body = JSON.parse(listText);
if (body.items.length !== ENTRIES)
  throw new Error(`expected ${ENTRIES} entries, got ${body.items.length}`);
const compileStart = process.hrtime.bigint();
const serializers = new ResponseSerializers(document);
const compileMs = Math.round(Number(process.hrtime.bigint() - compileStart) / 1e5) / 10;
const serialize = serializers.find('GET /api/weight', 200);
if (serialize(body) !== JSON.stringify(body)) throw new Error('schema output differs');
if (listText !== JSON.stringify(body)) throw new Error('served text differs from JSON.stringify');
// Entity-like rows: undeclared columns and a Date next to the declared fields.
const entityLike = {
  ...body,
  items: body.items.map((item) => ({
    ...item,
    user_id: '2b1f0c8e-4a55-4f0e-9d7e-3f1c2a9b8e77',
    deleted_at: null,
    row_version: 3,
    imported_at: new Date(),
  })),
};
if (serialize(entityLike) !== JSON.stringify(body)) throw new Error('undeclared fields leaked');
const inProcess = {
  operation: 'GET /api/weight 200',
  entries: ENTRIES,
  bytes: Buffer.byteLength(listText),
  compile_all_ms: compileMs,
  // (a private field of the class, read here to report it)
  operations_compiled: serializers.operations.size,
  json_stringify_us: perCall(() => JSON.stringify(body)),
  schema_us: perCall(() => serialize(body)),
  json_stringify_entity_like_us: perCall(() => JSON.stringify(entityLike)),
  schema_entity_like_us: perCall(() => serialize(entityLike)),
};
inProcess.ratio = ratio(inProcess.schema_us, inProcess.json_stringify_us);
inProcess.ratio_entity_like = ratio(
  inProcess.schema_entity_like_us,
  inProcess.json_stringify_entity_like_us,
);

await seeded.service.stop();

// ---- 2. over HTTP, CPU per request with each setting (one service at a time) ----
const http = [];
for (const setting of ['json', 'schema']) {
  const run = await seededService(setting);
  const options = { connections: CONNECTIONS, duration: DURATION, headers: run.auth };
  await loadWithCpu(run.service.pid, run.url, { ...options, duration: 2 });
  const measured = await loadWithCpu(run.service.pid, run.url, options);
  await run.service.stop();
  if (measured.non_2xx || measured.errors)
    throw new Error(`${setting}: ${measured.non_2xx} non-2xx answers, ${measured.errors} errors`);
  http.push({ setting, ...measured });
}
const [json, schema] = http;

const md = `# Serialization benchmark

Health \`GET /api/weight\` with ${ENTRIES} entries (${inProcess.bytes} bytes), same machine and run.

## In process

The serializer the service compiles from its served document for \`GET /api/weight\` 200 (fast-json-stringify) against \`JSON.stringify\` on the same parsed body; the outputs are identical. "entity-like": every row also carries undeclared columns and a \`Date\` (JSON.stringify writes them, the schema drops them). Compiling the serializers of the document (${inProcess.operations_compiled} operations with a JSON answer): ${inProcess.compile_all_ms} ms at start-up.

| body | JSON.stringify µs | schema µs | schema / JSON.stringify |
|---|---|---|---|
| served list | ${inProcess.json_stringify_us} | ${inProcess.schema_us} | ${inProcess.ratio}× |
| entity-like rows | ${inProcess.json_stringify_entity_like_us} | ${inProcess.schema_entity_like_us} | ${inProcess.ratio_entity_like}× |

## Over HTTP

autocannon, ${CONNECTIONS} connections, ${DURATION} s, the service started with each \`RESPONSE_SERIALIZER\`; CPU ms/req of the service process (/proc/<pid>/stat).

| RESPONSE_SERIALIZER | req/s | p50 ms | p99 ms | CPU ms/req |
|---|---|---|---|---|
| json | ${json.requests_per_s} | ${json.latency_ms.p50} | ${json.latency_ms.p99} | ${json.cpu_ms_per_request} |
| schema | ${schema.requests_per_s} | ${schema.latency_ms.p50} | ${schema.latency_ms.p99} | ${schema.cpu_ms_per_request} |
`;
writeResults('serialization', { in_process: inProcess, http }, md);
process.stdout.write(md);
