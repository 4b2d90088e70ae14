import { waitFor } from '@sports/common/testing';
import { LanguageModelError } from './language-model';
import { OpenAiCompatibleClient, parseRetryAfter } from './openai-compatible.client';
import { FakeChatServer, sectionAnswer, startFakeChatServer } from './testing/fake-chat-server';

describe('OpenAiCompatibleClient against a loopback chat-completions server', () => {
  let server: FakeChatServer;
  const sleeps: number[] = [];

  beforeAll(async () => {
    server = await startFakeChatServer(() => ({ kind: 'answer', text: 'ok' }));
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
    sleeps.length = 0;
  });

  const client = (
    overrides: Partial<ConstructorParameters<typeof OpenAiCompatibleClient>[0]> = {},
  ) =>
    new OpenAiCompatibleClient({
      baseUrl: server.baseUrl,
      apiKey: 'sk-test',
      model: 'test-model',
      timeoutMs: 2000,
      maxRetries: 2,
      retryBaseMs: 10,
      priceInputPer1k: 0.5,
      priceOutputPer1k: 1.5,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      ...overrides,
    });

  const messages = [
    { role: 'system' as const, content: 'Du bist ein Coach.' },
    { role: 'user' as const, content: 'Wie geht es mir?' },
  ];

  it('sends model, messages and the bearer key, and accounts tokens and cost from usage', async () => {
    server.setHandler(() => ({
      kind: 'answer',
      text: sectionAnswer('Alles gut.', { risk: 'niedrig' }),
      tokens_in: 1200,
      tokens_out: 400,
    }));
    const result = await client().complete(messages);
    expect(result).toEqual({
      text: expect.stringContaining('## Analysekern'),
      tokens_in: 1200,
      tokens_out: 400,
      cost: 1.2, // 1.2 × 0.5 + 0.4 × 1.5
      model: 'test-model',
      offline: false,
    });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]).toMatchObject({
      model: 'test-model',
      authorization: 'Bearer sk-test',
      messages,
    });
  });

  it('omits the Authorization header without an API key (e.g. a local Ollama)', async () => {
    server.setHandler(() => ({ kind: 'answer', text: 'ok' }));
    await client({ apiKey: null }).complete(messages);
    expect(server.requests[0].authorization).toBeNull();
  });

  it('retries a 429 after the Retry-After seconds, then succeeds', async () => {
    server.setHandler((_req, i) =>
      i === 0
        ? { kind: 'status', status: 429, headers: { 'retry-after': '3' } }
        : { kind: 'answer', text: 'second try' },
    );
    const result = await client().complete(messages);
    expect(result.text).toBe('second try');
    expect(server.requests).toHaveLength(2);
    expect(sleeps).toEqual([3000]);
  });

  it('retries 500 answers with exponential backoff and gives up after maxRetries with a typed error', async () => {
    server.setHandler(() => ({ kind: 'status', status: 500, body: '{"error":"boom"}' }));
    const error = await client({ maxRetries: 3 })
      .complete(messages)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LanguageModelError);
    expect(error).toMatchObject({
      code: 'LLM_HTTP_ERROR',
      details: { status: 500, attempts: 4 },
    });
    expect(server.requests).toHaveLength(4);
    expect(sleeps).toEqual([10, 20, 40]);
  });

  it('does not retry a 400 (the request itself is wrong)', async () => {
    server.setHandler(() => ({ kind: 'status', status: 400 }));
    const error = await client()
      .complete(messages)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'LLM_HTTP_ERROR', details: { status: 400, attempts: 1 } });
    expect(server.requests).toHaveLength(1);
  });

  it('times out a hanging request, retries it, and reports LLM_TIMEOUT', async () => {
    server.setHandler(() => ({ kind: 'hang' }));
    const started = Date.now();
    const error = await client({ timeoutMs: 150, maxRetries: 1 })
      .complete(messages)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'LLM_TIMEOUT', details: { attempts: 2 } });
    expect(server.requests).toHaveLength(2);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('recovers when a slow first answer times out and the retry is fast', async () => {
    server.setHandler((_req, i) =>
      i === 0 ? { kind: 'hang' } : { kind: 'answer', text: 'fast now' },
    );
    const result = await client({ timeoutMs: 150 }).complete(messages);
    expect(result.text).toBe('fast now');
  });

  it.each([
    ['a body that is not JSON', '<html>oops</html>'],
    ['an answer without choices', '{"object":"chat.completion","choices":[]}'],
    ['a choice without content', '{"choices":[{"message":{"role":"assistant"}}]}'],
    ['an empty content', '{"choices":[{"message":{"role":"assistant","content":"  "}}]}'],
  ])('refuses %s with LLM_MALFORMED_RESPONSE and does not retry', async (_label, body) => {
    server.setHandler(() => ({ kind: 'raw', body }));
    const error = await client()
      .complete(messages)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LanguageModelError);
    expect((error as LanguageModelError).code).toBe('LLM_MALFORMED_RESPONSE');
    expect(server.requests).toHaveLength(1);
  });

  it('counts zero tokens and zero cost when the server sends no usage', async () => {
    server.setHandler(() => ({
      kind: 'raw',
      body: '{"choices":[{"message":{"role":"assistant","content":"hi"}}]}',
    }));
    const result = await client().complete(messages);
    expect(result).toMatchObject({ text: 'hi', tokens_in: 0, tokens_out: 0, cost: 0 });
  });

  it('reports an unreachable server as LLM_NETWORK_ERROR after retrying', async () => {
    const error = await client({ baseUrl: 'http://127.0.0.1:1/v1', maxRetries: 1 })
      .complete(messages)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'LLM_NETWORK_ERROR', details: { attempts: 2 } });
  });

  it('stops at once when the caller aborts', async () => {
    server.setHandler(() => ({ kind: 'hang' }));
    const controller = new AbortController();
    // Aborted once the request has reached the server (a fixed delay races a loaded machine).
    const aborted = waitFor(() => server.requests.length > 0, {
      intervalMs: 5,
      message: 'the request reaching the server',
    }).then(() => controller.abort());
    const error = await client({ timeoutMs: 5000 })
      .complete(messages, { signal: controller.signal })
      .catch((e: unknown) => e);
    await aborted;
    expect(error).toMatchObject({ code: 'LLM_ABORTED' });
    expect(server.requests).toHaveLength(1);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    const now = Date.parse('2026-04-11T10:00:00Z');
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter('Sat, 11 Apr 2026 10:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});
