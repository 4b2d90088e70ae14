// A loopback HTTP server speaking the services' protocol, for the client tests: bearer tokens
// with rotating refresh tokens (POST /api/auth/refresh), problem+json errors, and
// /api/things echoing what a request carried.
import { createServer } from 'node:http';

const problem = (res, status, code, detail, extra = {}) => {
  res.writeHead(status, { 'content-type': 'application/problem+json' });
  res.end(
    JSON.stringify({ type: `urn:problem:${code}`, title: code, status, code, detail, ...extra }),
  );
};

export async function startService({ refreshDelayMs = 20 } = {}) {
  const state = { access: 'a1', refresh: 'r1', generation: 1, refreshes: 0, requests: [] };
  const server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const body = raw ? JSON.parse(raw) : undefined;
    const url = new URL(req.url, 'http://x');
    state.requests.push({ method: req.method, path: url.pathname, headers: req.headers, body });
    if (url.pathname === '/api/auth/refresh' && req.method === 'POST') {
      state.refreshes += 1;
      await new Promise((r) => setTimeout(r, refreshDelayMs));
      if (body?.refresh_token !== state.refresh)
        return problem(
          res,
          401,
          'INVALID_REFRESH_TOKEN',
          'The refresh token is invalid or expired',
        );
      state.generation += 1;
      state.access = `a${state.generation}`;
      state.refresh = `r${state.generation}`;
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          access_token: state.access,
          token_type: 'Bearer',
          expires_in: 900,
          refresh_token: state.refresh,
          refresh_expires_at: '2026-12-31T00:00:00.000Z',
        }),
      );
    }
    if (url.pathname === '/api/proxy-error') {
      res.writeHead(502, { 'content-type': 'text/html' });
      return res.end('<h1>Bad gateway</h1>');
    }
    if (req.headers.authorization !== `Bearer ${state.access}`)
      return problem(res, 401, 'UNAUTHORIZED', 'Missing or invalid access token');
    if (url.pathname === '/api/things' && req.method === 'POST' && !body?.name)
      return problem(res, 400, 'VALIDATION_FAILED', 'The request body is invalid', {
        errors: [{ path: 'name', code: 'isNotEmpty', message: 'name should not be empty' }],
      });
    res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        authorization: req.headers.authorization,
        club: req.headers['x-active-club-id'] ?? null,
        body: body ?? null,
      }),
    );
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${server.address().port}`,
    state,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

/** Tags of `document` none of whose operations `program` calls as c.METHOD('path'. */
export function uncoveredTags(document, program) {
  const byTag = new Map();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      for (const tag of operation.tags ?? []) {
        const calls = byTag.get(tag) ?? [];
        calls.push(`.${method.toUpperCase()}('${path}'`);
        byTag.set(tag, calls);
      }
    }
  }
  return [...byTag].filter(([, calls]) => !calls.some((c) => program.includes(c))).map(([t]) => t);
}
