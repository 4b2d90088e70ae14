import { entityTagContract } from '@sports/common/testing';
import { HealthTestApp, TestUser } from '../../testing/health-test-app';
import { LoopbackWorkflowApp, startLoopbackWorkflowApp } from '../../testing/loopback-workflow-app';
import { FakeChatHandler, FakeChatServer, sectionAnswer } from '../llm/testing/fake-chat-server';

/**
 * Workflows end to end over HTTP with the real chat-completions client against a loopback
 * model server. Inline templates carry markers (`MARK:<name>`) the fake model reacts to.
 */
const answers: FakeChatHandler = (req) => {
  const p = req.prompt;
  if (p.includes('MARK:fail')) return { kind: 'status', status: 500 };
  if (p.includes('MARK:risk-high'))
    return { kind: 'answer', text: sectionAnswer('Risiko erhöht.', { risk: 'hoch' }) };
  if (p.includes('MARK:risk-low'))
    return { kind: 'answer', text: sectionAnswer('Risiko gering.', { risk: 'niedrig' }) };
  if (p.includes('MARK:risk-unclear'))
    return { kind: 'answer', text: sectionAnswer('Datenlage dünn.', { risk: 'unklar' }) };
  const name = /MARK:(\w+)/.exec(p)?.[1] ?? 'plain';
  return { kind: 'answer', text: sectionAnswer(`Analyse ${name}.`), tokens_in: 10, tokens_out: 5 };
};

const analysis = (id: string, mark: string, extra: Record<string, unknown> = {}) => ({
  id,
  kind: 'analysis',
  label: `Analyse ${id}`,
  inline_template: `Gewicht: {{weight.latest}} kg. MARK:${mark}`,
  ...extra,
});

function branchThenJoin(firstMark: string, fallback = 'CONSERVATIVE_SKIP') {
  return {
    nodes: [
      analysis('a1', firstMark, { question_keys: ['risk'] }),
      analysis('side', 'side'),
      {
        id: 'l1',
        kind: 'logic',
        condition: { op: 'EQ', signal: 'a1.risk', value: 'high' },
        fallback_strategy: fallback,
      },
      analysis('high', 'high'),
      analysis('low', 'low'),
      ...(fallback === 'UNCERTAINTY_PATH' ? [analysis('unsure', 'unsure')] : []),
      { id: 'j1', kind: 'join', join_strategy: 'wait_all', skip_handling: 'IGNORE_SKIPPED' },
      {
        id: 'end',
        kind: 'end',
        output_mode: 'TEMPLATE',
        template:
          'Start: {{ a1.analysis_core }} Risk={{ a1.decision_signals.risk }}\n' +
          '{% if high %}HIGH: {{ high.analysis_core }}{% endif %}' +
          '{% if low %}LOW: {{ low.analysis_core }}{% endif %}' +
          (fallback === 'UNCERTAINTY_PATH'
            ? '{% if unsure %}UNSURE: {{ unsure.analysis_core }}{% endif %}'
            : '') +
          '\nSide: {{ side.analysis_core }}',
      },
    ],
    edges: [
      { from: 'a1', to: 'l1' },
      { from: 'l1', to: 'high', branch: 'then' },
      { from: 'l1', to: 'low', branch: 'else' },
      ...(fallback === 'UNCERTAINTY_PATH'
        ? [
            { from: 'l1', to: 'unsure', branch: 'uncertain' },
            { from: 'unsure', to: 'j1' },
          ]
        : []),
      { from: 'high', to: 'j1' },
      { from: 'low', to: 'j1' },
      { from: 'side', to: 'j1' },
      { from: 'j1', to: 'end' },
    ],
  };
}

