import {
  binaryBody,
  imageInfo,
  PHOTO_FIXTURE_SECRETS,
  photoFixture,
  pixelAt,
  solidJpeg,
  waitFor,
} from '@sports/common/testing';
import exifr from 'exifr';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Test } from 'supertest';
import { HealthTestApp, startHealthTestApp, TestUser } from '../../testing/health-test-app';

interface Rendition {
  variant: string;
  width: number;
  height: number;
  size_bytes: number;
  url: string;
}

interface PhotoBody {
  id: string;
  url: string;
  renditions: Rendition[];
  renditions_status: string;
}

const binary = (req: Test): Test => req.buffer(true).parse((res, done) => binaryBody(res, done));

describe('photo renditions and signed URLs (e2e)', () => {
  let app: HealthTestApp;
  let root: string;
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'health-photo-renditions-'));
    app = await startHealthTestApp({
      PHOTO_ROOT: root,
      MEDIA_URL_CORS_ORIGINS: 'https://app.example',
    });
    [owner, other] = await Promise.all([
      app.newUser({ tier: 'plus' }),
      app.newUser({ tier: 'plus' }),
    ]);
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const upload = async (bytes: Buffer, name: string): Promise<PhotoBody> => {
    const res = await app.http
      .post('/api/photos')
      .set('Authorization', owner.auth)
      .attach('file', bytes, { filename: name });
    expect(res.status).toBe(201);
    expect(typeof res.body.url).toBe('string');
    return res.body;
  };

  const settled = (id: string): Promise<PhotoBody> =>
    waitFor(
      async () => {
        const res = await app.http.get(`/api/photos/${id}`).set('Authorization', owner.auth);
        expect(res.status).toBe(200);
        return res.body.renditions_status !== 'pending' && (res.body as PhotoBody);
      },
      { message: `renditions of photo ${id} no longer pending` },
    );

  it.each(['photo.jpg', 'photo.png', 'photo.webp'] as const)(
    '%s: upright WebP renditions without metadata; the served original has no GPS',
    async (fixture) => {
      const photo = await settled((await upload(photoFixture(fixture), fixture)).id);
      expect(photo.renditions_status).toBe('ready');
      expect(photo.renditions.map((r) => [r.variant, r.width, r.height])).toEqual([
        ['thumbnail', 24, 32],
        ['preview', 24, 32],
      ]);
      for (const r of photo.renditions) {
        const res = await binary(app.http.get(r.url));
        expect(res.status).toBe(200);
        const data = res.body as Buffer;
        expect(data.length).toBe(r.size_bytes);
        const info = await imageInfo(data);
        expect([info.format, info.exif, info.xmp, info.orientation]).toEqual([
          'webp',
          undefined,
          undefined,
          undefined,
        ]);
        for (const secret of PHOTO_FIXTURE_SECRETS) expect(data.includes(secret)).toBe(false);
        // The white corner of the fixture is top right once the quarter turn is applied.
        expect(Math.min(...(await pixelAt(data, 23, 0)))).toBeGreaterThan(200);
      }
      const original = await binary(app.http.get(photo.url));
      expect(original.status).toBe(200);
      if (fixture !== 'photo.webp') {
        // exifr reads JPEG and PNG (not WebP; its stripping has a unit test in libs/common).
        expect(await exifr.gps(original.body as Buffer)).toBeUndefined();
      }
      for (const secret of PHOTO_FIXTURE_SECRETS) {
        expect((original.body as Buffer).includes(secret)).toBe(false);
      }
    },
  );

  it('HEIC: no renditions (the image library here cannot decode it), the original’s URL', async () => {
    const photo = await settled((await upload(photoFixture('photo.heic'), 'p.heic')).id);
    expect(photo.renditions_status).toBe('unsupported');
    expect(photo.renditions).toEqual([]);
    const res = await binary(app.http.get(photo.url));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/heic');
  });

  it('lists photos with signed URLs that need no token, for configured origins only', async () => {
    const { id } = await upload(await solidJpeg(1500, 1000), 'big.jpg');
    const photo = await settled(id);
    expect(photo.renditions.map((r) => [r.variant, r.width, r.height])).toEqual([
      ['thumbnail', 256, 171],
      ['preview', 1280, 853],
    ]);
    const list = await app.http.get('/api/photos').set('Authorization', owner.auth);
    const listed = (list.body.items as PhotoBody[]).find((p) => p.id === id) as PhotoBody;
    expect(listed.renditions).toHaveLength(2);
    const res = await app.http.get(listed.renditions[0].url).set('Origin', 'https://app.example');
    expect(res.status).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBe('https://app.example');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const foreign = await app.http
      .get(listed.renditions[0].url)
      .set('Origin', 'https://evil.example');
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    // The signature is bound to the photo and the variant.
    const q = new URL(listed.renditions[0].url, 'http://x').search;
    const swapped = await app.http.get(
      `/api/photos/${id}/content${q.replace('thumbnail', 'preview')}`,
    );
    expect([swapped.status, swapped.body.code]).toEqual([403, 'SIGNED_URL_INVALID']);
  });

  it('keeps the detail and file routes to the owner', async () => {
    const { id } = await upload(await solidJpeg(40, 30), 'small.jpg');
    expect((await app.http.get(`/api/photos/${id}`)).status).toBe(401);
    expect((await app.http.get(`/api/photos/${id}/file`)).status).toBe(401);
    expect((await app.http.get(`/api/photos/${id}`).set('Authorization', other.auth)).status).toBe(
      404,
    );
    const otherList = await app.http.get('/api/photos').set('Authorization', other.auth);
    expect(otherList.body.items).toEqual([]);
  });

  it('deleting a photo removes its renditions; its URLs answer 404', async () => {
    const photo = await settled((await upload(await solidJpeg(600, 400), 'gone.jpg')).id);
    const keys: { storage_key: string }[] = await app.db.query(
      'SELECT storage_key FROM photo_renditions WHERE photo_id = $1',
      [photo.id],
    );
    expect(keys).toHaveLength(2);
    for (const k of keys) expect(fs.existsSync(path.join(root, k.storage_key))).toBe(true);
    const del = await app.http.delete(`/api/photos/${photo.id}`).set('Authorization', owner.auth);
    expect(del.status).toBe(204);
    for (const k of keys) expect(fs.existsSync(path.join(root, k.storage_key))).toBe(false);
    expect((await app.http.get(photo.renditions[0].url)).status).toBe(404);
    expect((await app.http.get(photo.url)).status).toBe(404);
  });
});
