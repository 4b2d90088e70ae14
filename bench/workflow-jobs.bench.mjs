// Workflow executions as jobs (health, built apps/health/dist) against a loopback
// OpenAI-compatible chat server that answers every call after a fixed delay.
//
// 1. Fan-out: a workflow of 8 parallel analysis nodes (200 ms each at the model), joined
//    (wait_all) into the end node, run through `POST /api/workflows/{id}/execute` (waits for
//    the job; api and worker in one process). Wall time of the request and the execution's own
//    duration as a ratio to the bare 200 ms; goal ≤ 1.3. Each run is split into phases from
//    the stored times (one clock: database and bench on this machine): request → enqueue
//    transaction (HTTP, auth, checks), → attempt begun (commit, wake-up, fetch, begin),
//    → engine end (the model calls), → outcome stored, → answer (wake-up, read, HTTP).
// 2. Crash: 1 000 executions of a 2-node workflow enqueued (`Prefer: respond-async`) on an
//    api-only process, then drained by two worker processes (SERVICE_ROLE=worker), one of
//    them SIGKILLed when half of the executions have ended; the other finishes the rest.
//    Reported: all ended and how (each exactly once), the model calls the server answered vs
//    the node checkpoints stored, finished nodes run twice (goal 0), and the time from the
//    workers' start to the last execution's end.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import {
  freshDatabase,
  ratio,
  requireFromWorkspace,
  startService,
  writeResults,
} from './lib/harness.mjs';

const pg = requireFromWorkspace('pg');
const FANOUT = 8;
const FANOUT_MS = 200;
const FANOUT_RUNS = Number(process.env.BENCH_FANOUT_RUNS ?? 5);
const EXECUTIONS = Number(process.env.BENCH_EXECUTIONS ?? 1000);
const CRASH_CALL_MS = Number(process.env.BENCH_CRASH_CALL_MS ?? 50);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const round = (v) => Math.round(v * 100) / 100;

const ANSWER =
  '## Analysekern\nAlles im Rahmen.\n\n## Entscheidungsanteil\n\n## Begründungsanker\n- Daten';

/** A chat-completions server answering after `delayMs`; counts answered and abandoned calls. */
async function startModel() {
  const state = { delayMs: FANOUT_MS, answered: 0, abandoned: 0 };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      let done = false;
      const timer = setTimeout(() => {
        done = true;
        state.answered += 1;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'bench',
            object: 'chat.completion',
            model: 'bench-model',
            choices: [{ index: 0, message: { role: 'assistant', content: ANSWER } }],
            usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
          }),
        );
      }, state.delayMs);
      res.on('close', () => {
        if (done) return;
        clearTimeout(timer);
        state.abandoned += 1; // the caller went away (killed) before the answer
      });
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    state,
    url: `http://127.0.0.1:${server.address().port}/v1`,
    close: () => new Promise((r) => server.close(r)),
  };
}

const analysis = (id) => ({ id, kind: 'analysis', inline_template: `Analyse ${id}.` });

