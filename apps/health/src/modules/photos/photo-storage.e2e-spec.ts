import {
  PHOTO_FIXTURE_SECRETS,
  photoFixture,
  renditionsSettled,
  startLoopbackS3Server,
  type LoopbackS3Server,
} from '@sports/common/testing';
import exifr from 'exifr';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { HealthTestApp, startHealthTestApp, TestUser } from '../../testing/health-test-app';
import { CsvUploadSweepService } from '../csv-import/csv-upload-sweep.service';
import { UPLOAD_DIR } from '../csv-import/csv-upload';
import { PhotoStorageSweepService } from './photo-storage-sweep.service';

const HOUR = 3_600_000;
const hoursAgo = (h: number): Date => new Date(Date.now() - h * HOUR);

/** A file at `file` with the given last write time. */
function fileAt(file: string, at: Date, content = 'x'): string {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  fs.utimesSync(file, at, at);
  return file;
}

const bytesOf = (res: { body: unknown }): Buffer => res.body as Buffer;
describe('photo storage (e2e)', () => {
  describe('with the S3 driver', () => {
    let s3: LoopbackS3Server;
    let root: string;
    let app: HealthTestApp;
    let user: TestUser;

    beforeAll(async () => {
      s3 = await startLoopbackS3Server();
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'health-photos-s3-'));
      app = await startHealthTestApp({
        PHOTO_STORAGE_DRIVER: 's3',
        PHOTO_ROOT: root,
        S3_ENDPOINT: s3.url,
        S3_BUCKET: 'photos',
        S3_ACCESS_KEY_ID: 'test',
        S3_SECRET_ACCESS_KEY: 'test-secret',
        S3_FORCE_PATH_STYLE: 'true',
      });
      user = await app.newUser({ tier: 'plus' });
    });
    afterAll(async () => {
      await app.close();
      await s3.close();
      fs.rmSync(root, { recursive: true, force: true });
    });

    it('stores the photo without metadata as an object, serves it and deletes it', async () => {
      const res = await app.http
        .post('/api/photos')
        .set('Authorization', user.auth)
        .attach('file', photoFixture('photo.jpg'), { filename: 'p.jpg' });
      expect(res.status).toBe(201);
      const key = `photos/${user.id}/${res.body.id}.jpg`;
      const object = s3.objects.get(key)?.body as Buffer;
      expect(object.length).toBe(res.body.byte_size);
      expect(await exifr.gps(object)).toBeUndefined();
      for (const secret of PHOTO_FIXTURE_SECRETS) expect(object.includes(secret)).toBe(false);
      // Nothing stays in the local staging area.
      expect(fs.readdirSync(path.join(root, '.incoming'))).toEqual([]);

      const file = await app.http
        .get(`/api/photos/${res.body.id}/file`)
        .set('Authorization', user.auth)
        .buffer(true)
        .parse((r, cb) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => cb(null, Buffer.concat(chunks)));
        });
      expect(file.status).toBe(200);
      expect(bytesOf(file).equals(object)).toBe(true);

      const del = await app.http
        .delete(`/api/photos/${res.body.id}`)
        .set('Authorization', user.auth);
      expect(del.status).toBe(204);
      expect(s3.objects.has(key)).toBe(false);
    });

    it('sweeps an object whose row was never committed and keeps the objects of photos', async () => {
      const res = await app.http
        .post('/api/photos')
        .set('Authorization', user.auth)
        .attach('file', photoFixture('photo.png'), { filename: 'p.png' });
      const kept = `photos/${user.id}/${res.body.id}.png`;
      const orphan = `photos/${user.id}/${randomUUID()}.jpg`;
      s3.objects.set(orphan, { body: Buffer.from('orphan'), modifiedAt: hoursAgo(3) });
      (s3.objects.get(kept) as { modifiedAt: Date }).modifiedAt = hoursAgo(3);

      const report = await app.app.get(PhotoStorageSweepService).sweeper.run();

      expect(report.removed.photos).toBe(1);
      expect(s3.objects.has(orphan)).toBe(false);
      expect(s3.objects.has(kept)).toBe(true);
    });

    it('answers 503 with Retry-After while the object store is unreachable, and keeps nothing', async () => {
      // The renditions of the photos above first: a rendition job running while the store is
      // down would be retried, its staged file briefly in .incoming beside the upload's.
      await renditionsSettled(app.db, 'photos');
      await s3.close();
      const res = await app.http
        .post('/api/photos')
        .set('Authorization', user.auth)
        .attach('file', photoFixture('photo.jpg'), { filename: 'p.jpg' });
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
      expect(fs.readdirSync(path.join(root, '.incoming'))).toEqual([]);
      const rows = await app.db.query('SELECT 1 FROM photos WHERE user_id = $1', [user.id]);
      expect(rows).toHaveLength(1); // the PNG of the sweep test above
    });
  });

  describe('sweep of the local folder and the CSV uploads', () => {
    let root: string;
    let app: HealthTestApp;
    let user: TestUser;

    beforeAll(async () => {
      root = fs.mkdtempSync(path.join(os.tmpdir(), 'health-photos-sweep-'));
      app = await startHealthTestApp({ PHOTO_ROOT: root });
      user = await app.newUser({ tier: 'plus' });
    });
    afterAll(async () => {
      await app.close();
      fs.rmSync(root, { recursive: true, force: true });
    });

    it('removes stale staging files and photos without a row, keeps fresh staging files and stored photos', async () => {
      const res = await app.http
        .post('/api/photos')
        .set('Authorization', user.auth)
        .attach('file', photoFixture('photo.jpg'), { filename: 'p.jpg' });
      const [row] = await app.db.query('SELECT storage_path FROM photos WHERE id = $1', [
        res.body.id,
      ]);
      const referenced = path.join(root, row.storage_path);
      fs.utimesSync(referenced, hoursAgo(3), hoursAgo(3));
      // A process killed mid-upload, and one killed between the rename and the commit.
      const staleStaging = fileAt(
        path.join(root, '.incoming', `${randomUUID()}.part`),
        hoursAgo(2),
      );
      const freshStaging = fileAt(path.join(root, '.incoming', `${randomUUID()}.part`), new Date());
      const orphan = fileAt(path.join(root, user.id, `${randomUUID()}.jpg`), hoursAgo(2));
      const freshOrphan = fileAt(path.join(root, user.id, `${randomUUID()}.jpg`), new Date());
      const foreign = fileAt(path.join(root, 'notes', 'keep-me.txt'), hoursAgo(5));

      const report = await app.app.get(PhotoStorageSweepService).sweeper.run();

      expect(report.removed).toEqual({ photo_staging: 1, photos: 1, photo_renditions: 0 });
      expect([staleStaging, orphan].filter(fs.existsSync)).toEqual([]);
      expect([referenced, freshStaging, freshOrphan, foreign].every(fs.existsSync)).toBe(true);
      const metrics = await app.http.get('/api/metrics');
      expect(metrics.text).toContain(
        'storage_sweep_removed_files_total{area="photos",kind="orphan"} 1',
      );
    });

    it('removes temporary CSV uploads left by a killed import once they are old', async () => {
      const stale = fileAt(path.join(UPLOAD_DIR, `${randomUUID()}.csv`), hoursAgo(2), 'date,kg');
      const fresh = fileAt(path.join(UPLOAD_DIR, `${randomUUID()}.csv`), new Date(), 'date,kg');
      try {
        const report = await app.app.get(CsvUploadSweepService).sweeper.run();
        expect(report.removed.csv_uploads).toBeGreaterThanOrEqual(1);
        expect(fs.existsSync(stale)).toBe(false);
        expect(fs.existsSync(fresh)).toBe(true);
      } finally {
        fs.rmSync(fresh, { force: true });
      }
    });
  });
});
