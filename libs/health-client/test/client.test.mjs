// createHealthClient: the typed program covers every tag of the committed document, and the
// client speaks the service protocol (bearer, refresh rotation, problems) to a loopback server.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { startService, uncoveredTags } from '../../api-client/test/service.mjs';
import { createHealthClient, ok, ProblemError } from '../dist/index.js';

const read = (path) => readFileSync(new URL(path, import.meta.url), 'utf8');

test('test/typed-client.ts calls an operation of every tag of apps/health/openapi.json', () => {
  const document = JSON.parse(read('../../../apps/health/openapi.json'));
  assert.deepEqual(uncoveredTags(document, read('./typed-client.ts')), []);
});

test('sends the bearer token, refreshes it on a 401 and throws problems as ProblemError', async () => {
  const service = await startService();
  try {
    const client = createHealthClient({
      baseUrl: service.baseUrl,
      tokens: { access_token: 'expired', refresh_token: service.state.refresh },
    });
    const data = await ok(client.GET('/api/things'));
    assert.equal(data.authorization, `Bearer ${service.state.access}`);
    assert.equal(service.state.refreshes, 1);
    await assert.rejects(
      client.POST('/api/things', { body: {} }),
      (e) => e instanceof ProblemError && e.code === 'VALIDATION_FAILED',
    );
  } finally {
    await service.close();
  }
});
