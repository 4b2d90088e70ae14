import { HealthTestApp, TestUser } from '../../testing/health-test-app';
import { LoopbackWorkflowApp, startLoopbackWorkflowApp } from '../../testing/loopback-workflow-app';
import { FakeChatHandler, FakeChatServer, sectionAnswer } from '../llm/testing/fake-chat-server';

/**
 * Language-model usage by day and month (every attempt of every execution, of deleted
 * workflows too, and runs of base prompts outside workflows) and the monthly budget per tier,
 * against the loopback chat-completions server: 10 prompt and 5 completion tokens per call at
 * 1 and 2 per 1 000 tokens, so every model call costs 0.02.
 */
const answers: FakeChatHandler = (req) =>
  req.prompt.includes('MARK:fail')
    ? { kind: 'status', status: 500 }
    : { kind: 'answer', text: sectionAnswer('Analyse.'), tokens_in: 10, tokens_out: 5 };

const analysis = (id: string, mark = id) => ({
  id,
  kind: 'analysis',
  inline_template: `Gewicht: {{weight.latest}} kg. MARK:${mark}`,
});
/** Two model calls. */
const linear = {
  nodes: [analysis('a1'), analysis('a2'), { id: 'end', kind: 'end' }],
  edges: [
    { from: 'a1', to: 'a2' },
    { from: 'a2', to: 'end' },
  ],
};
/** a1 answers, a2 fails: the execution ends partial after one paid call. */
const failing = {
  nodes: [analysis('a1'), analysis('a2', 'fail'), { id: 'end', kind: 'end' }],
  edges: [
    { from: 'a1', to: 'a2' },
    { from: 'a2', to: 'end' },
  ],
};