const bestEffortGraph = {
  nodes: [
    analysis('ok', 'ok'),
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

type NodeState = { node_id: string; state: string; [key: string]: unknown };
const node = (body: { result: { nodes: NodeState[] } }, id: string): NodeState => {
  const found = body.result.nodes.find((n) => n.node_id === id);
  if (!found) throw new Error(`no node ${id}`);
  return found;
};

describe('workflows (HTTP, loopback language model)', () => {
  let server: FakeChatServer;
  let t: HealthTestApp;
  let kim: TestUser;
  let lou: TestUser;
  let free: TestUser;

  let app: LoopbackWorkflowApp;

  beforeAll(async () => {
    app = await startLoopbackWorkflowApp(answers, {
      LLM_TIMEOUT_MS: '2000',
      LLM_PRICE_INPUT_PER_1K: '1',
      LLM_PRICE_OUTPUT_PER_1K: '2',
      ...(process.env.TEST_LOG_LEVEL ? { LOG_LEVEL: process.env.TEST_LOG_LEVEL } : {}),
    });
    ({ t, server } = app);
    kim = await t.newUser();
    lou = await t.newUser();
    free = await t.newUser();
    await t.db.query(`UPDATE users SET tier = 'pro' WHERE id = ANY($1)`, [[kim.id, lou.id]]);
    await t.db.query(
      `INSERT INTO weight_entries (user_id, date, weight_kg) VALUES ($1, '2026-03-01', 81.5)`,
      [kim.id],
    );
  });
  afterAll(() => app.close());
  beforeEach(() => server.setHandler(answers));

  const create = (user: TestUser, graph: unknown, name = 'Wochencheck') =>
    t.http.post('/api/workflows').set('Authorization', user.auth).send({ name, graph });
  const execute = (user: TestUser, id: string) => app.execute(user, id);

  describe('definitions', () => {
    it('stores a valid graph unchanged (inline_template included) and answers its order', async () => {
      const graph = branchThenJoin('risk-high');
      const res = await create(kim, graph);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ name: 'Wochencheck', description: null, warnings: [] });
      expect(res.body.graph).toEqual(graph);
      expect(res.body.order[0]).toBe('a1');
      expect(res.body.order.at(-1)).toBe('end');
      const [row] = await t.db.query(
        'SELECT graph, owner_id FROM workflow_definitions WHERE id = $1',
        [res.body.id],
      );
      expect(row).toEqual({ graph, owner_id: kim.id });
    });

    it('loads a graph stored without inline_template unchanged', async () => {
      const graph = {
        nodes: [
          { id: 'a1', kind: 'analysis', prompt_slug: 'weight-check' },
          { id: 'end', kind: 'end' },
        ],
        edges: [{ from: 'a1', to: 'end' }],
      };
      const [row] = await t.db.query(
        `INSERT INTO workflow_definitions (owner_id, name, graph) VALUES ($1, 'alt', $2) RETURNING id`,
        [kim.id, JSON.stringify(graph)],
      );
      const res = await t.http.get(`/api/workflows/${row.id}`).set('Authorization', kim.auth);
      expect(res.status).toBe(200);
      expect(res.body.graph).toEqual(graph);
      expect(res.body.warnings).toEqual([]);
    });

    it('refuses a cycle with 400 GRAPH_CYCLE naming the nodes, and saves nothing', async () => {
      const before = await t.db.query('SELECT count(*)::int AS n FROM workflow_definitions');
      const res = await create(kim, {
        nodes: [
          analysis('a1', 'x'),
          analysis('a2', 'x'),
          analysis('a3', 'x'),
          { id: 'end', kind: 'end' },
        ],
        edges: [
          { from: 'a1', to: 'a2' },
          { from: 'a2', to: 'a3' },
          { from: 'a3', to: 'a2' },
          { from: 'a3', to: 'end' },
        ],
      });
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.body.code).toBe('GRAPH_CYCLE');
      expect(res.body.node_ids).toEqual(expect.arrayContaining(['a2', 'a3']));
      expect(res.body.issues[0]).toMatchObject({ code: 'GRAPH_CYCLE' });
      const after = await t.db.query('SELECT count(*)::int AS n FROM workflow_definitions');
      expect(after[0].n).toBe(before[0].n);
    });

    it('refuses an unreachable node and a missing end node with 400', async () => {
      const noEnd = await create(kim, { nodes: [analysis('a1', 'x')], edges: [] });
      expect(noEnd.status).toBe(400);
      expect(noEnd.body.code).toBe('END_NODE_MISSING');
      const stranded = await create(kim, {
        nodes: [analysis('a1', 'x'), analysis('lost', 'x'), { id: 'end', kind: 'end' }],
        edges: [{ from: 'a1', to: 'end' }],
      });
      expect(stranded.status).toBe(400);
      expect(stranded.body.node_ids).toContain('lost');
    });

    it('refuses an analysis node without prompt_slug and inline_template with 422 NODE_TEMPLATE_MISSING naming it', async () => {
      const res = await create(kim, {
        nodes: [
          { id: 'bare', kind: 'analysis' },
          { id: 'end', kind: 'end' },
        ],
        edges: [{ from: 'bare', to: 'end' }],
      });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('NODE_TEMPLATE_MISSING');
      expect(res.body.node_ids).toEqual(['bare']);
      expect(res.body.detail).toContain('"bare"');
    });

    it('returns warnings on success: both template modes, an unknown prompt slug and question', async () => {
      const res = await create(kim, {
        nodes: [
          { ...analysis('a1', 'x'), prompt_slug: 'weight-check' },
          { id: 'a2', kind: 'analysis', prompt_slug: 'no-such-prompt', question_keys: ['nope'] },
          { id: 'end', kind: 'end' },
        ],
        edges: [
          { from: 'a1', to: 'end' },
          { from: 'a2', to: 'end' },
        ],
      });
      expect(res.status).toBe(201);
      expect(res.body.warnings.map((w: { code: string }) => w.code).sort()).toEqual([
        'NODE_TEMPLATE_AMBIGUOUS',
        'PROMPT_NOT_FOUND',
        'QUESTION_NOT_FOUND',
      ]);
    });

    it('validates without saving: POST /api/workflows/validate answers errors and warnings', async () => {
      const before = await t.db.query('SELECT count(*)::int AS n FROM workflow_definitions');
      const bad = await t.http
        .post('/api/workflows/validate')
        .set('Authorization', kim.auth)
        .send({ graph: { nodes: [{ id: 'bare', kind: 'analysis' }], edges: [] } });
      expect(bad.status).toBe(200);
      expect(bad.body.valid).toBe(false);
      expect(bad.body.errors.map((e: { code: string }) => e.code)).toEqual(
        expect.arrayContaining(['END_NODE_MISSING', 'NODE_TEMPLATE_MISSING']),
      );
      const good = await t.http
        .post('/api/workflows/validate')
        .set('Authorization', kim.auth)
        .send({ graph: branchThenJoin('x') });
      expect(good.body).toMatchObject({ valid: true, errors: [], warnings: [] });
      expect(good.body.order).toHaveLength(7);
      const after = await t.db.query('SELECT count(*)::int AS n FROM workflow_definitions');
      expect(after[0].n).toBe(before[0].n);
    });

    it('refuses a body without graph or with unknown fields with 400 VALIDATION_FAILED', async () => {
      const res = await t.http
        .post('/api/workflows')
        .set('Authorization', kim.auth)
        .send({ name: 'x', graph: 'nope', owner_id: kim.id });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('VALIDATION_FAILED');
      expect(res.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
        'graph',
        'owner_id',
      ]);
    });

    it('refuses a name of only spaces on create and save with 400 VALIDATION_FAILED at name', async () => {
      const blank = await create(kim, branchThenJoin('x'), '   ');
      expect(blank.status).toBe(400);
      expect(blank.body.code).toBe('VALIDATION_FAILED');
      expect(blank.body.errors.map((e: { path: string }) => e.path)).toEqual(['name']);
      const created = await create(kim, branchThenJoin('x'), '  Leerzeichen  ');
      expect(created.status).toBe(201);
      expect(created.body.name).toBe('Leerzeichen');
      const put = await t.http
        .put(`/api/workflows/${created.body.id}`)
        .set('Authorization', kim.auth)
        .send({ name: ' \t ' });
      expect(put.status).toBe(400);
      expect(put.body.code).toBe('VALIDATION_FAILED');
      expect(put.body.errors.map((e: { path: string }) => e.path)).toEqual(['name']);
    });

    it('lists, updates and deletes only the owner’s workflows; others get 404', async () => {
      const created = await create(kim, branchThenJoin('x'), 'Eigen');
      const id = created.body.id as string;
      const list = await t.http.get('/api/workflows').set('Authorization', kim.auth);
      expect(list.body.items.map((w: { id: string }) => w.id)).toContain(id);
      const lous = await t.http.get('/api/workflows').set('Authorization', lou.auth);
      expect(lous.body.items.map((w: { id: string }) => w.id)).not.toContain(id);

      for (const res of [
        await t.http.get(`/api/workflows/${id}`).set('Authorization', lou.auth),
        await t.http.put(`/api/workflows/${id}`).set('Authorization', lou.auth).send({ name: 'x' }),
        await t.http.delete(`/api/workflows/${id}`).set('Authorization', lou.auth),
        await execute(lou, id),
        await t.http.get(`/api/workflows/${id}/executions`).set('Authorization', lou.auth),
      ]) {
        expect(res.status).toBe(404);
      }

      const upd = await t.http
        .put(`/api/workflows/${id}`)
        .set('Authorization', kim.auth)
        .send({ name: 'Umbenannt', description: 'neu' });
      expect(upd.status).toBe(200);
      expect(upd.body).toMatchObject({ name: 'Umbenannt', description: 'neu' });

      const badUpdate = await t.http
        .put(`/api/workflows/${id}`)
        .set('Authorization', kim.auth)
        .send({
          graph: {
            nodes: [
              { id: 'a', kind: 'analysis' },
              { id: 'end', kind: 'end' },
            ],
            edges: [{ from: 'a', to: 'end' }],
          },
        });
      expect(badUpdate.status).toBe(422);
      const [row] = await t.db.query('SELECT graph FROM workflow_definitions WHERE id = $1', [id]);
      expect(row.graph).toEqual(branchThenJoin('x'));

      const del = await t.http.delete(`/api/workflows/${id}`).set('Authorization', kim.auth);
      expect(del.status).toBe(204);
      expect(
        await t.db.query('SELECT 1 FROM workflow_definitions WHERE id = $1', [id]),
      ).toHaveLength(0);
    });
  });

  describe('entity tags (If-Match on PUT and DELETE)', () => {
    entityTagContract(() => ({
      http: t.http,
      owner: { Authorization: kim.auth },
      stranger: { Authorization: lou.auth },
      strangerStatus: 404,
      db: t.db,
      row: (url) => ({ table: 'workflow_definitions', where: { id: url.split('/').pop() } }),
      create: async () => {
        const created = await create(kim, branchThenJoin('x'), 'Versioniert');
        return { url: `/api/workflows/${created.body.id}`, created };
      },
      change: (n) => ({ name: `Fassung ${n}`, graph: branchThenJoin(`v${n}`) }),
      stored: async (url) =>
        (
          await t.db.query(
            'SELECT name, description, graph FROM workflow_definitions WHERE id = $1',
            [url.split('/').pop()],
          )
        )[0] ?? null,
    }));
  });

  describe('executions', () => {
    it('runs a branch-then-join workflow: the then-path runs, the else-path is SKIPPED, the join and TEMPLATE end render', async () => {
      const wf = await create(kim, branchThenJoin('risk-high'));
      const requestsBefore = server.requests.length;
      const res = await execute(kim, wf.body.id);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        workflow_id: wf.body.id,
        status: 'completed',
        model: 'loopback-model',
        offline: false,
        insight_id: expect.any(String),
      });
      const states = Object.fromEntries(
        res.body.result.nodes.map((n: NodeState) => [n.node_id, n.state]),
      );
      expect(states).toEqual({
        a1: 'COMPLETED',
        side: 'COMPLETED',
        l1: 'COMPLETED',
        high: 'COMPLETED',
        low: 'SKIPPED',
        j1: 'COMPLETED',
        end: 'COMPLETED',
      });
      expect(node(res.body, 'a1').decision_signals).toEqual({
        risk: { raw: 'hoch', value: 'high', status: 'normalized' },
      });
      expect(node(res.body, 'l1')).toMatchObject({
        condition_result: 'true',
        branch_taken: 'then',
      });
      expect(res.body.output).toContain('Start: Risiko erhöht. Risk=high');
      expect(res.body.output).toContain('HIGH: Analyse high.');
      expect(res.body.output).not.toContain('LOW:');
      expect(res.body.output).toContain('Side: Analyse side.');

      // prompt sent: data placeholder filled, augmented with the question, upstream input appended
      const a1 = node(res.body, 'a1');
      expect(a1.prompt_sent).toContain('Gewicht: 81.5 kg.');
      expect(a1.prompt_sent).toContain('`risk`');
      expect(node(res.body, 'high').prompt_sent).toContain('Risiko erhöht.');
      expect(server.requests.length - requestsBefore).toBe(3);
      expect(server.requests.at(-1)?.authorization).toBe('Bearer sk-loopback');

      // tokens and cost: 100/50 for the risk node, 10/5 for each of the two others that ran
      expect(res.body).toMatchObject({ tokens_in: 120, tokens_out: 60 });
      expect(res.body.cost).toBeCloseTo(0.24, 6);
      expect(a1).toMatchObject({ tokens_in: 100, tokens_out: 50, attempts: 1 });
      expect(typeof a1.duration_ms).toBe('number');

      const [row] = await t.db.query(
        'SELECT status, owner_id, tokens_in, result FROM workflow_executions WHERE id = $1',
        [res.body.id],
      );
      expect(row).toMatchObject({ status: 'completed', owner_id: kim.id, tokens_in: 120 });
      expect(row.result.nodes).toHaveLength(7);

      const insight = await t.http
        .get(`/api/insights/${res.body.insight_id}`)
        .set('Authorization', kim.auth);
      expect(insight.status).toBe(200);
      expect(insight.body).toMatchObject({
        workflow_execution_id: res.body.id,
        title: 'Wochencheck',
        content: res.body.output,
        offline: false,
      });
      expect(insight.body.decision_signals['a1.risk']).toMatchObject({ value: 'high' });

      const read = await t.http
        .get(`/api/workflows/executions/${res.body.id}`)
        .set('Authorization', kim.auth);
      expect(read.status).toBe(200);
      expect(read.body.result).toEqual(res.body.result);
      const other = await t.http
        .get(`/api/workflows/executions/${res.body.id}`)
        .set('Authorization', lou.auth);
      expect(other.status).toBe(404);

      const list = await t.http
        .get(`/api/workflows/${wf.body.id}/executions`)
        .set('Authorization', kim.auth);
      expect(list.status).toBe(200);
      expect(list.body).toMatchObject({ total: 1, limit: 50, offset: 0 });
      expect(list.body.items[0]).toMatchObject({ id: res.body.id, status: 'completed' });
    });

    it('takes the else-path when the condition is false', async () => {
      const wf = await create(kim, branchThenJoin('risk-low'));
      const res = await execute(kim, wf.body.id);
      expect(res.body.status).toBe('completed');
      expect(node(res.body, 'high').state).toBe('SKIPPED');
      expect(node(res.body, 'low').state).toBe('COMPLETED');
      expect(res.body.output).toContain('LOW: Analyse low.');
    });

    it('follows the uncertain edge when the signal is unclear (UNCERTAINTY_PATH fallback)', async () => {
      const wf = await create(kim, branchThenJoin('risk-unclear', 'UNCERTAINTY_PATH'));
      expect(wf.status).toBe(201);
      const res = await execute(kim, wf.body.id);
      expect(res.body.status).toBe('completed');
      expect(node(res.body, 'a1').decision_signals).toEqual({
        risk: { raw: 'unklar', value: null, status: 'unclear' },
      });
      expect(node(res.body, 'l1')).toMatchObject({
        condition_result: 'undecided',
        branch_taken: 'uncertain',
      });
      expect(node(res.body, 'high').state).toBe('SKIPPED');
      expect(node(res.body, 'low').state).toBe('SKIPPED');
      expect(node(res.body, 'unsure').state).toBe('COMPLETED');
      expect(res.body.output).toContain('UNSURE: Analyse unsure.');
      expect(res.body.result.undecided_conditions[0]).toMatchObject({
        node_id: 'l1',
        fallback_strategy: 'UNCERTAINTY_PATH',
      });
    });

    it('finishes a best_effort join with a FAILED node as partial, and resume re-runs only that node and its dependants', async () => {
      const wf = await create(kim, bestEffortGraph);
      const res = await execute(kim, wf.body.id);
      expect(res.status).toBe(201);
      expect(res.body.status).toBe('partial');
      const broken = node(res.body, 'broken');
      expect(broken.state).toBe('FAILED');
      expect(broken.error).toMatchObject({ code: 'PROMPT_RUN_FAILED' });
      expect((broken.error as { message: string }).message).toContain('LLM_HTTP_ERROR');
      expect(node(res.body, 'j1').state).toBe('COMPLETED');
      expect(res.body.output).toContain('Analyse ok.');
      expect(res.body.insight_id).toEqual(expect.any(String));

      // the model recovers; resume runs `broken`, `j1` and `end` again, not `ok`
      server.setHandler((req) =>
        req.prompt.includes('MARK:fail')
          ? { kind: 'answer', text: sectionAnswer('Jetzt geklappt.') }
          : answers(req, 0),
      );
      const before = server.requests.length;
      const resumed = await t.http
        .post(`/api/workflows/executions/${res.body.id}/resume`)
        .set('Authorization', kim.auth);
      expect(resumed.status).toBe(200);
      expect(resumed.body).toMatchObject({ id: res.body.id, status: 'completed' });
      expect(resumed.body.result.resumed_node_ids).toEqual(['broken', 'j1', 'end']);
      expect(server.requests.length - before).toBe(1);
      expect(resumed.body.output).toContain('Jetzt geklappt.');
      expect(resumed.body.output).toContain('Analyse ok.');
      const insights = await t.db.query(
        'SELECT content FROM insights WHERE workflow_execution_id = $1',
        [res.body.id],
      );
      expect(insights).toHaveLength(1);
      expect(insights[0].content).toContain('Jetzt geklappt.');

      const again = await t.http
        .post(`/api/workflows/executions/${res.body.id}/resume`)
        .set('Authorization', kim.auth);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('EXECUTION_NOT_RESUMABLE');
    });

    it('fails an analysis node at its own timeout_ms and still renders with best_effort', async () => {
      server.setHandler((req) =>
        req.prompt.includes('MARK:slow') ? { kind: 'hang' } : answers(req, 0),
      );
      const wf = await create(kim, {
        ...bestEffortGraph,
        nodes: [
          analysis('ok', 'ok'),
          analysis('broken', 'slow', { timeout_ms: 200 }),
          ...bestEffortGraph.nodes.slice(2),
        ],
      });
      const res = await execute(kim, wf.body.id);
      expect(res.body.status).toBe('partial');
      expect(node(res.body, 'broken').error).toMatchObject({ code: 'NODE_TIMEOUT' });
    });

    it('stores a failed execution without an insight when nothing completed', async () => {
      const wf = await create(kim, {
        nodes: [analysis('broken', 'fail'), { id: 'end', kind: 'end' }],
        edges: [{ from: 'broken', to: 'end' }],
      });
      const res = await execute(kim, wf.body.id);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ status: 'failed', output: null, insight_id: null });
      expect(node(res.body, 'end').state).toBe('SKIPPED');
    });

    it('refuses another user the resume of an execution with 404', async () => {
      const wf = await create(kim, bestEffortGraph);
      const res = await execute(kim, wf.body.id);
      const other = await t.http
        .post(`/api/workflows/executions/${res.body.id}/resume`)
        .set('Authorization', lou.auth);
      expect(other.status).toBe(404);
    });

    it('answers 403 FEATURE_REQUIRED to a free user on execute, and stores nothing', async () => {
      const wf = await create(free, bestEffortGraph);
      expect(wf.status).toBe(201);
      const res = await execute(free, wf.body.id);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FEATURE_REQUIRED');
      expect(res.body.missing_features).toEqual(['workflow.run']);
      const rows = await t.db.query('SELECT 1 FROM workflow_executions WHERE owner_id = $1', [
        free.id,
      ]);
      expect(rows).toHaveLength(0);
    });
  });

  describe('prompt executor with the loopback model', () => {
    const weightCheck = async (): Promise<string> =>
      (
        await t.db.query(`SELECT id FROM prompts WHERE slug = 'weight-check' AND owner_id IS NULL`)
      )[0].id;

    it('runs a base prompt: placeholders filled, questions augmented, answer parsed and stored', async () => {
      server.setHandler(() => ({
        kind: 'answer',
        text: sectionAnswer('Gewicht sinkt leicht.', {
          weight_trend: 'fallend',
          weight_change_kg: '-1,5 kg',
          risk: 'gering',
        }),
        tokens_in: 2000,
        tokens_out: 500,
      }));
      const res = await t.http
        .post(`/api/prompts/${await weightCheck()}/run`)
        .set('Authorization', kim.auth)
        .send({});
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        type: 'base',
        offline: false,
        model: 'loopback-model',
        analysis_core: 'Gewicht sinkt leicht.',
        tokens_in: 2000,
        tokens_out: 500,
        cost: 3,
      });
      expect(res.body.decision_signals).toEqual({
        weight_trend: { raw: 'fallend', value: 'down', status: 'normalized' },
        weight_change_kg: { raw: '-1,5 kg', value: -1.5, status: 'normalized' },
        risk: { raw: 'gering', value: 'low', status: 'normalized' },
      });
      const sent = server.requests.at(-1)?.messages.at(-1)?.content ?? '';
      expect(sent).toContain('Aktuelles Gewicht: 81.5 kg.');
      expect(sent).toContain('Zielgewicht: keine Daten kg');
      expect(sent).toContain('`weight_trend`');
      expect(res.body.insight).toMatchObject({ cost: 3, offline: false, title: 'Gewichtsverlauf' });
    });

    it('answers 502 LLM_FAILED when the model keeps failing, and stores no insight', async () => {
      server.setHandler(() => ({ kind: 'raw', body: 'not json' }));
      const before = await t.db.query('SELECT count(*)::int AS n FROM insights');
      const res = await t.http
        .post(`/api/prompts/${await weightCheck()}/run`)
        .set('Authorization', kim.auth)
        .send({});
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ code: 'LLM_FAILED', llm_error: 'LLM_MALFORMED_RESPONSE' });
      const after = await t.db.query('SELECT count(*)::int AS n FROM insights');
      expect(after[0].n).toBe(before[0].n);
    });
  });

  describe('question catalog', () => {
    let admin: TestUser;
    beforeAll(async () => {
      admin = await t.newUser({ role: 'admin' });
    });

    it('lets every signed-in user read the seeded catalog', async () => {
      const res = await t.http.get('/api/workflows/questions').set('Authorization', lou.auth);
      expect(res.status).toBe(200);
      const risk = res.body.items.find((q: { key: string }) => q.key === 'risk');
      expect(risk).toMatchObject({
        answer_type: 'enum',
        allowed_values: ['low', 'medium', 'high'],
        synonyms: expect.objectContaining({ high: expect.arrayContaining(['hoch']) }),
      });
      const one = await t.http.get('/api/workflows/questions/risk').set('Authorization', lou.auth);
      expect(one.status).toBe(200);
    });

    it('lets an admin create, update and delete an entry', async () => {
      const created = await t.http
        .post('/api/workflows/questions')
        .set('Authorization', admin.auth)
        .send({
          key: 'sleep_ok',
          question: 'Ist der Schlaf ausreichend?',
          answer_type: 'boolean',
        });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ key: 'sleep_ok', allowed_values: null, unit: null });
      const dup = await t.http
        .post('/api/workflows/questions')
        .set('Authorization', admin.auth)
        .send({ key: 'sleep_ok', question: 'x', answer_type: 'text' });
      expect(dup.status).toBe(409);
      expect(dup.body.code).toBe('QUESTION_KEY_EXISTS');
      const upd = await t.http
        .put('/api/workflows/questions/sleep_ok')
        .set('Authorization', admin.auth)
        .send({ question: 'Schläfst du genug?' });
      expect(upd.status).toBe(200);
      expect(upd.body.question).toBe('Schläfst du genug?');
      const del = await t.http
        .delete('/api/workflows/questions/sleep_ok')
        .set('Authorization', admin.auth);
      expect(del.status).toBe(204);
    });

    it('refuses an enum without allowed_values and synonyms of unknown values with 400', async () => {
      const res = await t.http
        .post('/api/workflows/questions')
        .set('Authorization', admin.auth)
        .send({
          key: 'mood',
          question: 'Stimmung?',
          answer_type: 'enum',
          synonyms: { good: ['gut'] },
        });
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
        'allowed_values',
      ]);
      const res2 = await t.http
        .post('/api/workflows/questions')
        .set('Authorization', admin.auth)
        .send({
          key: 'mood',
          question: 'Stimmung?',
          answer_type: 'enum',
          allowed_values: ['good'],
          synonyms: { bad: ['schlecht'] },
        });
      expect(res2.status).toBe(400);
      expect(res2.body.errors[0].path).toBe('synonyms.bad');
    });

    it('refuses to delete a question a prompt asks with 409 RESOURCE_IN_USE', async () => {
      const res = await t.http
        .delete('/api/workflows/questions/risk')
        .set('Authorization', admin.auth);
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('RESOURCE_IN_USE');
    });

    it('refuses writes by a user with 403', async () => {
      const res = await t.http
        .post('/api/workflows/questions')
        .set('Authorization', kim.auth)
        .send({ key: 'x_y', question: 'x', answer_type: 'text' });
      expect(res.status).toBe(403);
      expect(
        (await t.http.delete('/api/workflows/questions/risk').set('Authorization', kim.auth))
          .status,
      ).toBe(403);
    });
  });

  it('answers 401 to an anonymous caller on every workflow route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const calls = [
      t.http.get('/api/workflows'),
      t.http.post('/api/workflows').send({}),
      t.http.post('/api/workflows/validate').send({}),
      t.http.get(`/api/workflows/${id}`),
      t.http.put(`/api/workflows/${id}`).send({}),
      t.http.delete(`/api/workflows/${id}`),
      t.http.post(`/api/workflows/${id}/execute`),
      t.http.get(`/api/workflows/${id}/executions`),
      t.http.get(`/api/workflows/executions/${id}`),
      t.http.post(`/api/workflows/executions/${id}/resume`),
      t.http.get('/api/workflows/questions'),
      t.http.post('/api/workflows/questions').send({}),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(401);
  });
});
