// createTrainingClient: the typed program covers every tag of the committed document, and the
// client sends the active club as X-Active-Club-Id besides the bearer token.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { startService, uncoveredTags } from '../../api-client/test/service.mjs';
import { createTrainingClient, ok } from '../dist/index.js';

const read = (path) => readFileSync(new URL(path, import.meta.url), 'utf8');

test('test/typed-client.ts calls an operation of every tag of apps/training/openapi.json', () => {
  const document = JSON.parse(read('../../../apps/training/openapi.json'));
  assert.deepEqual(uncoveredTags(document, read('./typed-client.ts')), []);
});

test('sends the active club as X-Active-Club-Id from the option and setActiveClub, none when cleared', async () => {
  const service = await startService();
  try {
    const client = createTrainingClient({
      baseUrl: service.baseUrl,
      tokens: { access_token: 'expired', refresh_token: service.state.refresh },
      activeClubId: 'club-1',
    });
    const first = await ok(client.GET('/api/things'));
    assert.equal(first.club, 'club-1', 'the retry after the refresh keeps the header');
    assert.equal(first.authorization, `Bearer ${service.state.access}`);
    client.setActiveClub('club-2');
    assert.equal((await ok(client.GET('/api/things'))).club, 'club-2');
    client.setActiveClub(undefined);
    assert.equal((await ok(client.GET('/api/things'))).club, null);
  } finally {
    await service.close();
  }
});
