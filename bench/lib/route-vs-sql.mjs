// A route against its bare SQL at several connection counts, in one run, with the service's CPU
// per request (utime + stime of its process from /proc) and statements per request (the
// database's committed transactions: every statement the service sends outside a transaction
// is one; readiness probes and the job queue's polling add a few per second).
import { readFileSync } from 'node:fs';
import { load, loadFn, ratio } from './harness.mjs';

const TICKS_PER_S = 100;
/**
 * PostgreSQL 15 backends report their transaction counts to pg_stat_database at most once a
 * second, and a backend whose report met a busy lock retries only after 10 s idle
 * (PGSTAT_IDLE_INTERVAL): with a shorter wait around a phase, commits of the previous phase (its
 * bare-SQL loops, the floor) land in this one and this one's in the next (measured: 2.33 and 1.9
 * statements per weight-list request with 1.8 s, 2.1 and 2.08 with 11 s, for its 2 statements).
 */
const STATS_SETTLE_MS = 11_000;

function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
}

async function commits(pool) {
  const { rows } = await pool.query(
    'SELECT xact_commit::bigint AS n FROM pg_stat_database WHERE datname = current_database()',
  );
  return Number(rows[0].n);
}

/**
 * For each connection count: the route through autocannon, then `bareFn` through the pool from
 * as many loops. Answers one row per connection count.
 */
export async function routeVsSql({ service, pool, url, headers, bareFn, connections, duration }) {
  const rows = [];
  for (const c of connections) {
    // pg_stat_database is updated when a backend reports; let the previous phase settle.
    await new Promise((r) => setTimeout(r, STATS_SETTLE_MS));
    const x0 = await commits(pool);
    // The CPU of the load alone: not the idle service's (its job polling) during the waits.
    const cpu0 = cpuMs(service.pid);
    const route = await load(url, { connections: c, duration, headers });
    const cpu1 = cpuMs(service.pid);
    await new Promise((r) => setTimeout(r, STATS_SETTLE_MS));
    const x1 = await commits(pool);
    const requests = route.requests_per_s * duration;
    const bare = await loadFn('bare SQL', bareFn, { connections: c, duration });
    rows.push({
      connections: c,
      service_rps: route.requests_per_s,
      service_p50_ms: route.latency_ms.p50,
      service_p99_ms: route.latency_ms.p99,
      bare_rps: bare.requests_per_s,
      bare_p50_ms: bare.latency_ms.p50,
      bare_p99_ms: bare.latency_ms.p99,
      p50_ratio: ratio(Math.max(route.latency_ms.p50, 0.5), Math.max(bare.latency_ms.p50, 0.5)),
      cpu_ms_per_request: Math.round(((cpu1 - cpu0) / Math.max(1, requests)) * 1000) / 1000,
      // The two commits-reading statements of this function are subtracted.
      statements_per_request: Math.round(((x1 - x0 - 1) / Math.max(1, requests)) * 100) / 100,
      non_2xx: route.non_2xx,
      raw: { route, bare },
    });
  }
  return rows;
}

export function routeVsSqlTable(rows) {
  return `| connections | service req/s | service p50 / p99 ms | bare SQL req/s | bare p50 / p99 ms | p50 ratio | service CPU ms/request | statements/request | non-2xx |
|---|---|---|---|---|---|---|---|---|
${rows
  .map(
    (r) =>
      `| ${r.connections} | ${r.service_rps} | ${r.service_p50_ms} / ${r.service_p99_ms} | ${r.bare_rps} | ${r.bare_p50_ms} / ${r.bare_p99_ms} | **${r.p50_ratio}** | ${r.cpu_ms_per_request} | ${r.statements_per_request} | ${r.non_2xx} |`,
  )
  .join('\n')}`;
}

/** The rows without their raw load figures (those go to the JSON's `raw`). */
export function summaryRows(rows) {
  return rows.map((r) => Object.fromEntries(Object.entries(r).filter(([k]) => k !== 'raw')));
}
