import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import {
  binaryBody,
  imageInfo,
  PHOTO_FIXTURE_SECRETS,
  photoFixture,
  pixelAt,
  solidJpeg,
  startLoopbackS3Server,
  type LoopbackS3Server,
  waitFor,
} from '@sports/common/testing';
import { UrlSigner } from '@sports/common';
import type { Test } from 'supertest';
import {
  startTrainingTestApp,
  TestProfile,
  TrainingTestApp,
} from '../../testing/training-test-app';
import { client, createExercise, fileOf, tempMediaRoot, uploadAsset } from './media-test-fixtures';

const SECRET = randomBytes(32).toString('hex');

/** Reads a binary answer whole. */
const binary = (req: Test): Test => req.buffer(true).parse((res, done) => binaryBody(res, done));

interface Rendition {
  variant: string;
  width: number;
  height: number;
  size_bytes: number;
  url: string;
}

/** The fields of an asset response these tests read. */
interface AssetBody {
  id: string;
  sha256: string;
  lifecycle: string;
  url: string;
  renditions: Rendition[];
  renditions_status: string;
}

describe('media renditions and signed URLs (HTTP)', () => {
  let t: TrainingTestApp;
  let root: string;
  let owner: TestProfile;
  let other: TestProfile;

  beforeAll(async () => {
    root = tempMediaRoot();
    t = await startTrainingTestApp({ MEDIA_ROOT: root, MEDIA_URL_SECRET: SECRET });
    [owner, other] = await Promise.all([t.newProfile(), t.newProfile()]);
    await t.db.query(`UPDATE profiles SET tier = 'trainer' WHERE id = $1`, [owner.id]);
  });
  afterAll(() => t.close());

  const upload = async (bytes: Buffer) => {
    const ex = await createExercise(t, owner);
    return { exerciseId: ex, ...(await uploadAsset(t, owner, ex, bytes)) };
  };

  /** The asset once its rendition job has run. */
  const settled = (id: string): Promise<AssetBody> =>
    waitFor(
      async () => {
        const res = await client(t, owner).get(`/api/media-assets/${id}`);
        expect(res.status).toBe(200);
        return res.body.renditions_status !== 'pending' && (res.body as AssetBody);
      },
      { message: `renditions of asset ${id} no longer pending` },
    );

  const variant = (asset: AssetBody, v: string): Rendition =>
    asset.renditions.find((r) => r.variant === v) as Rendition;

  it.each([
    ['JPEG', 'photo.jpg'],
    ['PNG', 'photo.png'],
    ['WebP', 'photo.webp'],
  ] as const)(
    '%s: WebP renditions, EXIF orientation applied, never upscaled, metadata gone',
    async (_name, fixture) => {
      const { assetId, body } = await upload(photoFixture(fixture));
      // The 201 does not wait for the job (which may have run by the time it is answered).
      const created = body.asset as AssetBody;
      expect(['pending', 'ready']).toContain(created.renditions_status);
      if (created.renditions_status === 'pending') expect(created.renditions).toEqual([]);
      const asset = await settled(assetId);
      expect(asset.renditions_status).toBe('ready');
      // 32×24 with orientation 6 (a quarter turn): 24×32 upright, not enlarged.
      expect(asset.renditions.map((r: Rendition) => [r.variant, r.width, r.height])).toEqual([
        ['thumbnail', 24, 32],
        ['preview', 24, 32],
      ]);
      for (const r of asset.renditions as Rendition[]) {
        const res = await binary(t.http.get(r.url));
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe('image/webp');
        const data = res.body as Buffer;
        expect(data.length).toBe(r.size_bytes);
        const meta = await imageInfo(data);
        expect([meta.format, meta.width, meta.height]).toEqual(['webp', 24, 32]);
        expect(meta.exif).toBeUndefined();
        expect(meta.xmp).toBeUndefined();
        expect(meta.orientation).toBeUndefined();
        for (const secret of PHOTO_FIXTURE_SECRETS) expect(data.includes(secret)).toBe(false);
        // The upright picture: the white corner (top left before the turn) is now top right.
        expect(Math.min(...(await pixelAt(data, 23, 0)))).toBeGreaterThan(200);
        expect(Math.min(...(await pixelAt(data, 0, 31)))).toBeLessThan(200);
      }
      // The original is untouched.
      const original = await binary(t.http.get(asset.url));
      expect((original.body as Buffer).equals(photoFixture(fixture))).toBe(true);
    },
  );

  it('sizes a large image to 256 and 1280 px on the longest side', async () => {
    const { assetId } = await upload(await solidJpeg(2000, 1500));
    const asset = await settled(assetId);
    expect([variant(asset, 'thumbnail').width, variant(asset, 'thumbnail').height]).toEqual([
      256, 192,
    ]);
    expect([variant(asset, 'preview').width, variant(asset, 'preview').height]).toEqual([
      1280, 960,
    ]);
  });

  it('HEIC that the image library cannot decode: no renditions, the original’s URL', async () => {
    const { assetId } = await upload(photoFixture('photo.heic'));
    const asset = await settled(assetId);
    expect(asset.renditions_status).toBe('unsupported');
    expect(asset.renditions).toEqual([]);
    expect((await t.http.get(asset.url)).status).toBe(200);
  });

  it('a non-image has no renditions and a signed URL of its original', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(500)]);
    const { assetId, body } = await upload(pdf);
    expect(body.asset).toMatchObject({ renditions_status: 'none', renditions: [] });
    const res = await binary(t.http.get((body.asset as { url: string }).url));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect((res.body as Buffer).equals(pdf)).toBe(true);
    expect(assetId).toBeDefined();
  });

  describe('the signed file route', () => {
    let asset: AssetBody;
    beforeAll(async () => {
      asset = await settled((await upload(await solidJpeg(640, 480))).assetId);
    });

    it('answers without Authorization, with CORS, CORP, ETag and the remaining lifetime', async () => {
      const res = await binary(t.http.get(asset.url).set('Origin', 'https://app.example'));
      expect(res.status).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe('*');
      expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
      expect(res.headers.etag).toBe(`"${asset.sha256}"`);
      const maxAge = Number(/^private, max-age=(\d+)$/.exec(res.headers['cache-control'])?.[1]);
      expect(maxAge).toBeGreaterThan(880);
      expect(maxAge).toBeLessThanOrEqual(900);
      // Other routes keep the same-origin policy.
      const other = await client(t, owner).get(`/api/media-assets/${asset.id}`);
      expect(other.headers['cross-origin-resource-policy']).toBe('same-origin');
    });

    it('answers 304 to If-None-Match, 206 to a range and 416 outside the file', async () => {
      const thumb = variant(asset, 'thumbnail');
      const first = await t.http.get(thumb.url);
      const again = await t.http.get(thumb.url).set('If-None-Match', first.headers.etag);
      expect(again.status).toBe(304);
      expect(again.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
      const part = await binary(t.http.get(thumb.url).set('Range', 'bytes=2-9'));
      expect(part.status).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 2-9/${thumb.size_bytes}`);
      expect((part.body as Buffer).length).toBe(8);
      const outside = await t.http.get(thumb.url).set('Range', `bytes=${thumb.size_bytes}-`);
      expect(outside.status).toBe(416);
      expect(outside.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(outside.headers['access-control-allow-origin']).toBe('*');
    });

    it('refuses tampered, other-variant, expired and unsigned URLs with 403 problem+json', async () => {
      const url = new URL(variant(asset, 'thumbnail').url, 'http://x');
      const q = Object.fromEntries(url.searchParams);
      const tampered = `${url.pathname}?variant=thumbnail&expires=${Number(q.expires) + 60}&sig=${q.sig}`;
      const swapped = `${url.pathname}?variant=original&expires=${q.expires}&sig=${q.sig}`;
      for (const bad of [tampered, swapped, url.pathname]) {
        const res = await t.http.get(bad);
        expect(res.status).toBe(403);
        expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
        expect(res.body.code).toBe('SIGNED_URL_INVALID');
      }
      // A genuine signature (the service's secret and scope) whose lifetime has run out.
      const scope = `${asset.lifecycle}\n${(await t.db.query('SELECT storage_key FROM media_assets WHERE id = $1', [asset.id]))[0].storage_key}`;
      const past = new UrlSigner(SECRET, 900, () => Date.now() - 3_600_000);
      const expired = await t.http.get(past.sign(url.pathname, 'thumbnail', scope).url);
      expect(expired.status).toBe(403);
      expect(expired.body.code).toBe('SIGNED_URL_EXPIRED');
      const unknown = await t.http.get(
        `/api/media-assets/00000000-0000-4000-8000-000000000000/content?${url.searchParams}`,
      );
      expect(unknown.status).toBe(404);
    });

    it('keeps the authenticated routes for their readers only', async () => {
      expect((await t.http.get(`/api/media-assets/${asset.id}`)).status).toBe(401);
      expect((await t.http.get(`/api/media-assets/${asset.id}/file`)).status).toBe(401);
      expect((await client(t, other).get(`/api/media-assets/${asset.id}`)).status).toBe(404);
      expect((await client(t, other).get(`/api/media-assets/${asset.id}/file`)).status).toBe(404);
    });
  });

  it('trash revokes: old URLs fail, the next signing reflects the new access', async () => {
    const { assetId, exerciseId } = await upload(await solidJpeg(300, 200));
    const before = await settled(assetId);
    const oldThumb = variant(before, 'thumbnail').url;
    expect((await t.http.get(oldThumb)).status).toBe(200);
    const trashed = await client(t, owner).post(`/api/media-assets/${assetId}/lifecycle`, {
      action: 'trash_soft',
    });
    expect(trashed.status).toBe(200);
    for (const old of [before.url, oldThumb]) {
      const res = await t.http.get(old);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('SIGNED_URL_INVALID');
    }
    // The exercise's readers get no URL while the asset is in the trash…
    const media = await client(t, owner).get(`/api/exercises/${exerciseId}/media`);
    expect(media.body.items[0]).toMatchObject({ url: null, renditions: [] });
    // …its lifecycle right holder gets fresh ones.
    const fresh = await client(t, owner).get(`/api/media-assets/${assetId}`);
    expect((await t.http.get(variant(fresh.body, 'thumbnail').url)).status).toBe(200);
  });

  it('exercise media carry signed URLs of the file and renditions', async () => {
    const { assetId, exerciseId } = await upload(await solidJpeg(400, 300));
    await settled(assetId);
    const media = await client(t, owner).get(`/api/exercises/${exerciseId}/media`);
    const item = media.body.items[0];
    expect(item.renditions_status).toBe('ready');
    expect(item.renditions.map((r: Rendition) => r.variant)).toEqual(['thumbnail', 'preview']);
    expect((await t.http.get(item.url)).status).toBe(200);
    expect((await t.http.get(item.renditions[1].url)).status).toBe(200);
  });

  it('purge removes the renditions with the original', async () => {
    const superadmin = await t.newProfile({ role: 'superadmin' });
    const { assetId } = await upload(await solidJpeg(500, 400));
    await settled(assetId);
    const keys: { storage_key: string }[] = await t.db.query(
      'SELECT storage_key FROM media_asset_renditions WHERE asset_id = $1',
      [assetId],
    );
    expect(keys).toHaveLength(2);
    for (const k of keys) expect(existsSync(fileOf(root, k.storage_key))).toBe(true);
    const res = await client(t, superadmin).post(`/api/media-assets/${assetId}/lifecycle`, {
      action: 'purge',
      superadmin_force_lifecycle: true,
    });
    expect(res.status).toBe(200);
    for (const k of keys) expect(existsSync(fileOf(root, k.storage_key))).toBe(false);
  });
});

describe('media renditions with the S3 driver (shared storage layer)', () => {
  let s3: LoopbackS3Server;
  let t: TrainingTestApp;
  let owner: TestProfile;

  beforeAll(async () => {
    s3 = await startLoopbackS3Server();
    t = await startTrainingTestApp({
      MEDIA_ROOT: tempMediaRoot(),
      MEDIA_STORAGE_DRIVER: 's3',
      S3_ENDPOINT: s3.url,
      S3_BUCKET: 'media',
      S3_ACCESS_KEY_ID: 'test',
      S3_SECRET_ACCESS_KEY: 'test-secret',
      S3_FORCE_PATH_STYLE: 'true',
    });
    owner = await t.newProfile();
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('stores renditions as objects and serves them and ranges of the original', async () => {
    const ex = await createExercise(t, owner);
    const jpeg = await solidJpeg(1600, 1200);
    const { assetId } = await uploadAsset(t, owner, ex, jpeg);
    const asset = await waitFor(
      async () => {
        const body = (await client(t, owner).get(`/api/media-assets/${assetId}`)).body;
        return body.renditions_status !== 'pending' && (body as AssetBody);
      },
      { message: `renditions of asset ${assetId} no longer pending` },
    );
    expect(asset.renditions_status).toBe('ready');
    const preview = variant(asset, 'preview');
    expect([preview.width, preview.height]).toEqual([1280, 960]);
    const keys = [...s3.objects.keys()].filter((k) => k.includes(`/renditions/${assetId}/`));
    expect(keys.sort()).toEqual([
      `media/media/renditions/${assetId}/preview.webp`,
      `media/media/renditions/${assetId}/thumbnail.webp`,
    ]);
    const res = await binary(t.http.get(preview.url));
    expect(res.status).toBe(200);
    expect((await imageInfo(res.body as Buffer)).width).toBe(1280);
    const part = await binary(t.http.get(asset.url).set('Range', 'bytes=0-1'));
    expect(part.status).toBe(206);
    expect((part.body as Buffer).equals(jpeg.subarray(0, 2))).toBe(true);
  });

  function variant(asset: AssetBody, v: string): Rendition {
    return asset.renditions.find((r) => r.variant === v) as Rendition;
  }
});
