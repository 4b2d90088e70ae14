import { loadHealthConfig } from '../../config';
import { HealthTestApp, startHealthTestApp, TestUser } from '../../testing/health-test-app';
import {
  FakeChatServer,
  sectionAnswer,
  startFakeChatServer,
} from '../llm/testing/fake-chat-server';

/**
 * The wait of a run without `Prefer: respond-async` is capped (WORKFLOW_WAIT_MS): an API
 * process with no worker running the queue answers 202 with the Location of the execution
 * instead of holding the request forever.
 */
describe('workflow runs without a worker (SERVICE_ROLE=api)', () => {
  let server: FakeChatServer;
  let t: HealthTestApp;
  let kim: TestUser;

  beforeAll(async () => {
    server = await startFakeChatServer(() => ({
      kind: 'answer',
      text: sectionAnswer('Analyse.'),
    }));
    t = await startHealthTestApp({
      SERVICE_ROLE: 'api',
      WORKFLOW_WAIT_MS: '600',
      LLM_BASE_URL: server.baseUrl,
      LLM_API_KEY: 'sk-loopback',
      LLM_MAX_RETRIES: '0',
    });
    kim = await t.newUser({ tier: 'pro' });
  });
  afterAll(async () => {
    await t.close();
    await server.close();
  });

  it('waits 30 s by default', () => {
    expect(loadHealthConfig({}).WORKFLOW_WAIT_MS).toBe(30_000);
  });

  it('answers 202 with the Location of the still running execution once the wait is over', async () => {
    const wf = await t.http
      .post('/api/workflows')
      .set('Authorization', kim.auth)
      .send({
        name: 'Queued',
        graph: {
          nodes: [
            { id: 'a1', kind: 'analysis', inline_template: 'Hallo' },
            { id: 'end', kind: 'end' },
          ],
          edges: [{ from: 'a1', to: 'end' }],
        },
      });
    expect(wf.status).toBe(201);
    const started = Date.now();
    const res = await t.http
      .post(`/api/workflows/${wf.body.id}/execute`)
      .set('Authorization', kim.auth);
    const waited = Date.now() - started;
    expect(res.status).toBe(202);
    expect(waited).toBeGreaterThanOrEqual(550);
    expect(waited).toBeLessThan(5000);
    expect(res.headers.location).toBe(`/api/workflows/executions/${res.body.id}`);
    expect(res.headers['preference-applied']).toBeUndefined();
    expect(res.body).toMatchObject({ status: 'running', result: null });
    const later = await t.http.get(res.headers.location).set('Authorization', kim.auth);
    expect(later.body.status).toBe('running');
    // Nothing ran it: the job waits in the queue for a worker.
    expect(server.requests).toHaveLength(0);
    const [job] = await t.db.query(
      `SELECT state::text FROM pgboss.job WHERE name = 'workflow-execution' AND id = (
         SELECT job_id FROM workflow_executions WHERE id = $1)`,
      [res.body.id],
    );
    expect(job.state).toBe('created');
  });

  it('documents the capped wait on the 202 answer', async () => {
    const doc = (await t.http.get('/api/docs-json')).body;
    const accepted = doc.paths['/api/workflows/{id}/execute'].post.responses['202'];
    expect(accepted.description).toMatch(/WORKFLOW_WAIT_MS/);
  });
});
