import { request as httpRequest } from 'node:http';
import { parseEventStream, type StreamEvent, waitFor } from '@sports/common/testing';
import { HealthTestApp, TestUser } from '../../testing/health-test-app';
import { LoopbackWorkflowApp, startLoopbackWorkflowApp } from '../../testing/loopback-workflow-app';
import { FakeChatHandler, FakeChatServer, sectionAnswer } from '../llm/testing/fake-chat-server';

/**
 * Workflow executions as jobs over HTTP: `Prefer: respond-async`, the Server-Sent Events of
 * node state changes, the caller's execution list, cancel, and the totals of every attempt.
 */
const answers: FakeChatHandler = (req) => {
  if (req.prompt.includes('MARK:fail')) return { kind: 'status', status: 500 };
  if (req.prompt.includes('MARK:hang')) return { kind: 'hang' };
  const name = /MARK:(\w+)/.exec(req.prompt)?.[1] ?? 'plain';
  return { kind: 'answer', text: sectionAnswer(`Analyse ${name}.`), tokens_in: 10, tokens_out: 5 };
};

const analysis = (id: string, mark = id) => ({
  id,
  kind: 'analysis',
  inline_template: `Gewicht: {{weight.latest}} kg. MARK:${mark}`,
});
const linear = {
  nodes: [analysis('a1'), analysis('a2'), { id: 'end', kind: 'end' }],
  edges: [
    { from: 'a1', to: 'a2' },
    { from: 'a2', to: 'end' },
  ],
};
const bestEffort = {
  nodes: [
    analysis('ok'),
    analysis('broken', 'fail'),
    { id: 'j1', kind: 'join', join_strategy: 'best_effort', skip_handling: 'IGNORE_SKIPPED' },
    { id: 'end', kind: 'end' },
  ],
  edges: [
    { from: 'ok', to: 'j1' },
    { from: 'broken', to: 'j1' },
    { from: 'j1', to: 'end' },
  ],
};

interface SseEvent extends Omit<StreamEvent, 'data'> {
  data: { seq?: number; node_id?: string; state?: string; attempt?: number; status?: string };
}

const parseEvents = (text: string): SseEvent[] =>
  parseEventStream(text).map((e) => ({ ...e, data: JSON.parse(e.data) }));

/** Reads an event stream as it arrives; `until` sees every event so far. */
function readStream(
  url: string,
  headers: Record<string, string>,
  until: (events: SseEvent[]) => boolean = () => false,
): Promise<{ status: number; contentType: string | undefined; events: SseEvent[] }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      let text = '';
      const done = () =>
        resolve({
          status: res.statusCode!,
          contentType: res.headers['content-type'],
          events: parseEvents(text),
        });
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        if (until(parseEvents(text))) {
          done();
          req.destroy();
        }
      });
      res.on('end', done);
    });
    req.on('error', reject);
    req.end();
  });
}

const transitions = (events: SseEvent[]) =>
  events.filter((e) => e.event === 'node').map((e) => `${e.data.node_id}:${e.data.state}`);