async function client(base, pool) {
  const call = async (method, url, body, headers = {}) => {
    const res = await fetch(base + url, {
      method,
      headers: { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, headers: res.headers, body: await res.json() };
  };
  const email = `bench-wf-${Date.now()}-${Math.random()}@example.org`;
  const password = 'bench-password-0001';
  const reg = await call('POST', '/api/auth/register', { email, password });
  await pool.query(`UPDATE users SET tier = 'pro' WHERE id = $1`, [reg.body.user.id]);
  const login = await call('POST', '/api/auth/login', { email, password });
  const auth = { authorization: `Bearer ${login.body.access_token}` };
  return {
    userId: reg.body.user.id,
    createWorkflow: async (graph) => {
      const res = await call('POST', '/api/workflows', { name: 'Bench', graph }, auth);
      if (res.status !== 201) throw new Error(`workflow: ${JSON.stringify(res.body)}`);
      return res.body.id;
    },
    execute: (id, headers = {}) =>
      call('POST', `/api/workflows/${id}/execute`, undefined, { ...auth, ...headers }),
  };
}

/** What was changed after the first measurement (915 ms, 4.58×), kept with the figures. */
const FANOUT_NOTES = `Before: 915 ms (4.58×) per request, 512 ms (2.56×) execution. The job was picked up within
20–40 ms (the queue's LISTEN/NOTIFY wake-up already worked); the time went to (1) every node
state change written one statement and one commit at a time, serially — 8 RUNNING + 8
COMPLETED + join + end = 20 writes, the last 12 of them after the model answers, ~150 ms;
(2) the waiting request woken by every one of those events and reading the whole execution
(graph and result) each time, ~20 reads competing for the same 2 cores; (3) begin and end of
an attempt as 5–7 round trips in a transaction each; (4) the user's data read before the
first model call although no template used it. Now: node events are batched (one write in
flight, what arrives meanwhile goes in the next statement: 8 RUNNING are one write), the last
ones are stored in the outcome's transaction; attempt begin and end are one statement each;
the request is woken only by an attempt's end (its own channel; directly in-process when the
worker runs here) and the job is fetched right after the enqueue commits when a worker runs in
this process. On a quiet machine (load average under 1, run of 2026-11-26 20:02 UTC) the goal
is met: 225–232 ms per request = 1.12–1.16× the 200 ms at the model (two runs), execution
1.06–1.08×; the request's own
share is ~4 ms checks and enqueue, ~5 ms pickup, ~1 ms storing the outcome and ~8 ms from the
stored outcome to the answer, the rest is the model phase (200 ms plus the 8 loopback fetches).
Under load the same code measured 430 ms (2.15×; load average 20–27 from other jobs on the 2
cores), with the model phase alone at 267 ms = 1.34× — the floor on a starved CPU.`;

const model = await startModel();
const env = {
  LLM_BASE_URL: model.url,
  LLM_API_KEY: 'sk-bench',
  LLM_MODEL: 'bench-model',
  LLM_MAX_RETRIES: '0',
  LOGIN_RATE_LIMIT: '100000',
  JOB_POLL_INTERVAL_MS: '200',
};
const results = {};

// ---- 1. fan-out: 8 × 200 ms nodes through the queue ----
{
  const url = await freshDatabase('bench_workflow_fanout');
  const service = await startService('health', { databaseUrl: url, fresh: true, env });
  const pool = new pg.Pool({ connectionString: service.databaseUrl, max: 2 });
  try {
    const api = await client(service.base, pool);
    const nodes = Array.from({ length: FANOUT }, (_, i) => analysis(`n${i + 1}`));
    const wf = await api.createWorkflow({
      nodes: [
        ...nodes,
        { id: 'j', kind: 'join', join_strategy: 'wait_all', skip_handling: 'IGNORE_SKIPPED' },
        { id: 'end', kind: 'end' },
      ],
      edges: [...nodes.map((n) => ({ from: n.id, to: 'j' })), { from: 'j', to: 'end' }],
    });
    model.state.delayMs = FANOUT_MS;
    await api.execute(wf); // warm-up
    const walls = [];
    const durations = [];
    const phases = [];
    for (let i = 0; i < FANOUT_RUNS; i++) {
      const calls = model.state.answered;
      const sent = Date.now();
      const t = performance.now();
      const res = await api.execute(wf);
      walls.push(performance.now() - t);
      const answered = Date.now();
      if (res.status !== 201 || res.body.status !== 'completed')
        throw new Error(`fan-out run: ${res.status} ${res.body.status}`);
      if (model.state.answered - calls !== FANOUT) throw new Error('fan-out: wrong call count');
      durations.push(res.body.result.duration_ms);
      const [row] = (
        await pool.query(
          `SELECT x.started_at, x.ended_at, a.started_at AS attempt_at
             FROM workflow_executions x JOIN workflow_execution_attempts a ON a.execution_id = x.id
            WHERE x.id = $1`,
          [res.body.id],
        )
      ).rows;
      const engineEnd = Date.parse(res.body.result.ended_at);
      phases.push({
        enqueue: row.started_at.getTime() - sent,
        pickup: row.attempt_at.getTime() - row.started_at.getTime(),
        nodes: engineEnd - row.attempt_at.getTime(),
        store: row.ended_at.getTime() - engineEnd,
        answer: answered - row.ended_at.getTime(),
      });
    }
    const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    const phaseMedians = Object.fromEntries(
      Object.keys(phases[0]).map((k) => [k, median(phases.map((p) => p[k]))]),
    );
    results.fanout = {
      nodes: FANOUT,
      node_ms: FANOUT_MS,
      runs: FANOUT_RUNS,
      request_wall_ms: walls.map(round),
      execution_duration_ms: durations,
      median_request_ms: round(median(walls)),
      median_execution_ms: median(durations),
      ratio_request: ratio(median(walls), FANOUT_MS),
      ratio_execution: ratio(median(durations), FANOUT_MS),
      phase_medians_ms: phaseMedians,
      phases_ms: phases,
      goal: 1.3,
    };
    console.log('fan-out', results.fanout);
  } finally {
    await pool.end();
    await service.stop();
  }
}

// ---- 2. 1 000 executions, two workers, one SIGKILLed halfway ----
{
  let url = await freshDatabase('bench_workflow_crash');
  const crashEnv = {
    ...env,
    // A killed worker's jobs go to another worker after the lease (+ maintenance interval).
    JOB_LEASE_SECONDS: '5',
    JOB_MAINTENANCE_INTERVAL_SECONDS: '1',
  };
  const api = await startService('health', {
    databaseUrl: url,
    fresh: true,
    env: { ...crashEnv, SERVICE_ROLE: 'api' },
  });
  url = api.databaseUrl;
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const workers = [];
  try {
    const user = await client(api.base, pool);
    const wf = await user.createWorkflow({
      nodes: [analysis('a1'), analysis('a2'), { id: 'end', kind: 'end' }],
      edges: [
        { from: 'a1', to: 'a2' },
        { from: 'a2', to: 'end' },
      ],
    });
    model.state.delayMs = CRASH_CALL_MS;
    const before = { ...model.state };
    const enqueueStart = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < EXECUTIONS) {
          next += 1;
          const res = await user.execute(wf, { prefer: 'respond-async' });
          if (res.status !== 202) throw new Error(`enqueue: ${res.status}`);
        }
      }),
    );
    const enqueueMs = performance.now() - enqueueStart;
    const ended = async () =>
      (
        await pool.query(
          `SELECT count(*)::int AS n FROM workflow_executions WHERE owner_id = $1 AND status <> 'running'`,
          [user.userId],
        )
      ).rows[0].n;

    const start = performance.now();
    const workerEnv = { ...crashEnv, SERVICE_ROLE: 'worker' };
    workers.push(
      ...(await Promise.all(
        [0, 1].map(() => startService('health', { databaseUrl: url, env: workerEnv })),
      )),
    );
    while ((await ended()) < EXECUTIONS / 2) await sleep(20);
    const endedAtKill = await ended();
    process.kill(workers[0].pid, 'SIGKILL');
    const killedAt = performance.now() - start;
    const deadline = Date.now() + 300_000;
    while ((await ended()) < EXECUTIONS) {
      if (Date.now() > deadline) throw new Error('the executions did not all end');
      await sleep(50);
    }
    const totalMs = performance.now() - start;

    const q = async (sql) => (await pool.query(sql, [user.userId])).rows;
    const statuses = await q(
      `SELECT status, count(*)::int AS n FROM workflow_executions WHERE owner_id = $1 GROUP BY 1 ORDER BY 1`,
    );
    const [nodes] = await q(
      `SELECT count(*) FILTER (WHERE e.state = 'COMPLETED' AND e.node_id <> 'end')::int AS checkpoints,
              count(DISTINCT (e.execution_id, e.node_id)) FILTER (WHERE e.state = 'COMPLETED' AND e.node_id <> 'end')::int AS distinct_nodes,
              count(*) FILTER (WHERE e.state = 'COMPLETED' AND e.node_id = 'end')::int AS ends,
              count(DISTINCT e.execution_id) FILTER (WHERE e.state = 'COMPLETED' AND e.node_id = 'end')::int AS distinct_ends
         FROM workflow_execution_events e JOIN workflow_executions x ON x.id = e.execution_id
        WHERE x.owner_id = $1`,
    );
    const [attempts] = await q(
      `SELECT count(*)::int AS attempts,
              count(*) FILTER (WHERE a.trigger = 'retry')::int AS retries,
              count(*) FILTER (WHERE a.outcome = 'interrupted')::int AS interrupted
         FROM workflow_execution_attempts a JOIN workflow_executions x ON x.id = a.execution_id
        WHERE x.owner_id = $1`,
    );
    const answered = model.state.answered - before.answered;
    const abandoned = model.state.abandoned - before.abandoned;
    results.crash = {
      executions: EXECUTIONS,
      nodes_per_execution: 2,
      call_ms: CRASH_CALL_MS,
      enqueue_ms: Math.round(enqueueMs),
      ended_at_kill: endedAtKill,
      killed_after_ms: Math.round(killedAt),
      total_ms: Math.round(totalMs),
      statuses: Object.fromEntries(statuses.map((s) => [s.status, s.n])),
      end_nodes_completed: nodes.ends,
      executions_ended_more_than_once: nodes.ends - nodes.distinct_ends,
      model_calls_answered: answered,
      model_calls_abandoned_by_the_kill: abandoned,
      node_checkpoints: nodes.checkpoints,
      distinct_nodes_completed: nodes.distinct_nodes,
      finished_nodes_run_again: nodes.checkpoints - nodes.distinct_nodes,
      answered_but_not_checkpointed: answered - nodes.checkpoints,
      attempts: attempts.attempts,
      retry_attempts: attempts.retries,
      interrupted_attempts: attempts.interrupted,
    };
    console.log('crash', results.crash);
  } finally {
    await pool.end();
    // The first worker was SIGKILLed; only the second one is stopped.
    for (const w of workers.slice(1)) await w.stop();
    await api.stop();
  }
}
await model.close();

