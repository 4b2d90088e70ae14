import { connect } from 'node:net';

export interface UnsentBodyRequest {
  /** Base URL of the server, e.g. http://127.0.0.1:40123 */
  url: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Content-Length announced; omit to send the body chunked (no announced length). */
  declaredLength?: number;
  /** The only bytes of the body sent before the answer is awaited. */
  firstBytes: Buffer;
  /** Give up waiting for an answer after this long. */
  timeoutMs?: number;
}

export interface UnsentBodyAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from the first byte sent to the complete answer. */
  ms: number;
  /** Body bytes written by the client (all of them before the answer arrived). */
  bodyBytesSent: number;
  /** The server closed the connection after answering, without waiting for the rest. */
  closedByServer: boolean;
}

/**
 * Sends a request line, headers and only the first bytes of a body (announcing far more, or
 * chunked), then waits: an answer that arrives proves the server answered without reading the
 * rest, which was never sent. Reports whether the server then closed the connection instead of
 * waiting to drain the body.
 */
export function sendWithUnsentBody(options: UnsentBodyRequest): Promise<UnsentBodyAnswer> {
  const { hostname, port } = new URL(options.url);
  const chunked = options.declaredLength === undefined;
  const headers: Record<string, string> = {
    Host: `${hostname}:${port}`,
    ...options.headers,
    ...(chunked
      ? { 'Transfer-Encoding': 'chunked' }
      : { 'Content-Length': String(options.declaredLength) }),
  };
  const head =
    `${options.method} ${options.path} HTTP/1.1\r\n` +
    Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('') +
    '\r\n';
  const body = chunked
    ? Buffer.concat([
        Buffer.from(`${options.firstBytes.length.toString(16)}\r\n`),
        options.firstBytes,
        Buffer.from('\r\n'),
      ])
    : options.firstBytes;

  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    const started = Date.now();
    let received = Buffer.alloc(0);
    let answer: Omit<UnsentBodyAnswer, 'closedByServer'> | undefined;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        new Error(
          answer
            ? `${options.method} ${options.path}: answered ${answer.status} but the connection stayed open`
            : `${options.method} ${options.path}: no answer within ${options.timeoutMs ?? 5000} ms while the body was not sent`,
        ),
      );
    }, options.timeoutMs ?? 5000);
    const finish = (closedByServer: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      if (answer) resolve({ ...answer, closedByServer });
    };
    socket.on('connect', () => {
      socket.write(head);
      socket.write(body);
    });
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      if (answer) return;
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine, ...lines] = received.subarray(0, end).toString('latin1').split('\r\n');
      const answerHeaders: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        answerHeaders[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      const length = Number(answerHeaders['content-length'] ?? 0);
      if (received.length < end + 4 + length) return;
      answer = {
        status: Number(statusLine.split(' ')[1]),
        headers: answerHeaders,
        body: received.subarray(end + 4, end + 4 + length).toString('utf8'),
        ms: Date.now() - started,
        bodyBytesSent: options.firstBytes.length,
      };
      // A connection kept alive would wait for the rest of the body: give it time to close (the
      // server keeps a refused connection half-closed for a second, for the answer to be read).
      setTimeout(() => finish(false), 3000);
    });
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (answer && err.code === 'ECONNRESET') finish(true);
      else if (!answer) {
        clearTimeout(timer);
        reject(err);
      }
    });
  });
}

/** An operation of an OpenAPI document that takes a request body. */
export interface BodyRoute {
  method: string;
  /** Path with every `{parameter}` replaced by `parameterValue`. */
  path: string;
  /** `METHOD /template`, as the document names it. */
  id: string;
  contentTypes: string[];
  /** No security requirement: anyone may call it. */
  public: boolean;
}

interface DocOperation {
  requestBody?: { content?: Record<string, unknown> };
  security?: unknown[];
}

/** Every operation of `doc` that declares a request body. */
export function bodyRoutesOf(
  doc: { paths: Record<string, Record<string, DocOperation>> },
  parameterValue: string,
): BodyRoute[] {
  const out: BodyRoute[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const contentTypes = Object.keys(op.requestBody?.content ?? {});
      if (!contentTypes.length) continue;
      out.push({
        method: method.toUpperCase(),
        path: template.replace(/\{[^}]+\}/g, parameterValue),
        id: `${method.toUpperCase()} ${template}`,
        contentTypes,
        public: !op.security?.length,
      });
    }
  }
  return out;
}

const BOUNDARY = 'unsent-body-boundary';

/** Content-Type header and first bytes of a body of `contentType` that never ends. */
export function openingOf(contentType: string, size = 64 * 1024): { type: string; bytes: Buffer } {
  if (contentType === 'multipart/form-data') {
    const part =
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n';
    return {
      type: `multipart/form-data; boundary=${BOUNDARY}`,
      bytes: Buffer.concat([Buffer.from(part), Buffer.alloc(size, 0x61)]),
    };
  }
  return {
    type: contentType,
    bytes: Buffer.concat([Buffer.from('{"padding":"'), Buffer.alloc(size, 0x61)]),
  };
}