describe('language-model usage and budgets (HTTP, loopback language model)', () => {
  let server: FakeChatServer;
  let t: HealthTestApp;
  let kim: TestUser;
  let lou: TestUser;
  let fay: TestUser;
  let admin: TestUser;
  let linearOfKim: string;
  let failingOfKim: string;
  let resumedId: string;

  let app: LoopbackWorkflowApp;
  const create = (user: TestUser, graph: unknown, name = 'Usage') =>
    app.createWorkflow(user, graph, name);
  const execute = (user: TestUser, id: string) => app.execute(user, id);
  const usage = (user: TestUser, query = '') =>
    t.http.get(`/api/llm-usage${query}`).set('Authorization', user.auth);
  /** Dates what an execution spent (its events and its entries in the usage ledger) at `at`. */
  const dateEvents = async (executionId: string, at: string) => {
    for (const table of ['workflow_execution_events', 'llm_usage'])
      await t.db.query(`UPDATE ${table} SET at = $2 WHERE execution_id = $1`, [executionId, at]);
  };

  beforeAll(async () => {
    app = await startLoopbackWorkflowApp(answers, {
      LLM_PRICE_INPUT_PER_1K: '1',
      LLM_PRICE_OUTPUT_PER_1K: '2',
      // plus has a budget of 1.5 model calls a month; pro has none.
      LLM_MONTHLY_BUDGET_PLUS: '0.03',
    });
    ({ t, server } = app);
    kim = await t.newUser({ tier: 'pro' });
    lou = await t.newUser({ tier: 'pro' });
    fay = await t.newUser({ tier: 'plus' });
    admin = await t.newUser({ role: 'admin', tier: 'pro' });
    // plus lacks workflow.run by default: fay gets it on her own.
    await t.db.query(
      `INSERT INTO user_feature_overrides (user_id, feature, granted) VALUES ($1, 'workflow.run', true)`,
      [fay.id],
    );

    // kim: two runs of a linear workflow on 10 and 11 March 2025 (UTC), and a failed run of
    // another one resumed today.
    linearOfKim = await create(kim, linear, 'Linear');
    failingOfKim = await create(kim, failing, 'Failing');
    for (const at of ['2025-03-10T12:00:00Z', '2025-03-11T23:59:59.500Z']) {
      const run = await execute(kim, linearOfKim);
      expect(run.body).toMatchObject({ status: 'completed', tokens_in: 20 });
      await dateEvents(run.body.id, at);
    }
    const failed = await execute(kim, failingOfKim);
    // The end node renders without a2: partial, with a FAILED node to resume.
    expect(failed.body).toMatchObject({ status: 'partial', tokens_in: 10, tokens_out: 5 });
    resumedId = failed.body.id;
    server.setHandler(() => ({
      kind: 'answer',
      text: sectionAnswer('Jetzt.'),
      tokens_in: 10,
      tokens_out: 5,
    }));
    const resumed = await t.http
      .post(`/api/workflows/executions/${resumedId}/resume`)
      .set('Authorization', kim.auth);
    expect(resumed.body).toMatchObject({ status: 'completed', tokens_in: 20, tokens_out: 10 });
    server.setHandler(answers);
  });
  afterAll(() => app.close());

  it('adds tokens and cost by day and workflow (UTC days)', async () => {
    const res = await usage(kim, '?period=day&from=2025-03-01&to=2025-03-31');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      period: 'day',
      from: '2025-03-01',
      to: '2025-03-31',
      workflow_id: null,
      items: [
        {
          period_start: '2025-03-10',
          workflow_id: linearOfKim,
          workflow_name: 'Linear',
          workflow_deleted: false,
          executions: 1,
          attempts: 1,
          tokens_in: 20,
          tokens_out: 10,
          cost: 0.04,
        },
        {
          period_start: '2025-03-11',
          workflow_id: linearOfKim,
          workflow_name: 'Linear',
          workflow_deleted: false,
          executions: 1,
          attempts: 1,
          tokens_in: 20,
          tokens_out: 10,
          cost: 0.04,
        },
      ],
      prompt_items: [],
      totals: { tokens_in: 40, tokens_out: 20, cost: 0.08 },
      budget: null,
    });
  });

  it('adds them by month, widening the range to whole months', async () => {
    const res = await usage(kim, '?period=month&from=2025-03-15&to=2025-03-15');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ period: 'month', from: '2025-03-01', to: '2025-03-31' });
    expect(res.body.items).toEqual([
      expect.objectContaining({
        period_start: '2025-03-01',
        workflow_id: linearOfKim,
        executions: 2,
        tokens_in: 40,
        tokens_out: 20,
        cost: 0.08,
      }),
    ]);
  });

  it('counts the failed attempt and the resume of an execution (defaults: the last 30 days)', async () => {
    const res = await usage(kim);
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.body).toMatchObject({ period: 'day', to: today });
    expect(res.body.items).toEqual([
      {
        period_start: today,
        workflow_id: failingOfKim,
        workflow_name: 'Failing',
        workflow_deleted: false,
        executions: 1,
        attempts: 2,
        tokens_in: 20,
        tokens_out: 10,
        cost: 0.04,
      },
    ]);
    const byMonth = await usage(kim, `?period=month&workflow_id=${failingOfKim}`);
    expect(byMonth.body).toMatchObject({
      workflow_id: failingOfKim,
      items: [{ period_start: `${today.slice(0, 7)}-01`, attempts: 2, tokens_in: 20 }],
      totals: { tokens_in: 20, tokens_out: 10, cost: 0.04 },
    });
    const other = await usage(
      kim,
      `?period=day&from=2025-03-01&to=2025-03-31&workflow_id=${failingOfKim}`,
    );
    expect(other.body.items).toEqual([]);
  });

  it('shows nobody else’s usage to a user, and answers 401 without a token', async () => {
    const mine = await usage(lou, '?period=day&from=2025-03-01&to=2025-03-31');
    expect(mine.status).toBe(200);
    expect(mine.body.items).toEqual([]);
    const kims = await usage(lou, `?period=month&workflow_id=${failingOfKim}`);
    expect(kims.body.items).toEqual([]);
    expect((await t.http.get('/api/llm-usage')).status).toBe(401);
    expect((await t.http.get('/api/admin/llm-usage')).status).toBe(401);
  });

  it('shows every user’s usage to admins only', async () => {
    const refused = await t.http.get('/api/admin/llm-usage').set('Authorization', kim.auth);
    expect(refused.status).toBe(403);
    const all = await t.http
      .get('/api/admin/llm-usage?period=month&from=2025-03-01&to=2025-03-31')
      .set('Authorization', admin.auth);
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({
      user_id: null,
      items: [{ user_id: kim.id, workflow_id: linearOfKim, tokens_in: 40, executions: 2 }],
      totals: { tokens_in: 40, tokens_out: 20, cost: 0.08 },
    });
    const ofLou = await t.http
      .get(`/api/admin/llm-usage?period=month&from=2025-03-01&to=2025-03-31&user_id=${lou.id}`)
      .set('Authorization', admin.auth);
    expect(ofLou.body).toMatchObject({ user_id: lou.id, items: [] });
  });

  it('keeps counting the usage of a deleted workflow, under its name', async () => {
    const dee = await t.newUser({ tier: 'pro' });
    const doomed = await create(dee, linear, 'Doomed');
    const run = await execute(dee, doomed);
    expect(run.body).toMatchObject({ status: 'completed', tokens_in: 20, cost: 0.04 });
    const kept = await create(dee, linear, 'Kept');
    expect((await execute(dee, kept)).body).toMatchObject({ status: 'completed' });

    const removed = await t.http.delete(`/api/workflows/${doomed}`).set('Authorization', dee.auth);
    expect(removed.status).toBe(204);
    // The workflow took its executions (and their events) along ...
    const gone = await t.http
      .get(`/api/workflows/executions/${run.body.id}`)
      .set('Authorization', dee.auth);
    expect(gone.status).toBe(404);
    // ... but what they spent stays counted, attributed to the deleted workflow.
    const res = await usage(dee, '?period=month');
    expect(res.status).toBe(200);
    const month = `${new Date().toISOString().slice(0, 7)}-01`;
    expect(res.body.items).toEqual(
      expect.arrayContaining([
        {
          period_start: month,
          workflow_id: doomed,
          workflow_name: 'Doomed',
          workflow_deleted: true,
          executions: 1,
          attempts: 1,
          tokens_in: 20,
          tokens_out: 10,
          cost: 0.04,
        },
        expect.objectContaining({ workflow_id: kept, workflow_deleted: false, tokens_in: 20 }),
      ]),
    );
    expect(res.body.items).toHaveLength(2);
    expect(res.body.totals).toEqual({ tokens_in: 40, tokens_out: 20, cost: 0.08 });
    const ofDoomed = await usage(dee, `?period=month&workflow_id=${doomed}`);
    expect(ofDoomed.body.totals).toEqual({ tokens_in: 20, tokens_out: 10, cost: 0.04 });
    const all = await t.http
      .get(`/api/admin/llm-usage?period=month&user_id=${dee.id}`)
      .set('Authorization', admin.auth);
    expect(all.body.totals).toEqual({ tokens_in: 40, tokens_out: 20, cost: 0.08 });
    expect(all.body.items).toContainEqual(
      expect.objectContaining({ user_id: dee.id, workflow_id: doomed, workflow_deleted: true }),
    );
  });

  it('counts a run of a base prompt outside a workflow, in the usage and the budget', async () => {
    const pat = await t.newUser({ tier: 'plus' });
    await t.db.query(
      `INSERT INTO user_feature_overrides (user_id, feature, granted) VALUES ($1, 'workflow.run', true)`,
      [pat.id],
    );
    const prompt = await t.http
      .post('/api/prompts')
      .set('Authorization', pat.auth)
      .send({ slug: 'usage-base', name: 'Base', type: 'base', template: 'Wie geht es? MARK:base' });
    expect(prompt.status).toBe(201);
    const calls = server.requests.length;
    const run = await t.http
      .post(`/api/prompts/${prompt.body.id}/run`)
      .set('Authorization', pat.auth)
      .send({});
    expect(run.status).toBe(201);
    expect(run.body).toMatchObject({ type: 'base', tokens_in: 10, tokens_out: 5, cost: 0.02 });
    expect(server.requests.length).toBe(calls + 1);

    const res = await usage(pat, '?period=month');
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([]);
    expect(res.body.prompt_items).toEqual([
      {
        period_start: `${new Date().toISOString().slice(0, 7)}-01`,
        prompt_id: prompt.body.id,
        prompt_name: 'Base',
        runs: 1,
        tokens_in: 10,
        tokens_out: 5,
        cost: 0.02,
      },
    ]);
    expect(res.body.totals).toEqual({ tokens_in: 10, tokens_out: 5, cost: 0.02 });
    expect(res.body.budget).toMatchObject({ tier: 'plus', spent: 0.02, remaining: 0.01 });
    // A prompt run belongs to no workflow.
    const ofWorkflow = await usage(pat, `?period=month&workflow_id=${linearOfKim}`);
    expect(ofWorkflow.body).toMatchObject({ prompt_items: [], totals: { tokens_in: 0 } });
    // Its insight may go: the ledger keeps the run.
    const removed = await t.http
      .delete(`/api/insights/${run.body.insight.id}`)
      .set('Authorization', pat.auth);
    expect(removed.status).toBe(204);
    expect((await usage(pat, '?period=month')).body.totals).toEqual({
      tokens_in: 10,
      tokens_out: 5,
      cost: 0.02,
    });
    const admins = await t.http
      .get(`/api/admin/llm-usage?period=month&user_id=${pat.id}`)
      .set('Authorization', admin.auth);
    expect(admins.body.prompt_items).toEqual([
      expect.objectContaining({ user_id: pat.id, prompt_id: prompt.body.id, runs: 1 }),
    ]);
  });

  it.each([
    ['?period=week', 'period'],
    ['?from=2025-02-30', 'from'],
    ['?to=20250301', 'to'],
    ['?from=2025-03-02&to=2025-03-01', 'from'],
    ['?period=day&from=2024-01-01&to=2025-03-01', 'from'],
    ['?period=month&from=2010-01-01&to=2025-03-01', 'from'],
    ['?workflow_id=abc', 'workflow_id'],
  ])('answers 400 VALIDATION_FAILED to %s', async (query, path) => {
    const res = await usage(kim, query);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    const admins = await t.http
      .get(`/api/admin/llm-usage${query}`)
      .set('Authorization', admin.auth);
    expect(admins.status).toBe(400);
  });

  it('refuses runs once the tier’s monthly budget is spent, before any model call', async () => {
    const failed = await execute(fay, await create(fay, failing));
    expect(failed.body).toMatchObject({ status: 'partial', cost: 0.02 });
    // 0.02 spent of 0.03: a run is still allowed, and ends above the budget.
    const linearOfFay = await create(fay, linear);
    expect((await execute(fay, linearOfFay)).body).toMatchObject({ status: 'completed' });

    const calls = server.requests.length;
    const refused = await execute(fay, linearOfFay);
    const now = new Date();
    const resets = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    expect(refused.status).toBe(402);
    expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(refused.body).toMatchObject({
      code: 'LLM_BUDGET_EXCEEDED',
      status: 402,
      tier: 'plus',
      budget: 0.03,
      spent: 0.06,
      resets_at: resets.toISOString(),
    });
    const resume = await t.http
      .post(`/api/workflows/executions/${failed.body.id}/resume`)
      .set('Authorization', fay.auth);
    expect(resume.status).toBe(402);
    expect(resume.body.code).toBe('LLM_BUDGET_EXCEEDED');
    const prompt = await t.http
      .post('/api/prompts')
      .set('Authorization', fay.auth)
      .send({ slug: 'budget-wf', name: 'Budget', type: 'workflow', workflow_id: linearOfFay });
    expect(prompt.status).toBe(201);
    const run = await t.http
      .post(`/api/prompts/${prompt.body.id}/run`)
      .set('Authorization', fay.auth)
      .send({});
    expect(run.status).toBe(402);

    expect(server.requests.length).toBe(calls);
    const executions = await t.http.get('/api/workflows/executions').set('Authorization', fay.auth);
    expect(executions.body.total).toBe(2);
    expect(
      (
        await t.http
          .get(`/api/workflows/executions/${failed.body.id}`)
          .set('Authorization', fay.auth)
      ).body.status,
    ).toBe('partial');

    const own = await usage(fay, '?period=month');
    expect(own.body.budget).toEqual({
      tier: 'plus',
      budget: 0.03,
      spent: 0.06,
      remaining: 0,
      exceeded: true,
      period_start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString(),
      resets_at: resets.toISOString(),
    });
  });

  it('runs without limit when the tier has no budget', async () => {
    const calls = server.requests.length;
    for (let i = 0; i < 3; i++) expect((await execute(kim, linearOfKim)).status).toBe(201);
    expect(server.requests.length).toBe(calls + 6);
    expect((await usage(kim)).body.budget).toBeNull();
  });

  it('declares the routes and the 402 in the OpenAPI document', async () => {
    const doc = (await t.http.get('/api/docs-json')).body;
    const own = doc.paths['/api/llm-usage'].get;
    expect(own.responses['200'].content['application/json'].schema.$ref).toMatch(
      /LlmUsageResponse$/,
    );
    expect(own.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['period', 'from', 'to', 'workflow_id']),
    );
    expect(doc.paths['/api/admin/llm-usage'].get.responses['403']).toBeDefined();
    expect(doc.paths['/api/workflows/{id}/execute'].post.responses['402']).toBeDefined();
    expect(doc.paths['/api/workflows/executions/{id}/resume'].post.responses['402']).toBeDefined();
    expect(doc.components.schemas.LlmBudgetResponse.properties).toHaveProperty('resets_at');
  });
});