const f = results.fanout;
const c = results.crash;
writeResults(
  'workflow-jobs',
  results,
  `# Workflow executions as jobs

## Fan-out: ${f.nodes} parallel analysis nodes × ${f.node_ms} ms at the model, through the queue

| | median | ratio to ${f.node_ms} ms (goal ≤ ${f.goal}) |
| --- | --- | --- |
| \`POST /execute\` (waits for the job) | ${f.median_request_ms} ms | ${f.ratio_request} |
| execution duration (queued → end) | ${f.median_execution_ms} ms | ${f.ratio_execution} |

${f.runs} runs after a warm-up; request wall times: ${f.request_wall_ms.join(', ')} ms.

Where the time goes (medians of the runs, from the stored times; ms):

| request → enqueue transaction | → attempt begun | → engine end (8 model calls) | → outcome stored | → answer |
| --- | --- | --- | --- | --- |
| ${f.phase_medians_ms.enqueue} | ${f.phase_medians_ms.pickup} | ${f.phase_medians_ms.nodes} | ${f.phase_medians_ms.store} | ${f.phase_medians_ms.answer} |

${FANOUT_NOTES}

## ${c.executions} executions drained by two workers, one SIGKILLed halfway

2 analysis nodes each (${c.call_ms} ms per model call), enqueued with \`Prefer: respond-async\` on an
api-only process (${c.enqueue_ms} ms for all), then two worker processes (queue concurrency 8
each, JOB_LEASE_SECONDS=5); one SIGKILLed after ${c.ended_at_kill} had ended (${c.killed_after_ms} ms), the
other finished the rest (the killed worker's jobs come back to it after the lease).

| | |
| --- | --- |
| ended | ${JSON.stringify(c.statuses)} (end nodes completed: ${c.end_nodes_completed}) |
| executions ended more than once | ${c.executions_ended_more_than_once} |
| time, workers' start → last end | ${c.total_ms} ms |
| model calls answered | ${c.model_calls_answered} |
| model calls cut by the kill | ${c.model_calls_abandoned_by_the_kill} |
| node checkpoints stored | ${c.node_checkpoints} (distinct nodes ${c.distinct_nodes_completed}) |
| finished nodes run again | ${c.finished_nodes_run_again} |
| answered but not checkpointed (in the kill window) | ${c.answered_but_not_checkpointed} |
| attempts (retries after the kill; interrupted) | ${c.attempts} (${c.retry_attempts}; ${c.interrupted_attempts}) |
`,
);
