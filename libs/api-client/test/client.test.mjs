// createApiClient against a real loopback server speaking the services' protocol.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createApiClient, memoryTokens, ok, ProblemError } from '../dist/index.js';
import { startService } from './service.mjs';

let service;
before(async () => {
  service = await startService();
});
after(() => service.close());

/** A client whose access token the server no longer accepts (the valid one is a newer one). */
function clientWithStaleToken() {
  const { state } = service;
  return createApiClient({
    baseUrl: service.baseUrl,
    tokens: { access_token: 'expired', refresh_token: state.refresh },
  });
}

test('sends the bearer token of the store', async () => {
  const client = createApiClient({
    baseUrl: service.baseUrl,
    tokens: { access_token: service.state.access, refresh_token: service.state.refresh },
  });
  const data = await ok(client.GET('/api/things'));
  assert.equal(data.authorization, `Bearer ${service.state.access}`);
});

test('a 401 refreshes the tokens once, stores the rotated pair and retries with the new token', async () => {
  const store = memoryTokens({ access_token: 'expired', refresh_token: service.state.refresh });
  const client = createApiClient({ baseUrl: service.baseUrl, tokens: store });
  const refreshes = service.state.refreshes;
  const data = await ok(client.POST('/api/things', { body: { name: 'sent twice' } }));
  assert.equal(service.state.refreshes, refreshes + 1);
  assert.deepEqual(store.get(), {
    access_token: service.state.access,
    refresh_token: service.state.refresh,
  });
  assert.equal(data.authorization, `Bearer ${service.state.access}`);
  assert.deepEqual(data.body, { name: 'sent twice' }, 'the retry carries the body again');
});

test('concurrent 401s cause one refresh; every request is retried with the new token', async () => {
  const client = clientWithStaleToken();
  const refreshes = service.state.refreshes;
  const results = await Promise.all(Array.from({ length: 6 }, () => ok(client.GET('/api/things'))));
  assert.equal(service.state.refreshes, refreshes + 1);
  for (const r of results) assert.equal(r.authorization, `Bearer ${service.state.access}`);
});

test('a refused refresh forgets the tokens and throws the 401 as a ProblemError', async () => {
  const client = createApiClient({
    baseUrl: service.baseUrl,
    tokens: { access_token: 'expired', refresh_token: 'revoked' },
  });
  await assert.rejects(client.GET('/api/things'), (error) => {
    assert.ok(error instanceof ProblemError);
    assert.equal(error.status, 401);
    assert.equal(error.code, 'UNAUTHORIZED');
    return true;
  });
  assert.equal(client.getTokens(), undefined);
});

test('a problem+json answer is thrown as a ProblemError with status, code, detail and errors', async () => {
  const client = createApiClient({
    baseUrl: service.baseUrl,
    tokens: { access_token: service.state.access, refresh_token: service.state.refresh },
  });
  const error = await client.POST('/api/things', { body: {} }).catch((e) => e);
  assert.ok(error instanceof ProblemError);
  assert.equal(error.status, 400);
  assert.equal(error.code, 'VALIDATION_FAILED');
  assert.equal(error.detail, 'The request body is invalid');
  assert.deepEqual(error.errors, [
    { path: 'name', code: 'isNotEmpty', message: 'name should not be empty' },
  ]);
});

test('an answer that is not problem+json becomes a ProblemError with code HTTP_<status>', async () => {
  const client = createApiClient({ baseUrl: service.baseUrl });
  const error = await client.GET('/api/proxy-error').catch((e) => e);
  assert.ok(error instanceof ProblemError);
  assert.equal(error.status, 502);
  assert.equal(error.code, 'HTTP_502');
});

test('sign-in failures are not refreshed, and headers set with setHeader are sent until removed', async () => {
  const client = clientWithStaleToken();
  const refreshes = service.state.refreshes;
  await assert.rejects(
    client.POST('/api/auth/refresh', { body: { refresh_token: 'wrong' } }),
    ProblemError,
  );
  assert.equal(
    service.state.refreshes,
    refreshes + 1,
    'only the call itself reached the refresh route',
  );
  client.setTokens({ access_token: service.state.access, refresh_token: service.state.refresh });
  client.setHeader('X-Trace', 'on');
  await ok(client.GET('/api/things'));
  assert.equal(service.state.requests.at(-1).headers['x-trace'], 'on');
  client.setHeader('X-Trace', undefined);
  await ok(client.GET('/api/things'));
  assert.equal(service.state.requests.at(-1).headers['x-trace'], undefined);
});
