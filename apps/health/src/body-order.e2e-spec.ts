import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import {
  bodyRoutesOf,
  openingOf,
  sendWithUnsentBody,
  type BodyRoute,
} from '@sports/common/testing';
import { EXPORT_MEDIA_TYPE } from './modules/importdata/dto/import.dto';
import { HealthTestApp, startHealthTestApp, TestUser } from './testing/health-test-app';

const FORTY_MB = 40 * 1024 * 1024;
/** superagent's serializer type says string; a Buffer is sent as it is. */
const asSent = (body: unknown): string => body as string;
const ANY_ID = '00000000-0000-4000-8000-000000000000';

/**
 * No route reads or parses a body before the caller is authenticated and allowed: the answer
 * to a refused request arrives although only the first 64 KiB of a 40 MB body were sent, and
 * the server closes the connection instead of draining the rest.
 */
describe('health: bodies are read only after the caller is let through', () => {
  let t: HealthTestApp;
  let root: string;
  let routes: BodyRoute[];
  let free: TestUser;
  let pro: TestUser;
  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'health-body-order-'));
    t = await startHealthTestApp({ PHOTO_ROOT: root, PHOTO_MAX_BYTES: String(1024 * 1024) });
    routes = bodyRoutesOf((await t.http.get('/api/docs-json')).body, ANY_ID);
    free = await t.newUser({ tier: 'free' });
    pro = await t.newUser({ tier: 'pro' });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  const unsent = (
    route: { method: string; path: string },
    contentType: string,
    headers: Record<string, string> = {},
    declaredLength: number | undefined = FORTY_MB,
  ) => {
    const opening = openingOf(contentType);
    return sendWithUnsentBody({
      url: t.url,
      method: route.method,
      path: route.path,
      headers: { 'Content-Type': opening.type, ...headers },
      declaredLength,
      firstBytes: opening.bytes,
    });
  };

  it('lists every upload and import route among the routes with a body', () => {
    const ids = routes.map((r) => r.id);
    for (const id of [
      'POST /api/import',
      'POST /api/fhir/Bundle',
      'POST /api/photos',
      'POST /api/csv/analyze',
      'POST /api/csv/import',
    ])
      expect(ids).toContain(id);
  });

  it('answers 401 to an anonymous 40 MB body on every route that needs a caller, unread, and closes', async () => {
    const protectedRoutes = routes.filter((r) => !r.public);
    expect(protectedRoutes.length).toBeGreaterThan(20);
    const wrong: string[] = [];
    for (const route of protectedRoutes) {
      for (const type of route.contentTypes) {
        const res = await unsent(route, type);
        if (
          res.status !== 401 ||
          !res.closedByServer ||
          res.headers.connection !== 'close' ||
          !res.headers['content-type'].startsWith('application/problem+json') ||
          JSON.parse(res.body).code !== 'UNAUTHENTICATED'
        )
          wrong.push(`${route.id} (${type}): ${res.status} closed=${res.closedByServer}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers 403 FEATURE_REQUIRED to a free-tier caller on every gated import and upload, unread', async () => {
    for (const [route, type] of [
      [{ method: 'POST', path: '/api/import' }, EXPORT_MEDIA_TYPE],
      [{ method: 'POST', path: '/api/import' }, 'application/json'],
      [{ method: 'POST', path: '/api/fhir/Bundle' }, 'application/fhir+json'],
      [{ method: 'POST', path: '/api/photos' }, 'multipart/form-data'],
      [{ method: 'POST', path: '/api/csv/analyze' }, 'multipart/form-data'],
      [{ method: 'POST', path: '/api/csv/import' }, 'multipart/form-data'],
    ] as const) {
      const res = await unsent(route, type, { Authorization: free.auth });
      expect({
        path: route.path,
        type,
        status: res.status,
        code: JSON.parse(res.body).code,
      }).toEqual({ path: route.path, type, status: 403, code: 'FEATURE_REQUIRED' });
      expect(res.closedByServer).toBe(true);
    }
  });

  it('answers 403 to a member on an admin route with a JSON body, unread', async () => {
    const res = await unsent(
      { method: 'PUT', path: '/api/admin/membership/tiers/free' },
      'application/json',
      {
        Authorization: pro.auth,
      },
    );
    expect(res.status).toBe(403);
    expect(res.closedByServer).toBe(true);
  });

  it('refuses an announced length over the limit with 413 before the body is sent, even anonymously on a public route', async () => {
    const login = await unsent({ method: 'POST', path: '/api/auth/login' }, 'application/json');
    expect(login.status).toBe(413);
    expect(JSON.parse(login.body).code).toBe('PAYLOAD_TOO_LARGE');
    expect(login.closedByServer).toBe(true);
    const imp = await unsent(
      { method: 'POST', path: '/api/import' },
      EXPORT_MEDIA_TYPE,
      {
        Authorization: pro.auth,
      },
      65 * 1024 * 1024,
    );
    expect(imp.status).toBe(413);
    expect(JSON.parse(imp.body)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      max_bytes: 64 * 1024 * 1024,
    });
  });

  it('refuses a chunked JSON body with 413 as soon as it passes BODY_LIMIT, without waiting for its end', async () => {
    const opening = openingOf('application/json', 2 * 1024 * 1024);
    const res = await sendWithUnsentBody({
      url: t.url,
      method: 'POST',
      path: '/api/auth/login',
      headers: { 'Content-Type': 'application/json' },
      firstBytes: opening.bytes,
    });
    expect(res.status).toBe(413);
    expect(res.closedByServer).toBe(true);
  });

  it('refuses a photo or a CSV file over its limit with 413 while it streams, without waiting for its end', async () => {
    const admin = await t.newUser({ role: 'admin' });
    const limits = (max: number) =>
      t.http
        .put('/api/admin/csv-templates/import-limits')
        .set('Authorization', admin.auth)
        .send({ max_file_bytes: max });
    expect((await limits(64 * 1024)).status).toBe(200);
    try {
      for (const [path, size] of [
        ['/api/photos', 2 * 1024 * 1024],
        ['/api/csv/analyze', 256 * 1024],
      ] as const) {
        const opening = openingOf('multipart/form-data', size);
        const res = await sendWithUnsentBody({
          url: t.url,
          method: 'POST',
          path,
          headers: { 'Content-Type': opening.type, Authorization: pro.auth },
          declaredLength: FORTY_MB,
          firstBytes: opening.bytes,
        });
        expect({ path, status: res.status, code: JSON.parse(res.body).code }).toEqual({
          path,
          status: 413,
          code: 'PAYLOAD_TOO_LARGE',
        });
        expect(res.closedByServer).toBe(true);
      }
    } finally {
      await limits(10 * 1024 * 1024);
    }
  });

  it('still reads the body of an allowed caller: JSON, gzip JSON, the export media type', async () => {
    const weight = { date: '2026-01-05', weight_kg: 71.5 };
    const plain = await t.http.post('/api/weight').set('Authorization', pro.auth).send(weight);
    expect(plain.status).toBe(201);
    const zipped = await t.http
      .post('/api/weight')
      .set('Authorization', pro.auth)
      .set('Content-Type', 'application/json')
      .set('Content-Encoding', 'gzip')
      .serialize(asSent)
      .send(gzipSync(JSON.stringify({ ...weight, date: '2026-01-06' })));
    expect(zipped.status).toBe(201);
    const doc = (await t.http.get('/api/export').set('Authorization', pro.auth)).body;
    const imp = await t.http
      .post('/api/import?dry_run=true')
      .set('Authorization', pro.auth)
      .set('Content-Type', EXPORT_MEDIA_TYPE)
      .send(JSON.stringify(doc));
    expect(imp.status).toBe(200);
    expect(imp.body.modules.weight.unchanged).toBe(2);
  });

  it('answers malformed JSON, a JSON scalar and an unknown charset or encoding with problem+json', async () => {
    const post = (type: string, body: string | Buffer, encoding?: string) => {
      const req = t.http
        .post('/api/weight')
        .set('Authorization', pro.auth)
        .set('Content-Type', type);
      if (encoding) req.set('Content-Encoding', encoding).serialize(asSent);
      return req.send(body);
    };
    for (const [res, status] of [
      [await post('application/json', '{"date": '), 400],
      [await post('application/json', '"a string"'), 400],
      [await post('application/json; charset=latin1', '{}'), 415],
      [await post('application/json', '{}', 'compress'), 415],
      [await post('application/json', Buffer.from('not gzip'), 'gzip'), 400],
    ] as const) {
      expect(res.status).toBe(status);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    }
    const bad = await post('application/json', '{"date": ');
    expect(bad.body.code).toBe('VALIDATION_FAILED');
    const nested = await post('application/json', `${'['.repeat(2000)}${']'.repeat(2000)}`);
    expect(nested.status).toBe(400);
    expect(nested.body.code).toBe('VALIDATION_FAILED');
  });

  it('reads no body on a route that takes none (GET, HEAD, a DELETE without body parameter)', async () => {
    const malformed = '{"date": ';
    const list = await t.http
      .get('/api/weight')
      .set('Authorization', pro.auth)
      .set('Content-Type', 'application/json')
      .send(malformed);
    expect(list.status).toBe(200);
    const gone = await t.http
      .delete(`/api/weight/${ANY_ID}`)
      .set('Authorization', pro.auth)
      .set('Content-Type', 'application/json')
      .send(malformed);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('NOT_FOUND');
    const version = await t.http
      .get('/api/version')
      .set('Content-Type', 'application/json; charset=latin1')
      .send('{}');
    expect(version.status).toBe(200);
  });
});
