import {
  bodyRoutesOf,
  openingOf,
  sendWithUnsentBody,
  type BodyRoute,
} from '@sports/common/testing';
import { client, createExercise, pngBytes } from './modules/media-assets/media-test-fixtures';
import { startTrainingTestApp, TestProfile, TrainingTestApp } from './testing/training-test-app';

const FORTY_MB = 40 * 1024 * 1024;
const ANY_ID = '00000000-0000-4000-8000-000000000000';

/**
 * No route reads or parses a body before the caller is authenticated and allowed: the answer
 * to a refused request arrives although only the first 64 KiB of a 40 MB body were sent, and
 * the server closes the connection instead of draining the rest.
 */
describe('training: bodies are read only after the caller is let through', () => {
  let t: TrainingTestApp;
  let routes: BodyRoute[];
  let owner: TestProfile;
  let stranger: TestProfile;
  beforeAll(async () => {
    t = await startTrainingTestApp();
    routes = bodyRoutesOf((await t.http.get('/api/docs-json')).body, ANY_ID);
    [owner, stranger] = await Promise.all([t.newProfile(), t.newProfile()]);
  });
  afterAll(async () => {
    await t.close();
  });

  const unsent = (
    route: { method: string; path: string },
    contentType: string,
    headers: Record<string, string> = {},
  ) => {
    const opening = openingOf(contentType);
    return sendWithUnsentBody({
      url: t.url,
      method: route.method,
      path: route.path,
      headers: { 'Content-Type': opening.type, ...headers },
      declaredLength: FORTY_MB,
      firstBytes: opening.bytes,
    });
  };

  it('lists the media upload among the routes with a body', () => {
    expect(routes.map((r) => r.id)).toContain('POST /api/exercises/{id}/media');
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
          JSON.parse(res.body).code !== 'UNAUTHENTICATED'
        )
          wrong.push(`${route.id} (${type}): ${res.status} closed=${res.closedByServer}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("refuses an upload to another profile's exercise before reading the file", async () => {
    const exercise = await createExercise(t, owner);
    const res = await unsent(
      { method: 'POST', path: `/api/exercises/${exercise}/media` },
      'multipart/form-data',
      { Authorization: stranger.auth },
    );
    expect(res.status).toBe(404);
    expect(res.closedByServer).toBe(true);
  });

  it('answers 403 to a member on an admin route with a JSON body, unread', async () => {
    const res = await unsent({ method: 'POST', path: '/api/skills' }, 'application/json', {
      Authorization: stranger.auth,
    });
    expect(res.status).toBe(403);
    expect(res.closedByServer).toBe(true);
  });

  it('refuses an upload over the tier limit with 413 while it streams, without waiting for its end', async () => {
    const exercise = await createExercise(t, owner);
    const opening = openingOf('multipart/form-data', 11 * 1024 * 1024);
    const res = await sendWithUnsentBody({
      url: t.url,
      method: 'POST',
      path: `/api/exercises/${exercise}/media`,
      headers: { 'Content-Type': opening.type, Authorization: owner.auth },
      declaredLength: FORTY_MB,
      firstBytes: opening.bytes,
    });
    expect(res.status).toBe(413);
    expect(res.closedByServer).toBe(true);
  });

  it('still reads the JSON body and the upload of an allowed caller', async () => {
    const exercise = await createExercise(t, owner, { title: 'Sprint' });
    const upload = await client(t, owner).upload(exercise, pngBytes(4096));
    expect(upload.status).toBe(201);
    const malformed = await t.http
      .post('/api/exercises')
      .set('Authorization', owner.auth)
      .set('Content-Type', 'application/json')
      .send('{"title": ');
    expect(malformed.status).toBe(400);
    expect(malformed.headers['content-type']).toMatch(/^application\/problem\+json/);
  });
});
