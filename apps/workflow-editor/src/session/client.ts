// The one typed client of the health service (libs/health-client): bearer token with refresh
// rotation, ProblemError for every error answer. The tokens live in sessionStorage, read on
// every request, so a reload keeps the session and the refresh's rotated token is kept.
import {
  createHealthClient,
  ProblemError,
  type TokenStore,
  type Tokens,
} from '@sports/health-client';

const TOKENS_KEY = 'workflow-editor.tokens';

const sessionTokens: TokenStore = {
  get() {
    const raw = sessionStorage.getItem(TOKENS_KEY);
    if (!raw) return undefined;
    try {
      return JSON.parse(raw) as Tokens;
    } catch {
      return undefined;
    }
  },
  set(tokens) {
    if (tokens) sessionStorage.setItem(TOKENS_KEY, JSON.stringify(tokens));
    else sessionStorage.removeItem(TOKENS_KEY);
  },
};

export const client = createHealthClient({
  baseUrl: window.location.origin,
  tokens: sessionTokens,
});

export function signedIn(): boolean {
  return client.getTokens() !== undefined;
}

/** Signs in and stores the tokens (throws ProblemError on a refusal). */
export async function login(email: string, password: string): Promise<void> {
  const { data } = await client.POST('/api/auth/login', { body: { email, password } });
  if (data)
    client.setTokens({ access_token: data.access_token, refresh_token: data.refresh_token });
}

/** Creates an account, then signs it in. */
export async function signUp(email: string, password: string): Promise<void> {
  await client.POST('/api/auth/register', { body: { email, password } });
  await login(email, password);
}

/** Ends the server session (revokes the refresh token) and forgets the tokens. */
export async function logout(): Promise<void> {
  const tokens = client.getTokens();
  try {
    if (tokens)
      await client.POST('/api/auth/logout', { body: { refresh_token: tokens.refresh_token } });
  } catch {
    // Already ended (expired or revoked): nothing left to end.
  } finally {
    client.setTokens(undefined);
  }
}

/** A readable sentence for any error, and the problem's field errors by path. */
export function errorText(err: unknown): string {
  if (err instanceof ProblemError) return err.detail || err.problem.title;
  return err instanceof Error ? err.message : String(err);
}

export function fieldErrors(err: unknown): Map<string, string> {
  const map = new Map<string, string>();
  if (err instanceof ProblemError && err.code === 'VALIDATION_FAILED')
    for (const e of err.errors) map.set(e.path, e.message ?? err.detail);
  return map;
}

export function isSessionEnded(err: unknown): boolean {
  return err instanceof ProblemError && err.status === 401;
}
