import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  startTrainingTestApp,
  TestProfile,
  TrainingTestApp,
} from '../../../testing/training-test-app';
import {
  assetRow,
  createExercise,
  fileOf,
  pngBytes,
  tempMediaRoot,
  uploadAsset,
} from '../media-test-fixtures';
import { MediaStorageSweepService } from './media-storage-sweep.service';

const HOUR = 3_600_000;
const hoursAgo = (h: number): Date => new Date(Date.now() - h * HOUR);

function fileAt(file: string, at: Date): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, 'bytes');
  utimesSync(file, at, at);
  return file;
}

describe('media storage sweep (e2e)', () => {
  let t: TrainingTestApp;
  let root: string;
  let owner: TestProfile;

  beforeAll(async () => {
    root = tempMediaRoot();
    t = await startTrainingTestApp({ MEDIA_ROOT: root });
    owner = await t.newProfile();
  });
  afterAll(() => t.close());

  it('removes stale staging files and media files no asset references, keeps assets and fresh files', async () => {
    const exercise = await createExercise(t, owner);
    const { assetId } = await uploadAsset(t, owner, exercise, pngBytes(300));
    const stored = fileOf(root, (await assetRow(t, assetId))?.storage_key);
    utimesSync(stored, hoursAgo(5), hoursAgo(5));
    const sha = 'ab'.repeat(32);
    // Left by a process killed mid-upload, and by one killed between the rename and the commit.
    const staleStaging = fileAt(path.join(root, '.incoming', `${randomUUID()}.part`), hoursAgo(2));
    const freshStaging = fileAt(path.join(root, '.incoming', `${randomUUID()}.part`), new Date());
    const orphan = fileAt(
      path.join(root, 'media', 'private', owner.id, 'ab', `${sha}.png`),
      hoursAgo(2),
    );
    const freshOrphan = fileAt(
      path.join(root, 'media', 'private', owner.id, 'ab', `${'ab'.repeat(31)}cd.png`),
      new Date(),
    );
    const foreign = fileAt(path.join(root, 'README.txt'), hoursAgo(9));
    // A rendition whose asset was purged while its job ran.
    const orphanRendition = fileAt(
      path.join(root, 'media', 'renditions', randomUUID(), 'thumbnail.webp'),
      hoursAgo(2),
    );

    const report = await t.app.get(MediaStorageSweepService).sweeper.run();

    expect(report).toEqual({
      removed: { media_staging: 1, media: 1, media_renditions: 1 },
      storedSkipped: false,
    });
    expect([staleStaging, orphan, orphanRendition].filter(existsSync)).toEqual([]);
    expect([stored, freshStaging, freshOrphan, foreign].every(existsSync)).toBe(true);
    const file = await t.http
      .get(`/api/media-assets/${assetId}/file`)
      .set('Authorization', owner.auth);
    expect(file.status).toBe(200);
  });
});