describe('workflow executions as jobs (HTTP, loopback language model)', () => {
  let server: FakeChatServer;
  let t: HealthTestApp;
  let kim: TestUser;
  let lou: TestUser;

  let app: LoopbackWorkflowApp;

  beforeAll(async () => {
    app = await startLoopbackWorkflowApp(answers);
    ({ t, server } = app);
    kim = await t.newUser({ tier: 'pro' });
    lou = await t.newUser({ tier: 'pro' });
  });
  afterAll(() => app.close());
  beforeEach(() => server.setHandler(answers));

  const create = (user: TestUser, graph: unknown) => app.createWorkflow(user, graph, 'Jobs');
  const executeAsync = (user: TestUser, id: string) =>
    app.execute(user, id, { Prefer: 'respond-async, wait=10' });
  const eventsUrl = (id: string) => `${t.url}/api/workflows/executions/${id}/events`;
  const ended = (user: TestUser, id: string) =>
    waitFor(
      async () => {
        const res = await t.http
          .get(`/api/workflows/executions/${id}`)
          .set('Authorization', user.auth);
        return res.body.status !== 'running' && res.body;
      },
      { message: `execution ${id} ended` },
    );

  it('answers 202 with the Location of the execution at once with Prefer: respond-async', async () => {
    // The model holds its answers until the 202 has arrived: the answer cannot have waited for it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    server.setHandler((req, i) => ({ ...(answers(req, i) as object), until: held }) as never);
    const wf = await create(kim, linear);
    const res = await Promise.resolve(executeAsync(kim, wf)).finally(release);
    expect(res.status).toBe(202);
    expect(res.headers.location).toBe(`/api/workflows/executions/${res.body.id}`);
    expect(res.headers['preference-applied']).toBe('respond-async');
    expect(res.body).toMatchObject({ status: 'running', workflow_id: wf, result: null });

    const body = await ended(kim, res.body.id);
    expect(body).toMatchObject({ status: 'completed', tokens_in: 20, tokens_out: 10 });
    expect(body.attempts).toEqual([
      expect.objectContaining({
        attempt: 1,
        trigger: 'run',
        outcome: 'completed',
        tokens_in: 20,
        tokens_out: 10,
        nodes_ended: ['a1', 'a2', 'end'],
      }),
    ]);
  });

  it('streams every node transition in order as it happens, ends with the status, and resumes after Last-Event-ID', async () => {
    server.setHandler((req, i) => ({ ...(answers(req, i) as object), delayMs: 300 }) as never);
    const wf = await create(kim, linear);
    const res = await executeAsync(kim, wf);
    const live = await readStream(eventsUrl(res.body.id), { authorization: kim.auth });
    expect(live.status).toBe(200);
    expect(live.contentType).toMatch(/^text\/event-stream/);
    const order = [
      'a1:RUNNING',
      'a1:COMPLETED',
      'a2:RUNNING',
      'a2:COMPLETED',
      'end:RUNNING',
      'end:COMPLETED',
    ];
    expect(transitions(live.events)).toEqual(order);
    expect(live.events.slice(0, -1).map((e) => Number(e.id))).toEqual([1, 2, 3, 4, 5, 6]);
    expect(live.events.at(-1)).toMatchObject({ event: 'end', data: { status: 'completed' } });

    const rest = await readStream(eventsUrl(res.body.id), {
      authorization: kim.auth,
      'last-event-id': '4',
    });
    expect(transitions(rest.events)).toEqual(order.slice(4));
    expect(rest.events.at(-1)?.event).toBe('end');
  });

  it('refuses the event stream to another user with 404 and to an anonymous caller with 401', async () => {
    const wf = await create(kim, linear);
    const res = await executeAsync(kim, wf);
    const other = await t.http
      .get(`/api/workflows/executions/${res.body.id}/events`)
      .set('Authorization', lou.auth);
    expect(other.status).toBe(404);
    const anonymous = await t.http.get(`/api/workflows/executions/${res.body.id}/events`);
    expect(anonymous.status).toBe(401);
    await ended(kim, res.body.id);
  });

  it('counts the tokens of every attempt: a resume adds what it spent, with per-attempt detail', async () => {
    const wf = await create(kim, bestEffort);
    const first = await t.http.post(`/api/workflows/${wf}/execute`).set('Authorization', kim.auth);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ status: 'partial', tokens_in: 10, tokens_out: 5 });

    server.setHandler((req, i) =>
      req.prompt.includes('MARK:fail')
        ? { kind: 'answer', text: sectionAnswer('Jetzt geklappt.'), tokens_in: 7, tokens_out: 3 }
        : answers(req, i),
    );
    const resumed = await t.http
      .post(`/api/workflows/executions/${first.body.id}/resume`)
      .set('Authorization', kim.auth);
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ status: 'completed', tokens_in: 17, tokens_out: 8 });
    expect(resumed.body.result.resumed_node_ids).toEqual(['broken', 'j1', 'end']);
    expect(resumed.body.attempts).toEqual([
      expect.objectContaining({ attempt: 1, trigger: 'run', outcome: 'partial', tokens_in: 10 }),
      expect.objectContaining({
        attempt: 2,
        trigger: 'resume',
        outcome: 'completed',
        tokens_in: 7,
        tokens_out: 3,
        nodes_ended: ['broken', 'j1', 'end'],
      }),
    ]);
    // The stream shows the resumed nodes going back to PENDING, then running again.
    const stream = await readStream(eventsUrl(first.body.id), { authorization: kim.auth });
    const all = transitions(stream.events);
    expect(all.slice(all.indexOf('broken:PENDING'))).toEqual([
      'broken:PENDING',
      'j1:PENDING',
      'end:PENDING',
      'broken:RUNNING',
      'broken:COMPLETED',
      'j1:RUNNING',
      'j1:COMPLETED',
      'end:RUNNING',
      'end:COMPLETED',
    ]);
  });

  it('stores the tokens of every attempt on the insight, also of a node a resume runs again', async () => {
    // a3 comes after the best-effort join: the first run completes it without `broken`, the
    // resume runs it again. The insight carries the execution's totals, not only the final nodes.
    const wf = await create(kim, {
      nodes: [
        analysis('ok'),
        analysis('broken', 'fail'),
        { id: 'j1', kind: 'join', join_strategy: 'best_effort', skip_handling: 'IGNORE_SKIPPED' },
        analysis('a3'),
        { id: 'end', kind: 'end' },
      ],
      edges: [
        { from: 'ok', to: 'j1' },
        { from: 'broken', to: 'j1' },
        { from: 'j1', to: 'a3' },
        { from: 'a3', to: 'end' },
      ],
    });
    const first = await t.http.post(`/api/workflows/${wf}/execute`).set('Authorization', kim.auth);
    expect(first.body).toMatchObject({ status: 'partial', tokens_in: 20, tokens_out: 10 });
    server.setHandler((req, i) =>
      req.prompt.includes('MARK:fail')
        ? { kind: 'answer', text: sectionAnswer('Jetzt geklappt.'), tokens_in: 7, tokens_out: 3 }
        : answers(req, i),
    );
    const resumed = await t.http
      .post(`/api/workflows/executions/${first.body.id}/resume`)
      .set('Authorization', kim.auth);
    expect(resumed.body.result.resumed_node_ids).toEqual(['broken', 'j1', 'a3', 'end']);
    // ok 10 + a3 10 (first attempt), broken 7 + a3 10 (resume); the result's nodes hold 27.
    expect(resumed.body).toMatchObject({ status: 'completed', tokens_in: 37, tokens_out: 18 });
    expect(resumed.body.result.tokens_in).toBe(27);
    const insight = await t.http
      .get(`/api/insights/${resumed.body.insight_id}`)
      .set('Authorization', kim.auth);
    expect(insight.status).toBe(200);
    expect(insight.body).toMatchObject({ tokens_in: 37, tokens_out: 18 });
  });

  it('cancels a running execution: its job is cancelled, what ended stays, a second cancel is 409', async () => {
    const wf = await create(kim, {
      nodes: [analysis('a1'), analysis('stuck', 'hang'), { id: 'end', kind: 'end' }],
      edges: [
        { from: 'a1', to: 'stuck' },
        { from: 'stuck', to: 'end' },
      ],
    });
    const res = await executeAsync(kim, wf);
    await readStream(eventsUrl(res.body.id), { authorization: kim.auth }, (events) =>
      transitions(events).includes('stuck:RUNNING'),
    );
    const other = await t.http
      .post(`/api/workflows/executions/${res.body.id}/cancel`)
      .set('Authorization', lou.auth);
    expect(other.status).toBe(404);
    const cancelled = await t.http
      .post(`/api/workflows/executions/${res.body.id}/cancel`)
      .set('Authorization', kim.auth);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', tokens_in: 10 });
    const [job] = await t.db.query(
      `SELECT state::text FROM pgboss.job WHERE name = 'workflow-execution' AND id = (
         SELECT job_id FROM workflow_executions WHERE id = $1)`,
      [res.body.id],
    );
    expect(job.state).toBe('cancelled');
    const stream = await readStream(eventsUrl(res.body.id), { authorization: kim.auth });
    expect(stream.events.at(-1)).toMatchObject({ event: 'end', data: { status: 'cancelled' } });
    const again = await t.http
      .post(`/api/workflows/executions/${res.body.id}/cancel`)
      .set('Authorization', kim.auth);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('EXECUTION_ENDED');
  });

  it('lists the caller’s executions by status and workflow, newest first', async () => {
    const a = await create(lou, linear);
    const b = await create(lou, bestEffort);
    const ran = [];
    for (const wf of [a, b, a])
      ran.push(
        (await t.http.post(`/api/workflows/${wf}/execute`).set('Authorization', lou.auth)).body,
      );
    const list = (query: string) =>
      t.http.get(`/api/workflows/executions${query}`).set('Authorization', lou.auth);
    const all = await list('');
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: 3, limit: expect.any(Number), offset: 0 });
    expect(all.body.items.map((i: { id: string }) => i.id)).toEqual(ran.map((r) => r.id).reverse());
    const partial = await list('?status=partial');
    expect(partial.body.items.map((i: { id: string }) => i.id)).toEqual([ran[1].id]);
    const ofA = await list(`?workflow_id=${a}&status=completed&limit=1`);
    expect(ofA.body).toMatchObject({ total: 2, items: [{ id: ran[2].id }] });
    expect((await list('?status=lost')).status).toBe(400);
  });

  it('declares Prefer: respond-async and the 202 answer in the OpenAPI document', async () => {
    const doc = (await t.http.get('/api/docs-json')).body;
    const execute = doc.paths['/api/workflows/{id}/execute'].post;
    expect(execute.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Prefer', in: 'header' })]),
    );
    expect(execute.responses['202'].headers).toHaveProperty('Location');
    expect(execute.responses['201']).toBeDefined();
    const events = doc.paths['/api/workflows/executions/{id}/events'].get;
    expect(Object.keys(events.responses['200'].content ?? {})).toContain('text/event-stream');
  });
});
