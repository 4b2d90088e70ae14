import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  authorization: string | null;
  /** Text of every message, joined. */
  prompt: string;
}

/** What the loopback server answers to one request. */
export type FakeChatReply =
  | {
      kind: 'answer';
      text: string;
      tokens_in?: number;
      tokens_out?: number;
      delayMs?: number;
      /** Answers only once this settles (a test holds the model until it has seen something). */
      until?: Promise<unknown>;
    }
  | { kind: 'status'; status: number; body?: string; headers?: Record<string, string> }
  | { kind: 'raw'; body: string; status?: number }
  /** Never answers (until the server closes). */
  | { kind: 'hang' };

export type FakeChatHandler = (request: FakeChatRequest, index: number) => FakeChatReply;

export interface FakeChatServer {
  /** Value for LLM_BASE_URL, e.g. `http://127.0.0.1:40123/v1`. */
  baseUrl: string;
  requests: FakeChatRequest[];
  /** Replaces the reply logic (e.g. per test). */
  setHandler(handler: FakeChatHandler): void;
  close(): Promise<void>;
}

/**
 * A loopback HTTP server that speaks the OpenAI chat-completions protocol on
 * `POST /v1/chat/completions` (node:http on 127.0.0.1, port 0), for tests of the real client.
 */
export async function startFakeChatServer(handler: FakeChatHandler): Promise<FakeChatServer> {
  let current = handler;
  const requests: FakeChatRequest[] = [];
  const hanging = new Set<ServerResponse>();

  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      let parsed: { model?: string; messages?: { role: string; content: string }[] };
      try {
        parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        res.writeHead(400).end();
        return;
      }
      const messages = parsed.messages ?? [];
      const request: FakeChatRequest = {
        model: parsed.model ?? '',
        messages,
        authorization: req.headers.authorization ?? null,
        prompt: messages.map((m) => m.content).join('\n'),
      };
      const index = requests.length;
      requests.push(request);
      let reply: FakeChatReply;
      try {
        reply = current(request, index);
      } catch (error) {
        reply = { kind: 'status', status: 500, body: String(error) };
      }
      respond(res, reply, request.model, hanging);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    setHandler: (next) => {
      current = next;
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function respond(
  res: ServerResponse,
  reply: FakeChatReply,
  model: string,
  hanging: Set<ServerResponse>,
): void {
  switch (reply.kind) {
    case 'hang':
      hanging.add(res);
      res.on('close', () => hanging.delete(res));
      return;
    case 'status':
      res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
      res.end(reply.body ?? JSON.stringify({ error: { message: `status ${reply.status}` } }));
      return;
    case 'raw':
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
      res.end(reply.body);
      return;
    case 'answer': {
      const send = (): void => {
        if (res.destroyed) return;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'chatcmpl-test',
            object: 'chat.completion',
            created: 1775692805,
            model: model || 'fake-model',
            choices: [
              {
                index: 0,
                message: { role: 'assistant', content: reply.text },
                finish_reason: 'stop',
              },
            ],
            usage: {
              prompt_tokens: reply.tokens_in ?? 100,
              completion_tokens: reply.tokens_out ?? 50,
              total_tokens: (reply.tokens_in ?? 100) + (reply.tokens_out ?? 50),
            },
          }),
        );
      };
      const delayed = (): void => {
        if (reply.delayMs) setTimeout(send, reply.delayMs);
        else send();
      };
      if (reply.until) void reply.until.then(delayed, delayed);
      else delayed();
    }
  }
}

/** A well-formed three-section answer with `key: value` signal lines. */
export function sectionAnswer(core: string, signals: Record<string, string> = {}): string {
  const lines = Object.entries(signals).map(([key, value]) => `${key}: ${value}`);
  return [
    '## Analysekern',
    core,
    '',
    '## Entscheidungsanteil',
    ...lines,
    '',
    '## Begründungsanker',
    '- Testdaten',
  ].join('\n');
}
