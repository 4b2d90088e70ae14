import { PHOTO_FIXTURE_SECRETS, photoFixture, waitFor } from '@sports/common/testing';
import exifr from 'exifr';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import { HealthTestApp, startHealthTestApp, TestUser } from '../../testing/health-test-app';

/** A valid 1×1 PNG built from its chunks (PNG spec, ISO/IEC 15948). */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer): number => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer): Buffer => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Every file below `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

describe('photos (e2e)', () => {
  const MAX_BYTES = 8192;
  let root: string;
  let app: HealthTestApp;
  let owner: TestUser;
  let other: TestUser;
  const png = tinyPng();

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'health-photos-'));
    app = await startHealthTestApp({ PHOTO_ROOT: root, PHOTO_MAX_BYTES: String(MAX_BYTES) });
    owner = await app.newUser({ tier: 'plus' });
    other = await app.newUser({ tier: 'plus' });
  });
  afterAll(async () => {
    await app.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  const upload = (user: TestUser, content: Buffer, filename = 'me.png') =>
    app.http
      .post('/api/photos')
      .set('Authorization', user.auth)
      .field('taken_on', '2026-01-15')
      .field('pose', 'front')
      .attach('file', content, { filename, contentType: 'image/png' });

  it('accepts a PNG, stores it under the owner folder with a server-chosen name and serves it back byte-identical', async () => {
    const res = await upload(owner, png, '../../evil.png');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      taken_on: '2026-01-15',
      pose: 'front',
      mime_type: 'image/png',
      byte_size: png.length,
      file_url: `/api/photos/${res.body.id}/file`,
    });
    const [row] = await app.db.query(
      'SELECT user_id, storage_path, sha256 FROM photos WHERE id = $1',
      [res.body.id],
    );
    expect(row.user_id).toBe(owner.id);
    expect(row.storage_path).toBe(path.join(owner.id, `${res.body.id}.png`));
    expect(fs.readFileSync(path.join(root, row.storage_path)).equals(png)).toBe(true);
    // The renditions job starts with the upload's commit and stages its files under the same
    // root: once it has ended, the root holds the photo and its renditions, no staging file.
    await waitFor(
      async () => {
        const [{ status }] = await app.db.query(
          'SELECT renditions_status AS status FROM photos WHERE id = $1',
          [res.body.id],
        );
        return status !== 'pending';
      },
      { message: `renditions of photo ${res.body.id} no longer pending` },
    );
    const renditions = await app.db.query(
      'SELECT storage_key FROM photo_renditions WHERE photo_id = $1',
      [res.body.id],
    );
    expect(filesUnder(root).sort()).toEqual(
      [row.storage_path, ...renditions.map((r: { storage_key: string }) => r.storage_key)].sort(),
    );

    const file = await app.http
      .get(`/api/photos/${res.body.id}/file`)
      .set('Authorization', owner.auth)
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(file.body as Buffer, png)).toBe(0);
  });

  describe('metadata', () => {
    const stored = async (id: string): Promise<Buffer> => {
      const [row] = await app.db.query('SELECT storage_path FROM photos WHERE id = $1', [id]);
      return fs.readFileSync(path.join(root, row.storage_path));
    };
    const served = async (id: string): Promise<Buffer> =>
      (
        await app.http
          .get(`/api/photos/${id}/file`)
          .set('Authorization', owner.auth)
          .buffer(true)
          .parse((r, cb) => {
            const chunks: Buffer[] = [];
            r.on('data', (c: Buffer) => chunks.push(c));
            r.on('end', () => cb(null, Buffer.concat(chunks)));
          })
      ).body as Buffer;

    it('stores a phone JPEG without its GPS position, EXIF and XMP, keeping its orientation', async () => {
      const jpeg = photoFixture('photo.jpg');
      expect((await exifr.gps(jpeg))?.latitude).toBeCloseTo(52.52, 2);
      const res = await upload(owner, jpeg, 'holiday.jpg');
      expect(res.status).toBe(201);
      expect(res.body.mime_type).toBe('image/jpeg');

      const file = await stored(res.body.id);
      expect(await exifr.gps(file)).toBeUndefined();
      expect(
        await exifr.parse(file, { xmp: true, iptc: true, icc: false, translateValues: false }),
      ).toEqual({ Orientation: 6 });
      for (const secret of PHOTO_FIXTURE_SECRETS) expect(file.includes(secret)).toBe(false);
      expect(res.body.byte_size).toBe(file.length);
      expect(res.body.sha256).toBe(createHash('sha256').update(file).digest('hex'));
      expect((await served(res.body.id)).equals(file)).toBe(true);
    });

    it.each(['photo.png', 'photo.webp', 'photo.heic'] as const)(
      'stores %s without the GPS position and the other metadata',
      async (name) => {
        const res = await upload(owner, photoFixture(name), name);
        expect(res.status).toBe(201);
        const file = await stored(res.body.id);
        for (const secret of PHOTO_FIXTURE_SECRETS) expect(file.includes(secret)).toBe(false);
        expect(file.includes('GPS')).toBe(false);
      },
    );

    it('refuses a file that starts like a JPEG but is none with 415 and keeps nothing', async () => {
      const user = await app.newUser({ tier: 'plus' });
      const res = await upload(user, Buffer.from([0xff, 0xd8, 0xff, 0xe1, 0xff, 0xff, 1, 2, 3]));
      expect(res.status).toBe(415);
      expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(filesUnder(root).filter((f) => f.startsWith(user.id) || f.startsWith('.'))).toEqual(
        [],
      );
      expect(await app.db.query('SELECT 1 FROM photos WHERE user_id = $1', [user.id])).toEqual([]);
    });
  });

  it('lists only the own photos', async () => {
    const mine = await upload(owner, png);
    const list = await app.http.get('/api/photos').set('Authorization', owner.auth);
    expect(list.status).toBe(200);
    expect(list.body.items.map((p: { id: string }) => p.id)).toContain(mine.body.id);
    const theirs = await app.http.get('/api/photos').set('Authorization', other.auth);
    expect(theirs.body).toMatchObject({ items: [], total: 0 });
  });

  it('answers the same bytes when uploaded, listed and read, and the total past the end', async () => {
    const user = await app.newUser({ tier: 'plus' });
    const first = await upload(user, png);
    const second = await upload(user, png);
    expect([first.status, second.status]).toEqual([201, 201]);
    // Signed URLs carry their expiry and renditions appear when their job has run: the
    // stored fields are the same bytes everywhere.
    const stable = ({ url, renditions, renditions_status, ...rest }: Record<string, unknown>) => {
      expect([typeof url, Array.isArray(renditions), typeof renditions_status]).toEqual([
        'string',
        true,
        'string',
      ]);
      return rest;
    };
    const list = await app.http.get('/api/photos?limit=10').set('Authorization', user.auth);
    expect(JSON.stringify({ ...list.body, items: list.body.items.map(stable) })).toBe(
      JSON.stringify({
        items: [stable(second.body), stable(first.body)],
        total: 2,
        limit: 10,
        offset: 0,
      }),
    );
    const detail = await app.http
      .get(`/api/photos/${first.body.id}`)
      .set('Authorization', user.auth);
    expect(JSON.stringify(stable(detail.body))).toBe(JSON.stringify(stable(first.body)));
    expect(Object.keys(detail.body)).toEqual([
      'id',
      'taken_on',
      'pose',
      'mime_type',
      'byte_size',
      'sha256',
      'file_url',
      'created_at',
      'url',
      'renditions',
      'renditions_status',
    ]);
    const past = await app.http.get('/api/photos?limit=1&offset=4').set('Authorization', user.auth);
    expect(past.body).toEqual({ items: [], total: 2, limit: 1, offset: 4 });
    // The refusal tests below expect no stored file but the owner's.
    for (const photo of [first, second]) {
      const del = await app.http
        .delete(`/api/photos/${photo.body.id}`)
        .set('Authorization', user.auth);
      expect(del.status).toBe(204);
    }
  });

  it('answers 404 to another user for the photo, its file and its deletion', async () => {
    const res = await upload(owner, png);
    const id = res.body.id;
    expect((await app.http.get(`/api/photos/${id}`).set('Authorization', other.auth)).status).toBe(
      404,
    );
    expect(
      (await app.http.get(`/api/photos/${id}/file`).set('Authorization', other.auth)).status,
    ).toBe(404);
    expect(
      (await app.http.delete(`/api/photos/${id}`).set('Authorization', other.auth)).status,
    ).toBe(404);
    const rows = await app.db.query('SELECT storage_path FROM photos WHERE id = $1', [id]);
    expect(fs.existsSync(path.join(root, rows[0].storage_path))).toBe(true);
  });

  it('refuses anonymous callers with 401', async () => {
    const res = await upload(owner, png);
    const id = res.body.id;
    expect((await app.http.get('/api/photos')).status).toBe(401);
    expect(
      (await app.http.post('/api/photos').attach('file', png, { filename: 'a.png' })).status,
    ).toBe(401);
    expect((await app.http.get(`/api/photos/${id}`)).status).toBe(401);
    expect((await app.http.get(`/api/photos/${id}/file`)).status).toBe(401);
    expect((await app.http.delete(`/api/photos/${id}`)).status).toBe(401);
  });

  it('deletes the row and the file', async () => {
    const res = await upload(owner, png);
    const [row] = await app.db.query('SELECT storage_path FROM photos WHERE id = $1', [
      res.body.id,
    ]);
    const del = await app.http
      .delete(`/api/photos/${res.body.id}`)
      .set('Authorization', owner.auth);
    expect(del.status).toBe(204);
    expect(await app.db.query('SELECT 1 FROM photos WHERE id = $1', [res.body.id])).toHaveLength(0);
    expect(fs.existsSync(path.join(root, row.storage_path))).toBe(false);
    const file = await app.http
      .get(`/api/photos/${res.body.id}/file`)
      .set('Authorization', owner.auth);
    expect(file.status).toBe(404);
  });

  describe('refusals leave nothing behind', () => {
    let user: TestUser;
    beforeAll(async () => {
      user = await app.newUser({ tier: 'plus' });
    });

    it('refuses an upload from a tier without the photos feature with 403, before reading the file', async () => {
      const free = await app.newUser();
      const before = filesUnder(root).length;
      const res = await upload(free, png);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ code: 'FEATURE_REQUIRED', missing_features: ['photos'] });
      expect(filesUnder(root)).toHaveLength(before);
    });
    const userFiles = (): string[] => filesUnder(root).filter((f) => !f.startsWith(owner.id));

    it('refuses a text file renamed .jpg with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
      const res = await app.http
        .post('/api/photos')
        .set('Authorization', user.auth)
        .attach('file', Buffer.from('just some text, not an image at all'), {
          filename: 'holiday.jpg',
          contentType: 'image/jpeg',
        });
      expect(res.status).toBe(415);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(userFiles()).toEqual([]);
      expect(await app.db.query('SELECT 1 FROM photos WHERE user_id = $1', [user.id])).toHaveLength(
        0,
      );
    });

    it('refuses a file above PHOTO_MAX_BYTES with 413 problem+json', async () => {
      const big = Buffer.concat([png, Buffer.alloc(MAX_BYTES)]);
      const res = await app.http
        .post('/api/photos')
        .set('Authorization', user.auth)
        .attach('file', big, { filename: 'big.png' });
      expect(res.status).toBe(413);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
      expect(userFiles()).toEqual([]);
    });

    it('refuses a missing file and bad fields with 400 and removes the upload', async () => {
      const none = await app.http
        .post('/api/photos')
        .set('Authorization', user.auth)
        .field('taken_on', '2026-01-15');
      expect(none.status).toBe(400);
      expect(none.body.errors[0].path).toBe('file');
      for (const [name, value] of [
        ['pose', 'upside_down'],
        ['taken_on', '2026-02-31'],
        ['owner_id', owner.id],
      ]) {
        const res = await app.http
          .post('/api/photos')
          .set('Authorization', user.auth)
          .field(name, value)
          .attach('file', png, { filename: 'p.png' });
        expect(res.status).toBe(400);
      }
      expect(userFiles()).toEqual([]);
      expect(await app.db.query('SELECT 1 FROM photos WHERE user_id = $1', [user.id])).toHaveLength(
        0,
      );
    });
  });
});
