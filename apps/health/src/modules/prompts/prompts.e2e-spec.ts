import { entityTagContract } from '@sports/common/testing';
import { HealthTestApp, startHealthTestApp, TestUser } from '../../testing/health-test-app';

/** Prompts CRUD and the prompt executor with the built-in offline analyst (no LLM_BASE_URL). */
describe('prompts (HTTP, offline analyst)', () => {
  let t: HealthTestApp;
  let admin: TestUser;
  let kim: TestUser;
  let lou: TestUser;
  let free: TestUser;

  beforeAll(async () => {
    t = await startHealthTestApp();
    admin = await t.newUser({ role: 'admin' });
    kim = await t.newUser();
    lou = await t.newUser();
    free = await t.newUser();
    await t.db.query(`UPDATE users SET tier = 'pro' WHERE id = ANY($1)`, [[kim.id, lou.id]]);
    await t.db.query(`UPDATE users SET height_cm = 180 WHERE id = $1`, [kim.id]);
    const today = new Date().toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 30 * 86400000).toISOString().slice(0, 10);
    await t.db.query(
      `INSERT INTO weight_entries (user_id, date, weight_kg) VALUES ($1, $2, 84.0), ($1, $3, 82.0)`,
      [kim.id, monthAgo, today],
    );
  });
  afterAll(() => t.close());

  const post = (user: TestUser, body: Record<string, unknown>) =>
    t.http.post('/api/prompts').set('Authorization', user.auth).send(body);
  const systemId = async (slug: string): Promise<string> =>
    (await t.db.query('SELECT id FROM prompts WHERE slug = $1 AND owner_id IS NULL', [slug]))[0].id;

  it('lists every data placeholder of the data layer for the picker', async () => {
    const res = await t.http.get('/api/prompts/placeholders').set('Authorization', kim.auth);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(res.body.items.length);
    expect(res.body.items).toEqual(
      expect.arrayContaining([
        {
          key: 'weight.latest',
          description: expect.any(String),
          unit: 'kg',
          placeholder: '{{weight.latest}}',
        },
      ]),
    );
  });

  it('lists the seeded system prompts and the caller’s own, not other users’', async () => {
    const own = await post(lou, { slug: 'lou-only', name: 'Lou', type: 'base', template: 'Hallo' });
    expect(own.status).toBe(201);
    const res = await t.http.get('/api/prompts').set('Authorization', kim.auth);
    expect(res.status).toBe(200);
    const slugs = res.body.items.map((p: { slug: string }) => p.slug);
    expect(slugs).toEqual(
      expect.arrayContaining(['weight-check', 'nutrition-check', 'training-load']),
    );
    expect(slugs).not.toContain('lou-only');
    const other = await t.http.get(`/api/prompts/${own.body.id}`).set('Authorization', kim.auth);
    expect(other.status).toBe(404);
  });

  it('creates a user prompt, and refuses a duplicate slug with 409 PROMPT_SLUG_EXISTS', async () => {
    const body = {
      slug: 'mein-check',
      name: 'Mein Check',
      type: 'base',
      template: 'Gewicht {{weight.latest}} kg, BMI {{profile.bmi}}.',
      default_question_keys: ['weight_trend'],
    };
    const res = await post(kim, body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ...body,
      is_system: false,
      owner_id: kim.id,
      workflow_id: null,
    });
    const dup = await post(kim, body);
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('PROMPT_SLUG_EXISTS');
    // the same slug as a system prompt is allowed: the user's own shadows it
    expect((await post(kim, { ...body, slug: 'weight-check' })).status).toBe(201);
  });

  it.each([
    ['a bad slug', { slug: 'Mein Check!', name: 'x', type: 'base', template: 'x' }, 'slug'],
    ['an unknown type', { slug: 'a1', name: 'x', type: 'chain', template: 'x' }, 'type'],
    ['a base prompt without template', { slug: 'a2', name: 'x', type: 'base' }, 'template'],
    [
      'a workflow prompt without workflow_id',
      { slug: 'a3', name: 'x', type: 'workflow' },
      'workflow_id',
    ],
    [
      'an unknown field',
      { slug: 'a4', name: 'x', type: 'base', template: 'x', owner_id: 'x' },
      'owner_id',
    ],
  ])('refuses %s with 400', async (_label, body, path) => {
    const res = await post(kim, body);
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
  });

  it('refuses unknown placeholders and unknown questions with 422', async () => {
    const placeholder = await post(kim, {
      slug: 'p1',
      name: 'x',
      type: 'base',
      template: 'Wert {{weight.nope}}',
    });
    expect(placeholder.status).toBe(422);
    expect(placeholder.body).toMatchObject({
      code: 'PLACEHOLDER_UNKNOWN',
      unknown_placeholders: ['weight.nope'],
    });
    const question = await post(kim, {
      slug: 'p2',
      name: 'x',
      type: 'base',
      template: 'x',
      default_question_keys: ['no_such_question'],
    });
    expect(question.status).toBe(422);
    expect(question.body.code).toBe('QUESTION_NOT_FOUND');
  });

  it('lets only admins create, change and delete system prompts', async () => {
    const body = { slug: 'sys-new', name: 'Neu', type: 'base', template: 'x', is_system: true };
    const byUser = await post(kim, body);
    expect(byUser.status).toBe(403);
    expect(byUser.body.code).toBe('SYSTEM_PROMPT_ADMIN_ONLY');
    const byAdmin = await post(admin, body);
    expect(byAdmin.status).toBe(201);
    expect(byAdmin.body).toMatchObject({ is_system: true, owner_id: null });

    const id = await systemId('weight-check');
    const change = await t.http
      .put(`/api/prompts/${id}`)
      .set('Authorization', kim.auth)
      .send({ name: 'gekapert' });
    expect(change.status).toBe(403);
    const del = await t.http.delete(`/api/prompts/${id}`).set('Authorization', kim.auth);
    expect(del.status).toBe(403);
    const [row] = await t.db.query('SELECT name FROM prompts WHERE id = $1', [id]);
    expect(row.name).toBe('Gewichtsverlauf');

    const adminChange = await t.http
      .put(`/api/prompts/${byAdmin.body.id}`)
      .set('Authorization', admin.auth)
      .send({ name: 'Neu 2' });
    expect(adminChange.status).toBe(200);
    expect(
      (await t.http.delete(`/api/prompts/${byAdmin.body.id}`).set('Authorization', admin.auth))
        .status,
    ).toBe(204);
  });

  describe('entity tags', () => {
    let n = 0;
    const contract = (owner: () => TestUser, stranger: () => TestUser, system: boolean) => () => ({
      http: t.http,
      db: t.db,
      owner: { Authorization: owner().auth },
      stranger: { Authorization: stranger().auth },
      strangerStatus: system ? (403 as const) : (404 as const),
      strangerReads: system,
      row: (url: string) => ({ table: 'prompts', where: { id: url.split('/').pop() } }),
      create: async () => {
        const body = { slug: `etag-${++n}`, name: 'Etag', type: 'base', template: 'x' };
        const created = await post(owner(), { ...body, ...(system ? { is_system: true } : {}) });
        return { url: `/api/prompts/${created.body.id}`, created };
      },
      change: (version: number) => ({ name: `Fassung ${version}`, template: `t${version}` }),
      stored: async (url: string) =>
        (
          await t.db.query('SELECT name, template FROM prompts WHERE id = $1', [
            url.split('/').pop(),
          ])
        )[0] ?? null,
    });
    describe('own prompt (another user: 404)', () => {
      entityTagContract(
        contract(
          () => kim,
          () => lou,
          false,
        ),
      );
    });
    describe('system prompt (a user: 403)', () => {
      entityTagContract(
        contract(
          () => admin,
          () => kim,
          true,
        ),
      );
    });
  });

  it('updates and deletes the caller’s own prompt; another user gets 404', async () => {
    const created = await post(kim, { slug: 'temp', name: 'Temp', type: 'base', template: 'x' });
    const id = created.body.id as string;
    expect(
      (await t.http.put(`/api/prompts/${id}`).set('Authorization', lou.auth).send({ name: 'y' }))
        .status,
    ).toBe(404);
    expect((await t.http.delete(`/api/prompts/${id}`).set('Authorization', lou.auth)).status).toBe(
      404,
    );
    const upd = await t.http
      .put(`/api/prompts/${id}`)
      .set('Authorization', kim.auth)
      .send({ template: 'Neu: {{weight.latest}}' });
    expect(upd.status).toBe(200);
    expect(upd.body.template).toBe('Neu: {{weight.latest}}');
    expect((await t.http.delete(`/api/prompts/${id}`).set('Authorization', kim.auth)).status).toBe(
      204,
    );
    expect(await t.db.query('SELECT 1 FROM prompts WHERE id = $1', [id])).toHaveLength(0);
  });

  it('runs a base system prompt offline: parsed sections, normalized signals, stored as an insight', async () => {
    const id = await systemId('weight-check');
    const res = await t.http.post(`/api/prompts/${id}/run`).set('Authorization', kim.auth).send({});
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: 'base',
      offline: true,
      model: 'offline-analyst',
      tokens_in: 0,
      cost: 0,
      question_keys: ['weight_trend', 'weight_change_kg', 'risk'],
      sections_found: ['Analysekern', 'Entscheidungsanteil', 'Begründungsanker'],
    });
    expect(res.body.prompt_sent).toContain('Aktuelles Gewicht: 82 kg.');
    expect(res.body.prompt_sent).toContain('`weight_trend`');
    expect(res.body.analysis_core).toContain('Offline-Analyse');
    expect(res.body.decision_signals.weight_trend).toEqual({
      raw: 'down',
      value: 'down',
      status: 'valid',
    });
    expect(res.body.decision_signals.weight_change_kg).toMatchObject({
      value: -2,
      status: 'valid',
    });
    expect(res.body.decision_signals.risk).toMatchObject({ value: 'medium', status: 'valid' }); // BMI 25.3
    expect(res.body.insight).toMatchObject({
      prompt_id: id,
      title: 'Gewichtsverlauf',
      offline: true,
      analysis_core: res.body.analysis_core,
    });
    const [row] = await t.db.query('SELECT owner_id, content FROM insights WHERE id = $1', [
      res.body.insight.id,
    ]);
    expect(row.owner_id).toBe(kim.id);
    expect(row.content).toContain('## Entscheidungsanteil');

    // the same data gives the same answer
    const again = await t.http
      .post(`/api/prompts/${id}/run`)
      .set('Authorization', kim.auth)
      .send({});
    expect(again.body.answer).toBe(res.body.answer);
  });

  it('lets questions sent with the run override the prompt’s defaults', async () => {
    const id = await systemId('weight-check');
    const res = await t.http
      .post(`/api/prompts/${id}/run`)
      .set('Authorization', kim.auth)
      .send({ question_keys: ['training_load_high'] });
    expect(res.status).toBe(201);
    expect(res.body.question_keys).toEqual(['training_load_high']);
    expect(Object.keys(res.body.decision_signals)).toEqual(['training_load_high']);
    expect(res.body.decision_signals.training_load_high.status).toBe('not_decidable');
  });

  it('hands a workflow prompt to the workflow engine and stores execution and insight', async () => {
    const wf = await t.http
      .post('/api/workflows')
      .set('Authorization', kim.auth)
      .send({
        name: 'Offline-Workflow',
        graph: {
          nodes: [
            { id: 'gewicht', kind: 'analysis', prompt_slug: 'weight-check' },
            {
              id: 'eigen',
              kind: 'analysis',
              inline_template: 'BMI {{profile.bmi}}',
              question_keys: ['risk'],
            },
            { id: 'j', kind: 'join', join_strategy: 'wait_all', skip_handling: 'IGNORE_SKIPPED' },
            { id: 'end', kind: 'end', output_mode: 'AUTO' },
          ],
          edges: [
            { from: 'gewicht', to: 'j' },
            { from: 'eigen', to: 'j' },
            { from: 'j', to: 'end' },
          ],
        },
      });
    expect(wf.status).toBe(201);
    const prompt = await post(kim, {
      slug: 'mein-workflow',
      name: 'Mein Workflow',
      type: 'workflow',
      workflow_id: wf.body.id,
    });
    expect(prompt.status).toBe(201);
    const res = await t.http
      .post(`/api/prompts/${prompt.body.id}/run`)
      .set('Authorization', kim.auth)
      .send({});
    expect(res.status).toBe(201);
    expect(res.body.type).toBe('workflow');
    expect(res.body.execution).toMatchObject({
      status: 'completed',
      offline: true,
      model: 'offline-analyst',
      prompt_id: prompt.body.id,
    });
    const nodes = res.body.execution.result.nodes as {
      node_id: string;
      state: string;
      template_mode: string;
    }[];
    expect(nodes.find((n) => n.node_id === 'gewicht')).toMatchObject({
      state: 'COMPLETED',
      template_mode: 'reference',
    });
    expect(nodes.find((n) => n.node_id === 'eigen')).toMatchObject({ template_mode: 'inline' });
    expect(res.body.execution.output).toContain('Offline-Analyse');
    expect(res.body.insight).toMatchObject({
      prompt_id: prompt.body.id,
      workflow_execution_id: res.body.execution.id,
      title: 'Mein Workflow',
      offline: true,
    });
    expect(res.body.insight.decision_signals['eigen.risk']).toMatchObject({ value: 'medium' });

    // a workflow prompt must point to one's own workflow
    const foreign = await post(lou, {
      slug: 'fremd',
      name: 'Fremd',
      type: 'workflow',
      workflow_id: wf.body.id,
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.code).toBe('WORKFLOW_NOT_FOUND');

    // the workflow cannot be deleted while the prompt points to it
    const del = await t.http.delete(`/api/workflows/${wf.body.id}`).set('Authorization', kim.auth);
    expect(del.status).toBe(409);
    expect(del.body.code).toBe('RESOURCE_IN_USE');
  });

  it('answers 403 FEATURE_REQUIRED to a free user on run, and stores no insight', async () => {
    const id = await systemId('weight-check');
    const res = await t.http
      .post(`/api/prompts/${id}/run`)
      .set('Authorization', free.auth)
      .send({});
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('FEATURE_REQUIRED');
    const rows = await t.db.query('SELECT 1 FROM insights WHERE owner_id = $1', [free.id]);
    expect(rows).toHaveLength(0);
  });

  it('answers 404 when running another user’s prompt', async () => {
    const own = await post(lou, { slug: 'lou-run', name: 'Lou', type: 'base', template: 'x' });
    const res = await t.http
      .post(`/api/prompts/${own.body.id}/run`)
      .set('Authorization', kim.auth)
      .send({});
    expect(res.status).toBe(404);
  });

  it('answers 401 to an anonymous caller on every route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    const calls = [
      t.http.get('/api/prompts'),
      t.http.get('/api/prompts/placeholders'),
      t.http.post('/api/prompts').send({}),
      t.http.get(`/api/prompts/${id}`),
      t.http.put(`/api/prompts/${id}`).send({}),
      t.http.delete(`/api/prompts/${id}`),
      t.http.post(`/api/prompts/${id}/run`).send({}),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(401);
  });
});
