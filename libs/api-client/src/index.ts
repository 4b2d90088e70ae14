import createClient, { type Client, type Middleware } from 'openapi-fetch';

/** The pair both services answer on sign-in and refresh (TokenResponse, reduced to what is kept). */
export interface Tokens {
  access_token: string;
  refresh_token: string;
}

/**
 * Where the client keeps the tokens: memory by default (`memoryTokens`), or e.g. a wrapper over
 * localStorage. `set(undefined)` is called when the refresh token is refused: sign in again.
 */
export interface TokenStore {
  get(): Tokens | undefined;
  set(tokens: Tokens | undefined): void;
}

export function memoryTokens(initial?: Tokens): TokenStore {
  let current = initial;
  return {
    get: () => current,
    set: (tokens) => {
      current = tokens;
    },
  };
}

/** One field the service refused (`errors[]` of a 400 VALIDATION_FAILED). */
export interface ProblemFieldError {
  path: string;
  code?: string;
  message?: string;
  [extension: string]: unknown;
}

/** RFC 9457 problem details as both services answer every error (application/problem+json). */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: string;
  errors?: ProblemFieldError[];
  hint?: string;
  request_id?: string;
  [extension: string]: unknown;
}

/**
 * Thrown for every answer that is not 2xx. `code` is the service's stable error code; an answer
 * that is not problem+json (a proxy's 502 page) gets `HTTP_<status>`.
 */
export class ProblemError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly errors: ProblemFieldError[];
  readonly problem: ProblemDetails;
  readonly response: Response;

  constructor(problem: ProblemDetails, response: Response) {
    super(`${problem.status} ${problem.code}: ${problem.detail}`);
    this.name = 'ProblemError';
    this.problem = problem;
    this.status = problem.status;
    this.code = problem.code;
    this.detail = problem.detail;
    this.errors = problem.errors ?? [];
    this.response = response;
  }

  static async from(response: Response): Promise<ProblemError> {
    const text = await response.text().catch(() => '');
    let body: Partial<ProblemDetails> | undefined;
    if (/^application\/(problem\+)?json/i.test(response.headers.get('content-type') ?? '')) {
      try {
        body = JSON.parse(text) as Partial<ProblemDetails>;
      } catch {
        body = undefined;
      }
    }
    const code = typeof body?.code === 'string' ? body.code : `HTTP_${response.status}`;
    return new ProblemError(
      {
        type: 'about:blank',
        title: response.statusText,
        detail: text.slice(0, 200) || response.statusText,
        ...body,
        status: response.status,
        code,
      },
      response,
    );
  }
}

export interface ApiClientOptions {
  /** Origin of the service, e.g. https://health.example.org (the paths start with /api). */
  baseUrl: string;
  /** Signed-in tokens or a store of them; none: requests go without Authorization. */
  tokens?: Tokens | TokenStore;
  /** A fetch implementation (default: the global one). */
  fetch?: typeof globalThis.fetch;
}

export interface AuthControls {
  /** Stores the tokens of a sign-in (`POST /api/auth/login`), or forgets them (sign-out). */
  setTokens(tokens: Tokens | undefined): void;
  getTokens(): Tokens | undefined;
  /** Sets or removes (undefined) a header sent with every request. */
  setHeader(name: string, value: string | undefined): void;
}

export type ApiClient<Paths extends object> = Client<Paths, `${string}/${string}`> & AuthControls;

/** Where the refresh token is exchanged; the same in both services. */
export const REFRESH_PATH = '/api/auth/refresh';

/**
 * An openapi-fetch client for `Paths` (a service's generated types) that sends the bearer token,
 * renews it once on a 401 (one refresh in flight however many requests failed, each retried
 * once with the new token; the rotated refresh token is stored), sends the headers set with
 * `setHeader`, and throws a `ProblemError` for every answer that is not 2xx.
 */
export function createApiClient<Paths extends object>(options: ApiClientOptions): ApiClient<Paths> {
  const store = isStore(options.tokens) ? options.tokens : memoryTokens(options.tokens);
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const headers = new Map<string, string>();
  const retryable = new Map<string, { request: Request; token: string }>();
  let refreshing: Promise<Tokens | undefined> | undefined;

  const refresh = async (): Promise<Tokens | undefined> => {
    const current = store.get();
    if (!current) return undefined;
    const res = await fetchImpl(`${baseUrl}${REFRESH_PATH}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ refresh_token: current.refresh_token }),
    });
    if (!res.ok) {
      // Refused (expired, revoked or already used): the session is over. A 5xx keeps the tokens.
      if (res.status === 400 || res.status === 401) store.set(undefined);
      await res.body?.cancel();
      return undefined;
    }
    const body = (await res.json()) as Tokens;
    const next = { access_token: body.access_token, refresh_token: body.refresh_token };
    store.set(next);
    return next;
  };
  /** The tokens after `staleAccess` was refused: a refresh, shared by all who ask meanwhile. */
  const renewedAfter = async (staleAccess: string): Promise<Tokens | undefined> => {
    const current = store.get();
    if (current && current.access_token !== staleAccess) return current;
    refreshing ??= refresh().finally(() => {
      refreshing = undefined;
    });
    return refreshing;
  };

  const middleware: Middleware = {
    onRequest({ request, id }) {
      for (const [name, value] of headers) request.headers.set(name, value);
      const token = store.get()?.access_token;
      if (!token || request.headers.has('authorization')) return request;
      request.headers.set('authorization', `Bearer ${token}`);
      if (!new URL(request.url).pathname.startsWith('/api/auth/'))
        retryable.set(id, { request: request.clone(), token });
      return request;
    },
    async onResponse({ response, id }) {
      const sent = retryable.get(id);
      retryable.delete(id);
      let answer = response;
      if (response.status === 401 && sent) {
        const tokens = await renewedAfter(sent.token);
        if (tokens) {
          await response.body?.cancel();
          const retry = new Request(sent.request);
          retry.headers.set('authorization', `Bearer ${tokens.access_token}`);
          answer = await fetchImpl(retry);
        }
      }
      if (!answer.ok) throw await ProblemError.from(answer);
      return answer;
    },
    onError({ id }) {
      retryable.delete(id);
    },
  };

  const client = createClient<Paths>({ baseUrl, fetch: fetchImpl });
  client.use(middleware);
  return Object.assign(client, {
    setTokens: (tokens: Tokens | undefined) => store.set(tokens),
    getTokens: () => store.get(),
    setHeader: (name: string, value: string | undefined) => {
      if (value === undefined) headers.delete(name);
      else headers.set(name, value);
    },
  });
}

function isStore(value: ApiClientOptions['tokens']): value is TokenStore {
  return typeof (value as TokenStore | undefined)?.get === 'function';
}

/** The body of a call's answer: `await ok(client.GET('/api/weight'))` (errors are thrown). */
export async function ok<T extends { data?: unknown }>(
  call: Promise<T>,
): Promise<Exclude<T['data'], undefined>> {
  const { data } = await call;
  return data as Exclude<T['data'], undefined>;
}
