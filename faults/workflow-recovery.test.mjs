// SIGKILL of the worker process in the middle of a workflow execution (health): the
// execution's job stays active only until its lease runs out, then another worker process
// picks it up and continues from the stored node checkpoints: the node that had ended is not
// run again, the node the killed worker was waiting on runs again, and the totals count the
// tokens of both attempts.
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  healthAccount,
  json,
  root,
  send,
  sleep,
  startDatabaseServer,
  startService,
  terminate,
} from './support/harness.mjs';

const require = createRequire(import.meta.url);
const { startFakeChatServer, sectionAnswer } = require(
  path.join(root, 'apps/health/dist/modules/llm/testing/fake-chat-server.js'),
);

/** Every answer of the model takes this long. */
const MODEL_MS = 2000;

let pg;
before(async () => {
  pg = await startDatabaseServer();
});
after(() => pg?.close());

test('SIGKILL of the worker mid-execution (health): a second worker finishes it, ended nodes are not run again, tokens of both attempts counted', async (t) => {
  // Request i answers with 100 + i tokens in, so each call's tokens are told apart.
  const model = await startFakeChatServer((req, i) => ({
    kind: 'answer',
    text: sectionAnswer(`Analyse ${/MARK:(\w+)/.exec(req.prompt)?.[1]}.`),
    tokens_in: 100 + i,
    tokens_out: 10,
    delayMs: MODEL_MS,
  }));
  const env = {
    DATABASE_URL: pg.newDatabaseUrl('jobs_health'),
    LLM_BASE_URL: model.baseUrl,
    LLM_API_KEY: 'sk-loopback',
    LLM_MODEL: 'loopback-model',
    LLM_MAX_RETRIES: '0',
    LLM_TIMEOUT_MS: '10000',
    JOB_LEASE_SECONDS: '3',
    JOB_MAINTENANCE_INTERVAL_SECONDS: '1',
  };
  const api = await startService('health', { ...env, SERVICE_ROLE: 'api' });
  const first = await startService('health', { ...env, SERVICE_ROLE: 'worker' });
  let second;
  try {
    const account = await healthAccount(api.url, 'wf');
    await pg.query(env.DATABASE_URL, `UPDATE users SET tier = 'pro' WHERE id = $1`, [account.id]);
    const auth = { authorization: `Bearer ${account.token}` };
    const node = (id) => ({ id, kind: 'analysis', inline_template: `Analysiere. MARK:${id}` });
    const graph = {
      nodes: [node('a1'), node('a2'), node('a3'), { id: 'end', kind: 'end' }],
      edges: [
        { from: 'a1', to: 'a2' },
        { from: 'a2', to: 'a3' },
        { from: 'a3', to: 'end' },
      ],
    };
    const wf = await send(`${api.url}/api/workflows`, json({ name: 'Crash', graph }, auth));
    assert.equal(wf.status, 201, wf.text);
    const started = await send(`${api.url}/api/workflows/${wf.body.id}/execute`, {
      ...json({}, { ...auth, prefer: 'respond-async' }),
    });
    assert.equal(started.status, 202, started.text);
    const id = started.body.id;
    const marks = () => model.requests.map((r) => /MARK:(\w+)/.exec(r.prompt)?.[1]);

    // Kill the worker while it waits for the model's answer for a2 (a1 has ended).
    for (const until = Date.now() + 30_000; Date.now() < until; await sleep(50)) {
      if (marks().includes('a2')) break;
    }
    assert.deepEqual(marks(), ['a1', 'a2'], 'a1 answered, a2 asked');
    await sleep(500);
    first.proc.child.kill('SIGKILL');
    await first.proc.exited;
    const killedAt = Date.now();
    const [stuck] = await pg.query(
      env.DATABASE_URL,
      `SELECT e.status, j.state::text AS job FROM workflow_executions e
       JOIN pgboss.job j ON j.name = 'workflow-execution' AND j.id = e.job_id WHERE e.id = $1`,
      [id],
    );
    assert.deepEqual(stuck, { status: 'running', job: 'active' }, 'left running by the kill');

    second = await startService('health', { ...env, SERVICE_ROLE: 'worker' });
    let final;
    for (const until = Date.now() + 60_000; Date.now() < until; await sleep(200)) {
      final = (await send(`${api.url}/api/workflows/executions/${id}`, { headers: auth })).body;
      if (final.status !== 'running') break;
    }
    assert.equal(final.status, 'completed');
    // a1 was asked once; a2 twice (the killed worker's call, then the second worker's); a3 once.
    assert.deepEqual(marks(), ['a1', 'a2', 'a2', 'a3']);
    const spent = model.requests.map((_, i) => 100 + i);
    // Counted: a1 (request 0) by the first attempt, a2 (request 2) and a3 (request 3) by the
    // second; the answer the killed worker never received (request 1) cost nothing here.
    assert.equal(final.tokens_in, spent[0] + spent[2] + spent[3]);
    assert.equal(final.tokens_out, 30);
    assert.deepEqual(
      final.attempts.map((a) => ({
        attempt: a.attempt,
        trigger: a.trigger,
        outcome: a.outcome,
        tokens_in: a.tokens_in,
        nodes_ended: a.nodes_ended,
      })),
      [
        {
          attempt: 1,
          trigger: 'run',
          outcome: 'interrupted',
          tokens_in: spent[0],
          nodes_ended: ['a1'],
        },
        {
          attempt: 2,
          trigger: 'retry',
          outcome: 'completed',
          tokens_in: spent[2] + spent[3],
          nodes_ended: ['a2', 'a3', 'end'],
        },
      ],
    );
    const a1 = final.result.nodes.find((n) => n.node_id === 'a1');
    assert.equal(a1.tokens_in, spent[0], 'a1 kept the result of the first attempt');
    assert.match(final.output, /Analyse a1\.[\s\S]*Analyse a2\.[\s\S]*Analyse a3\./);
    const [job] = await pg.query(
      env.DATABASE_URL,
      `SELECT j.state::text, j.retry_count FROM workflow_executions e
       JOIN pgboss.job j ON j.name = 'workflow-execution' AND j.id = e.job_id WHERE e.id = $1`,
      [id],
    );
    assert.deepEqual(job, { state: 'completed', retry_count: 1 });
    t.diagnostic(
      `the second worker finished the execution ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the kill (lease 3 s, retry delay 1 s, model ${MODEL_MS / 1000} s per node)`,
    );
  } finally {
    if (second) await terminate(second.proc);
    await terminate(first.proc).catch(() => undefined);
    await terminate(api.proc);
    await model.close();
  }
});
