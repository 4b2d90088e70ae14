import type { Test } from 'supertest';
import {
  FakeChatHandler,
  FakeChatServer,
  startFakeChatServer,
} from '../modules/llm/testing/fake-chat-server';
import { HealthTestApp, startHealthTestApp, TestUser } from './health-test-app';

/** The health app wired to a loopback chat-completions server, with workflow shortcuts. */
export interface LoopbackWorkflowApp {
  t: HealthTestApp;
  server: FakeChatServer;
  /** Creates a workflow (expects 201) and answers its id. */
  createWorkflow(user: TestUser, graph: unknown, name?: string): Promise<string>;
  /** `POST /api/workflows/{id}/execute` (with extra headers, e.g. `Prefer`). */
  execute(user: TestUser, id: string, headers?: Record<string, string>): Test;
  close(): Promise<void>;
}

/**
 * Starts the loopback model server (answering with `handler`) and the health app using it:
 * no retries, no backoff, a 5 s timeout unless `env` says otherwise.
 */
export async function startLoopbackWorkflowApp(
  handler: FakeChatHandler,
  env: Record<string, string> = {},
): Promise<LoopbackWorkflowApp> {
  const server = await startFakeChatServer(handler);
  const t = await startHealthTestApp({
    LLM_BASE_URL: server.baseUrl,
    LLM_API_KEY: 'sk-loopback',
    LLM_MODEL: 'loopback-model',
    LLM_MAX_RETRIES: '0',
    LLM_RETRY_BASE_MS: '0',
    LLM_TIMEOUT_MS: '5000',
    ...env,
  }).catch(async (error: unknown) => {
    await server.close();
    throw error;
  });
  return {
    t,
    server,
    async createWorkflow(user, graph, name = 'Workflow') {
      const res = await t.http
        .post('/api/workflows')
        .set('Authorization', user.auth)
        .send({ name, graph });
      if (res.status !== 201)
        throw new Error(`creating a workflow: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.id as string;
    },
    execute(user, id, headers = {}) {
      return t.http
        .post(`/api/workflows/${id}/execute`)
        .set('Authorization', user.auth)
        .set(headers);
    },
    async close() {
      await t.close();
      await server.close();
    },
  };
}
