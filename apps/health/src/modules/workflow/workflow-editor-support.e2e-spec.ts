import { HealthTestApp, TestUser } from '../../testing/health-test-app';
import { LoopbackWorkflowApp, startLoopbackWorkflowApp } from '../../testing/loopback-workflow-app';
import { FakeChatHandler, FakeChatServer, sectionAnswer } from '../llm/testing/fake-chat-server';

/**
 * What the workflow editor needs of the server, over HTTP against real PostgreSQL and the
 * loopback chat-completions server (10 prompt and 5 completion tokens per call at 1 and 2 per
 * 1 000 tokens: every model call costs 0.02): test runs of one analysis node, saved node
 * positions (`layout`) and duplicating a workflow.
 */
const answers: FakeChatHandler = (req) =>
  req.prompt.includes('MARK:fail')
    ? { kind: 'status', status: 500 }
    : {
        kind: 'answer',
        text: req.prompt.includes('MARK:risk')
          ? sectionAnswer('Riskant.', { risk: 'hoch' })
          : sectionAnswer('Stabil.', { trend: 'steigend' }),
        tokens_in: 10,
        tokens_out: 5,
      };

const graph = {
  nodes: [
    { id: 'a1', kind: 'analysis', inline_template: 'Gewicht: {{weight.latest}} kg. MARK:a1' },
    { id: 'a2', kind: 'analysis', prompt_slug: 'no-such-prompt' },
    {
      id: 'l1',
      kind: 'logic',
      condition: { op: 'EQ', signal: 'a1.trend', value: 'steigend' },
    },
    { id: 'end', kind: 'end' },
  ],
  edges: [
    { from: 'a1', to: 'a2' },
    { from: 'a2', to: 'l1' },
    { from: 'l1', to: 'end', branch: 'then' },
    { from: 'l1', to: 'end', branch: 'else' },
  ],
};

describe('workflow editor support (HTTP, loopback language model)', () => {
  let app: LoopbackWorkflowApp;
  let t: HealthTestApp;
  let server: FakeChatServer;
  let kim: TestUser;
  let lou: TestUser;
  let wfOfKim: string;

  const testRun = (user: TestUser | null, id: string, node: string, body?: unknown) => {
    const req = t.http.post(`/api/workflows/${id}/nodes/${node}/test-run`);
    if (user) req.set('Authorization', user.auth);
    return body === undefined ? req : req.send(body as object);
  };
  const ledger = (workflowId: string) =>
    t.db.query(
      `SELECT source, node_id, workflow_name, execution_id, tokens_in, tokens_out, cost::float8 AS cost
         FROM llm_usage WHERE workflow_id = $1 ORDER BY id`,
      [workflowId],
    );

  beforeAll(async () => {
    app = await startLoopbackWorkflowApp(answers, {
      LLM_PRICE_INPUT_PER_1K: '1',
      LLM_PRICE_OUTPUT_PER_1K: '2',
      // plus: 1.5 model calls a month; pro: no budget.
      LLM_MONTHLY_BUDGET_PLUS: '0.03',
    });
    ({ t, server } = app);
    kim = await t.newUser({ tier: 'pro' });
    lou = await t.newUser({ tier: 'pro' });
    const weight = await t.http
      .post('/api/weight')
      .set('Authorization', kim.auth)
      .send({ date: '2026-01-10', weight_kg: 81.5 });
    expect(weight.status).toBe(201);
    wfOfKim = await app.createWorkflow(kim, graph, 'Wochencheck');
  });
  afterAll(() => app.close());
  afterEach(() => server.setHandler(answers));

  describe('POST /api/workflows/{id}/nodes/{node}/test-run', () => {
    it('renders the saved node with the caller’s data, calls the model once and counts the usage', async () => {
      const calls = server.requests.length;
      const res = await testRun(kim, wfOfKim, 'a1');
      expect(res.status).toBe(200);
      expect(server.requests.length).toBe(calls + 1);
      const sent = server.requests[calls];
      expect(res.body).toMatchObject({
        node_id: 'a1',
        template_mode: 'inline',
        answer: sectionAnswer('Stabil.', { trend: 'steigend' }),
        analysis_core: 'Stabil.',
        decision_signals: { trend: { raw: 'steigend' } },
        question_keys: [],
        tokens: { input: 10, output: 5, total: 15 },
        cost: 0.02,
        model: 'loopback-model',
        offline: false,
      });
      expect(res.body.rendered_prompt).toContain('Gewicht: 81.5 kg. MARK:a1');
      expect(res.body.rendered_prompt).toContain('## Antwortformat');
      expect(sent.messages.at(-1)?.content).toBe(res.body.rendered_prompt);
      expect(res.body.duration_ms).toBeGreaterThanOrEqual(0);
      // Counted with its workflow and node, in no execution; nothing else stored.
      expect(await ledger(wfOfKim)).toEqual([
        {
          source: 'node_test',
          node_id: 'a1',
          workflow_name: 'Wochencheck',
          execution_id: null,
          tokens_in: 10,
          tokens_out: 5,
          cost: 0.02,
        },
      ]);
      const usage = await t.http
        .get(`/api/llm-usage?workflow_id=${wfOfKim}`)
        .set('Authorization', kim.auth);
      expect(usage.body.items).toEqual([
        expect.objectContaining({
          workflow_id: wfOfKim,
          executions: 0,
          attempts: 0,
          tokens_in: 10,
          tokens_out: 5,
          cost: 0.02,
        }),
      ]);
      const executions = await t.http
        .get(`/api/workflows/${wfOfKim}/executions`)
        .set('Authorization', kim.auth);
      expect(executions.body.total).toBe(0);
      await t.db.query(`DELETE FROM llm_usage WHERE workflow_id = $1`, [wfOfKim]);
    });

    it('tests the node of the graph as edited (unsaved, unfinished) without saving it', async () => {
      const edited = {
        nodes: [{ id: 'a1', kind: 'analysis', inline_template: 'Entwurf: {{weight.latest}}' }],
        edges: [],
      };
      const res = await testRun(kim, wfOfKim, 'a1', { graph: edited });
      expect(res.status).toBe(200);
      expect(res.body.rendered_prompt).toContain('Entwurf: 81.5');
      expect(res.body.rendered_prompt).not.toContain('MARK:a1');
      const saved = await t.http.get(`/api/workflows/${wfOfKim}`).set('Authorization', kim.auth);
      expect(saved.body.graph.nodes[0].inline_template).toContain('MARK:a1');
      await t.db.query(`DELETE FROM llm_usage WHERE workflow_id = $1`, [wfOfKim]);
    });

    it('asks the node’s questions and renders exactly the prompt an execution sends', async () => {
      const risky = {
        nodes: [
          {
            id: 'r1',
            kind: 'analysis',
            inline_template: 'Gewicht {{weight.latest}}. MARK:risk',
            question_keys: ['risk'],
          },
          { id: 'end', kind: 'end' },
        ],
        edges: [{ from: 'r1', to: 'end' }],
      };
      const id = await app.createWorkflow(kim, risky, 'Risiko');
      const tested = await testRun(kim, id, 'r1');
      expect(tested.status).toBe(200);
      expect(tested.body).toMatchObject({
        question_keys: ['risk'],
        analysis_core: 'Riskant.',
        decision_signals: { risk: { raw: 'hoch', value: 'high', status: 'normalized' } },
      });
      const run = await app.execute(kim, id);
      expect(run.status).toBe(201);
      const node = run.body.result.nodes.find((n: { node_id: string }) => n.node_id === 'r1');
      expect(node.prompt_sent).toBe(tested.body.rendered_prompt);
      expect(node.decision_signals).toEqual(tested.body.decision_signals);
      // both counted: one test run, one execution node
      expect((await ledger(id)).map((row: { source: string }) => row.source)).toEqual([
        'node_test',
        'workflow',
      ]);
    });

    it.each([
      [
        'a question key the catalogue does not have',
        'q1',
        {
          graph: {
            nodes: [
              { id: 'q1', kind: 'analysis', inline_template: 'x', question_keys: ['no_such_key'] },
            ],
            edges: [],
          },
        },
        422,
        'QUESTION_NOT_FOUND',
      ],
      ['the end node', 'end', undefined, 422, 'NODE_NOT_ANALYSIS'],
      ['a logic node', 'l1', undefined, 422, 'NODE_NOT_ANALYSIS'],
      ['a prompt_slug that names no base prompt', 'a2', undefined, 422, 'PROMPT_NOT_FOUND'],
      [
        'a node without template',
        'x1',
        { graph: { nodes: [{ id: 'x1', kind: 'analysis' }], edges: [] } },
        422,
        'NODE_TEMPLATE_MISSING',
      ],
      [
        'a node with invalid settings',
        'x1',
        {
          graph: {
            nodes: [{ id: 'x1', kind: 'analysis', inline_template: 'x', retries: 99 }],
            edges: [],
          },
        },
        400,
        'ANALYSIS_SETTINGS_INVALID',
      ],
      ['a graph without nodes', 'a1', { graph: { edges: [] } }, 400, 'GRAPH_SHAPE_INVALID'],
      ['a node the graph does not have', 'zz', undefined, 404, 'NOT_FOUND'],
    ])('refuses %s (%s) before any model call', async (_what, node, body, status, code) => {
      const calls = server.requests.length;
      const res = await testRun(kim, wfOfKim, node, body);
      expect(res.status).toBe(status);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.body.code).toBe(code);
      expect(server.requests.length).toBe(calls);
      expect(await ledger(wfOfKim)).toEqual([]);
    });

    it('answers 404 for another user’s workflow and 401 without a token', async () => {
      const calls = server.requests.length;
      const other = await testRun(lou, wfOfKim, 'a1');
      expect(other.status).toBe(404);
      expect(other.body.code).toBe('NOT_FOUND');
      const anonymous = await testRun(null, wfOfKim, 'a1');
      expect(anonymous.status).toBe(401);
      expect(anonymous.body.code).toBe('UNAUTHENTICATED');
      expect(server.requests.length).toBe(calls);
    });

    it('answers 502 LLM_FAILED when the model fails, and counts nothing', async () => {
      const res = await testRun(kim, wfOfKim, 'a1', {
        graph: {
          nodes: [{ id: 'a1', kind: 'analysis', inline_template: 'MARK:fail' }],
          edges: [],
        },
      });
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ code: 'LLM_FAILED', llm_error: 'LLM_HTTP_ERROR' });
      expect(await ledger(wfOfKim)).toEqual([]);
    });

    it('is refused like a run: FEATURE_REQUIRED without workflow.run, then LLM_BUDGET_EXCEEDED before spending', async () => {
      const fay = await t.newUser({ tier: 'plus' });
      const wf = await app.createWorkflow(fay, graph, 'Budget');
      // plus lacks workflow.run by default
      const gated = await testRun(fay, wf, 'a1');
      expect(gated.status).toBe(403);
      expect(gated.body.code).toBe('FEATURE_REQUIRED');
      await t.db.query(
        `INSERT INTO user_feature_overrides (user_id, feature, granted) VALUES ($1, 'workflow.run', true)`,
        [fay.id],
      );
      // 0.02, then 0.04 of 0.03: a test run below the budget may end above it
      expect((await testRun(fay, wf, 'a1')).status).toBe(200);
      expect((await testRun(fay, wf, 'a1')).status).toBe(200);
      const calls = server.requests.length;
      const refused = await testRun(fay, wf, 'a1');
      expect(refused.status).toBe(402);
      expect(refused.body).toMatchObject({
        code: 'LLM_BUDGET_EXCEEDED',
        tier: 'plus',
        budget: 0.03,
        spent: 0.04,
      });
      expect(server.requests.length).toBe(calls);
      // the test runs count against the budget of real runs too
      const run = await app.execute(fay, wf);
      expect(run.status).toBe(402);
      expect(await ledger(wf)).toHaveLength(2);
    });
  });

  describe('layout (saved node positions)', () => {
    const line = {
      nodes: [
        { id: 'a1', kind: 'analysis', inline_template: 'A' },
        { id: 'end', kind: 'end' },
      ],
      edges: [{ from: 'a1', to: 'end' }],
    };
    const create = (body: object) =>
      t.http.post('/api/workflows').set('Authorization', kim.auth).send(body);
    const replace = (id: string, body: object, etag?: string) => {
      const req = t.http.put(`/api/workflows/${id}`).set('Authorization', kim.auth);
      if (etag) req.set('If-Match', etag);
      return req.send(body);
    };

    it('is saved on create, without the positions of unknown nodes, and returned by GET', async () => {
      const res = await create({
        name: 'Layout',
        graph: line,
        layout: { a1: { x: 10, y: 20.5 }, end: { x: -3, y: 400 }, gone: { x: 1, y: 1 } },
      });
      expect(res.status).toBe(201);
      const layout = { a1: { x: 10, y: 20.5 }, end: { x: -3, y: 400 } };
      expect(res.body.layout).toEqual(layout);
      const got = await t.http.get(`/api/workflows/${res.body.id}`).set('Authorization', kim.auth);
      expect(got.body.layout).toEqual(layout);
      const list = await t.http.get('/api/workflows').set('Authorization', kim.auth);
      const listed = list.body.items.find((w: { id: string }) => w.id === res.body.id);
      expect(listed.layout).toEqual(layout);
    });

    it('is optional: {} when never sent (older clients)', async () => {
      const res = await create({ name: 'No layout', graph: line });
      expect(res.status).toBe(201);
      expect(res.body.layout).toEqual({});
      const nulled = await create({ name: 'Null layout', graph: line, layout: null });
      expect(nulled.body.layout).toEqual({});
    });

    it.each([
      ['a string coordinate', { a1: { x: '1', y: 2 } }, 'layout.a1'],
      ['a missing coordinate', { a1: { x: 1 } }, 'layout.a1'],
      ['another member', { a1: { x: 1, y: 2, z: 3 } }, 'layout.a1'],
      ['a coordinate out of range', { end: { x: 1, y: 1e7 } }, 'layout.end'],
      ['a position that is no object', { a1: [1, 2] }, 'layout.a1'],
      ['an array', [{ x: 1, y: 2 }], 'layout'],
      [
        'more than 1000 entries',
        Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`n${i}`, { x: i, y: i }])),
        'layout',
      ],
    ])('refuses %s with 400 VALIDATION_FAILED', async (_what, layout, path) => {
      const res = await create({ name: 'Bad layout', graph: line, layout });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    });

    it('is replaced, kept or cleared by PUT and is part of the version (ETag)', async () => {
      const created = await create({
        name: 'Versioned',
        graph: line,
        layout: { a1: { x: 1, y: 1 } },
      });
      const id = created.body.id as string;
      const first = created.headers.etag as string;
      expect(first).toBeTruthy();
      const moved = await replace(id, { layout: { a1: { x: 5, y: 6 } } }, first);
      expect(moved.status).toBe(200);
      expect(moved.body.layout).toEqual({ a1: { x: 5, y: 6 } });
      const second = moved.headers.etag as string;
      expect(second).toBeTruthy();
      expect(second).not.toBe(first);
      // the old version is gone: a layout-only change is a new version
      const stale = await replace(id, { layout: { a1: { x: 9, y: 9 } } }, first);
      expect(stale.status).toBe(412);
      const got = await t.http.get(`/api/workflows/${id}`).set('Authorization', kim.auth);
      expect(got.headers.etag).toBe(second);
      expect(got.body.layout).toEqual({ a1: { x: 5, y: 6 } });
      // omitted: kept (renaming only)
      const renamed = await replace(id, { name: 'Renamed' });
      expect(renamed.body.layout).toEqual({ a1: { x: 5, y: 6 } });
      // a new graph without a1: its position goes with it
      const regraphed = await replace(id, {
        graph: {
          nodes: [
            { id: 'b1', kind: 'analysis', inline_template: 'B' },
            { id: 'end', kind: 'end' },
          ],
          edges: [{ from: 'b1', to: 'end' }],
        },
      });
      expect(regraphed.status).toBe(200);
      expect(regraphed.body.layout).toEqual({});
      const placed = await replace(id, { layout: { b1: { x: 0, y: 0 } } });
      expect(placed.body.layout).toEqual({ b1: { x: 0, y: 0 } });
      const cleared = await replace(id, { layout: null });
      expect(cleared.body.layout).toEqual({});
    });
  });

  describe('POST /api/workflows/{id}/duplicate', () => {
    const duplicate = (user: TestUser | null, id: string) => {
      const req = t.http.post(`/api/workflows/${id}/duplicate`);
      return user ? req.set('Authorization', user.auth) : req;
    };

    it('copies graph, layout and description for the caller as "<name> (copy)", then "(copy 2)"', async () => {
      const created = await t.http
        .post('/api/workflows')
        .set('Authorization', kim.auth)
        .send({
          name: 'Vorlage',
          description: 'Beschreibung',
          graph,
          layout: { a1: { x: 1, y: 2 }, end: { x: 3, y: 4 } },
        });
      expect(created.status).toBe(201);
      const copy = await duplicate(kim, created.body.id);
      expect(copy.status).toBe(201);
      expect(copy.headers.etag).toBeTruthy();
      expect(copy.body).toMatchObject({
        name: 'Vorlage (copy)',
        description: 'Beschreibung',
        graph: created.body.graph,
        layout: { a1: { x: 1, y: 2 }, end: { x: 3, y: 4 } },
        order: created.body.order,
      });
      expect(copy.body.id).not.toBe(created.body.id);
      const [row] = await t.db.query(`SELECT owner_id FROM workflow_definitions WHERE id = $1`, [
        copy.body.id,
      ]);
      expect(row.owner_id).toBe(kim.id);
      const again = await duplicate(kim, created.body.id);
      expect(again.body.name).toBe('Vorlage (copy 2)');
      const ofCopy = await duplicate(kim, copy.body.id);
      expect(ofCopy.body.name).toBe('Vorlage (copy) (copy)');
      // the copy is a workflow of its own: changing it leaves the original as it was
      await t.http
        .put(`/api/workflows/${copy.body.id}`)
        .set('Authorization', kim.auth)
        .send({ layout: null });
      const original = await t.http
        .get(`/api/workflows/${created.body.id}`)
        .set('Authorization', kim.auth);
      expect(original.body.layout).toEqual({ a1: { x: 1, y: 2 }, end: { x: 3, y: 4 } });
    });

    it('keeps the copy’s name within 200 characters', async () => {
      const long = 'W'.repeat(200);
      const id = await app.createWorkflow(kim, graph, long);
      const copy = await duplicate(kim, id);
      expect(copy.status).toBe(201);
      expect(copy.body.name.length).toBeLessThanOrEqual(200);
      expect(copy.body.name.endsWith(' (copy)')).toBe(true);
    });

    it('answers 404 for another user’s workflow and 401 without a token', async () => {
      const before = await t.db.query(`SELECT count(*)::int AS n FROM workflow_definitions`);
      const other = await duplicate(lou, wfOfKim);
      expect(other.status).toBe(404);
      expect(other.body.code).toBe('NOT_FOUND');
      expect((await duplicate(null, wfOfKim)).status).toBe(401);
      const after = await t.db.query(`SELECT count(*)::int AS n FROM workflow_definitions`);
      expect(after[0].n).toBe(before[0].n);
    });
  });
});
