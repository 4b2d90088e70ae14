import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { statusesOfConcurrent } from '@sports/common/testing';
import { insertClub, insertMember } from '../club-memberships/club-test-fixtures';
import { TIER_LIMITS } from '../membership/membership-tiers';
import {
  assetRow,
  client,
  createExercise,
  fileOf,
  pdfBytes,
  pngBytes,
  stagingFiles,
  uploadAsset,
} from '../media-assets/media-test-fixtures';
import {
  startTrainingTestApp,
  TestProfile,
  TrainingTestApp,
} from '../../testing/training-test-app';

describe('exercise media (HTTP): upload, dedupe, links, save rules, inline media', () => {
  let t: TrainingTestApp;
  let root: string;
  let superadmin: TestProfile;
  let admin: TestProfile;
  let owner: TestProfile;
  let trainerA: TestProfile;
  let memberA: TestProfile;
  let clubAdminA: TestProfile;
  let memberB: TestProfile;
  let stranger: TestProfile;
  let clubA: string;
  let clubB: string;

  beforeAll(async () => {
    // The media folder of the worker's shared application (removed with it).
    t = await startTrainingTestApp();
    root = t.config.MEDIA_ROOT;
    [superadmin, admin, owner, trainerA, memberA, clubAdminA, memberB, stranger] =
      await Promise.all([
        t.newProfile({ role: 'superadmin' }),
        t.newProfile({ role: 'admin' }),
        t.newProfile(),
        t.newProfile(),
        t.newProfile(),
        t.newProfile(),
        t.newProfile(),
        t.newProfile(),
      ]);
    clubA = await insertClub(t.db, 'Club A', [
      { profileId: clubAdminA.id, roles: ['club_admin'] },
      { profileId: trainerA.id, roles: ['trainer'] },
      { profileId: memberA.id, roles: ['member'] },
      { profileId: owner.id, roles: ['trainer'] },
    ]);
    clubB = await insertClub(t.db, 'Club B', [
      { profileId: memberB.id, roles: ['trainer'] },
      { profileId: owner.id, roles: ['trainer'] },
    ]);
  });
  afterAll(() => t.close());

  const sha = (b: Buffer): string => createHash('sha256').update(b).digest('hex');

  describe('upload', () => {
    it('streams the file to the layout path, sniffs the type and lists it in the detail', async () => {
      const ex = await createExercise(t, owner);
      const bytes = pngBytes(5000);
      const res = await client(t, owner).upload(ex, bytes, 'bild.png', {
        label: 'Aufstellung',
        caption: 'Start',
        copyright_notice: 'Foto: Verein',
        tags: 'start, aufbau',
      });
      expect(res.status).toBe(201);
      expect(res.body.deduplicated).toBe(false);
      expect(res.body.asset).toMatchObject({
        media_kind: 'image',
        mime_type: 'image/png',
        size_bytes: 5000,
        sha256: sha(bytes),
        visibility: 'private',
        lifecycle: 'active',
        copyright_notice: 'Foto: Verein',
        tags: ['start', 'aufbau'],
        original_name: 'bild.png',
      });
      const row = await assetRow(t, res.body.asset.id);
      expect(row?.storage_key).toBe(
        `media/private/${owner.id}/${sha(bytes).slice(0, 2)}/${sha(bytes)}.png`,
      );
      expect(readFileSync(fileOf(root, row?.storage_key)).equals(bytes)).toBe(true);
      const detail = await client(t, owner).get(`/api/exercises/${ex}`);
      expect(detail.body.media).toEqual([
        expect.objectContaining({
          id: res.body.media.id,
          media_asset_id: res.body.asset.id,
          label: 'Aufstellung',
          caption: 'Start',
          asset_lifecycle_state: 'active',
          embedded: false,
          lifecycle_hint: null,
        }),
      ]);
      expect(stagingFiles(root)).toEqual([]);
    });

    it('trusts the content, not a file name and MIME type that lie about it', async () => {
      const ex = await createExercise(t, owner);
      const bytes = pdfBytes(700);
      const lie = await t.http
        .post(`/api/exercises/${ex}/media`)
        .set('Authorization', owner.auth)
        .attach('file', bytes, { filename: 'holiday.jpg', contentType: 'image/jpeg' });
      expect(lie.status).toBe(201);
      expect(lie.body.asset).toMatchObject({
        media_kind: 'document',
        mime_type: 'application/pdf',
        original_name: 'holiday.jpg',
      });
      const row = await assetRow(t, lie.body.asset.id);
      expect(row?.storage_key.endsWith('.pdf')).toBe(true);
    });

    it('refuses content of no supported type with 415 and keeps nothing', async () => {
      const ex = await createExercise(t, owner);
      const before = await t.db.query('SELECT count(*)::int AS n FROM media_assets');
      const res = await client(t, owner).upload(
        ex,
        Buffer.from('<html><script>alert(1)</script></html>'),
        'x.png',
      );
      expect(res.status).toBe(415);
      expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(await t.db.query('SELECT count(*)::int AS n FROM media_assets')).toEqual(before);
      expect(stagingFiles(root)).toEqual([]);
    });

    it('refuses a file over the tier limit with 413 and keeps no partial file', async () => {
      const ex = await createExercise(t, stranger);
      const big = pngBytes(10 * 1024 * 1024 + 10);
      const res = await client(t, stranger).upload(ex, big, 'big.png');
      expect(res.status).toBe(413);
      expect(
        await t.db.query('SELECT 1 FROM media_assets WHERE uploaded_by_profile_id = $1', [
          stranger.id,
        ]),
      ).toEqual([]);
      expect(stagingFiles(root)).toEqual([]);
    });

    it('allows the bigger file on a higher tier', async () => {
      await t.db.query(`UPDATE profiles SET tier = 'trainer' WHERE id = $1`, [memberB.id]);
      const ex = await createExercise(t, memberB);
      const res = await client(t, memberB).upload(ex, pngBytes(10 * 1024 * 1024 + 10), 'big.png');
      expect(res.status).toBe(201);
    });

    it('refuses a request without a file part with 400', async () => {
      const ex = await createExercise(t, owner);
      const res = await t.http
        .post(`/api/exercises/${ex}/media`)
        .set('Authorization', owner.auth)
        .field('label', 'x');
      expect(res.status).toBe(400);
    });

    it('refuses anonymous callers (401), strangers (404) and read-only members (403)', async () => {
      const priv = await createExercise(t, owner);
      const club = await createExercise(t, owner, { visibility: 'club', club_id: clubA }, clubA);
      const bytes = pngBytes();
      expect(
        (await t.http.post(`/api/exercises/${priv}/media`).attach('file', bytes, 'a.png')).status,
      ).toBe(401);
      expect((await client(t, stranger).upload(priv, bytes)).status).toBe(404);
      expect((await client(t, memberA, clubA).upload(club, bytes)).status).toBe(403);
      expect(
        await t.db.query('SELECT 1 FROM media_assets WHERE sha256 = $1', [sha(bytes)]),
      ).toEqual([]);
    });
  });

  describe('storage quota of the tier', () => {
    const FREE_QUOTA = TIER_LIMITS.free.storage_quota_bytes;
    /** Records stored media of `bytes` for `p` (a row only; the quota counts the rows). */
    const occupy = async (p: TestProfile, bytes: number, visibility = 'private'): Promise<void> => {
      const hash = sha(pngBytes(64));
      await t.db.query(
        `INSERT INTO media_assets (sha256, size_bytes, media_kind, mime_type, extension, original_name,
           visibility, club_id, owner_profile_id, uploaded_by_profile_id, storage_key)
         VALUES ($1, $2, 'image', 'image/png', 'png', 'alt.png', $3, $4, $5, $5, $6)`,
        [
          hash,
          bytes,
          visibility,
          visibility === 'club' ? clubA : null,
          p.id,
          `media/${visibility}/${p.id}/${hash.slice(0, 2)}/${hash}.png`,
        ],
      );
    };
    const assetsOf = async (p: TestProfile): Promise<number> =>
      (
        await t.db.query(
          'SELECT count(*)::int AS n FROM media_assets WHERE owner_profile_id = $1',
          [p.id],
        )
      )[0].n;

    it('refuses an upload past the quota with 413 STORAGE_QUOTA_EXCEEDED and stores nothing', async () => {
      const p = await t.newProfile();
      await occupy(p, FREE_QUOTA - 1000);
      const ex = await createExercise(t, p);
      const res = await client(t, p).upload(ex, pngBytes(5000));
      expect(res.status).toBe(413);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.body).toMatchObject({
        code: 'STORAGE_QUOTA_EXCEEDED',
        tier: 'free',
        quota_bytes: FREE_QUOTA,
        used_bytes: FREE_QUOTA - 1000,
        file_bytes: 5000,
      });
      expect(await assetsOf(p)).toBe(1);
      expect(await t.db.query('SELECT 1 FROM exercise_media WHERE exercise_id = $1', [ex])).toEqual(
        [],
      );
      expect(stagingFiles(root)).toEqual([]);
      expect(existsSync(path.join(root, 'media', 'private', p.id))).toBe(false);
    });

    it('counts stored content once: uploading content the profile already stores passes at the quota', async () => {
      const p = await t.newProfile();
      const bytes = pngBytes(5000);
      const first = await uploadAsset(t, p, await createExercise(t, p), bytes);
      await occupy(p, FREE_QUOTA - 5000);
      const again = await client(t, p).upload(await createExercise(t, p), bytes);
      expect(again.status).toBe(201);
      expect(again.body).toMatchObject({ deduplicated: true, asset: { id: first.assetId } });
      expect((await client(t, p).upload(await createExercise(t, p), pngBytes(10))).status).toBe(
        413,
      );
    });

    it('counts club uploads against their uploader', async () => {
      const p = await t.newProfile();
      await insertMember(t.db, clubA, p.id, ['trainer']);
      await occupy(p, FREE_QUOTA - 100, 'club');
      const ex = await createExercise(t, p, { visibility: 'club', club_id: clubA }, clubA);
      const res = await client(t, p, clubA).upload(ex, pngBytes(5000), 'a.png', {
        copyright_notice: 'Verein A',
      });
      expect(res.status).toBe(413);
      expect(res.body.code).toBe('STORAGE_QUOTA_EXCEEDED');
    });

    it('lets only one of four simultaneous uploads take the last free bytes', async () => {
      const p = await t.newProfile();
      await occupy(p, FREE_QUOTA - 6000);
      const ex = await createExercise(t, p);
      const statuses = await statusesOfConcurrent(4, () => client(t, p).upload(ex, pngBytes(5000)));
      expect(statuses).toEqual({ 201: 1, 413: 3 });
      expect(await assetsOf(p)).toBe(2);
      expect(stagingFiles(root)).toEqual([]);
    });
  });

  describe('de-duplication', () => {
    it('links the existing asset for the same content, visibility and owner', async () => {
      const bytes = pngBytes();
      const ex1 = await createExercise(t, owner);
      const ex2 = await createExercise(t, owner);
      const first = await uploadAsset(t, owner, ex1, bytes);
      const second = await client(t, owner).upload(ex2, bytes);
      expect(second.status).toBe(201);
      expect(second.body.deduplicated).toBe(true);
      expect(second.body.asset.id).toBe(first.assetId);
      const rows = await t.db.query('SELECT id FROM media_assets WHERE sha256 = $1', [sha(bytes)]);
      expect(rows).toHaveLength(1);
      const links = await t.db.query('SELECT 1 FROM exercise_media WHERE media_asset_id = $1', [
        first.assetId,
      ]);
      expect(links).toHaveLength(2);
    });

    it('keeps one asset per visibility and per club for the same content', async () => {
      const bytes = pngBytes();
      const priv = await createExercise(t, owner);
      const inA = await createExercise(t, owner, { visibility: 'club', club_id: clubA }, clubA);
      const inA2 = await createExercise(t, owner, { visibility: 'club', club_id: clubA }, clubA);
      const inB = await createExercise(t, owner, { visibility: 'club', club_id: clubB }, clubB);
      const p = await uploadAsset(t, owner, priv, bytes);
      const a = await uploadAsset(t, owner, inA, bytes, { copyright_notice: 'Verein A' }, clubA);
      const a2 = await uploadAsset(t, owner, inA2, bytes, {}, clubA);
      const b = await uploadAsset(t, owner, inB, bytes, { copyright_notice: 'Verein B' }, clubB);
      expect(new Set([p.assetId, a.assetId, b.assetId]).size).toBe(3);
      expect(a2.assetId).toBe(a.assetId);
      const rows = await t.db.query(
        'SELECT visibility, club_id, storage_key FROM media_assets WHERE sha256 = $1 ORDER BY storage_key',
        [sha(bytes)],
      );
      expect(
        rows.map((r: { visibility: string; club_id: string | null }) => [r.visibility, r.club_id]),
      ).toEqual(
        expect.arrayContaining([
          ['private', null],
          ['club', clubA],
          ['club', clubB],
        ]),
      );
      for (const r of rows) expect(existsSync(fileOf(root, r.storage_key))).toBe(true);
    });

    it('backs the de-duplication by unique indexes (a second row is refused by the database)', async () => {
      const ex = await createExercise(t, owner);
      const { assetId } = await uploadAsset(t, owner, ex, pngBytes());
      await expect(
        t.db.query(
          `INSERT INTO media_assets (sha256, size_bytes, media_kind, mime_type, extension, original_name,
             visibility, club_id, owner_profile_id, storage_key)
           SELECT sha256, size_bytes, media_kind, mime_type, extension, original_name, visibility,
             club_id, owner_profile_id, storage_key || '.x' FROM media_assets WHERE id = $1`,
          [assetId],
        ),
      ).rejects.toThrow(/media_assets_dedupe_private_key/);
    });

    it('answers 409 MEDIA_ASSET_IN_TRASH for content in trash; reactivate and link then work', async () => {
      const bytes = pngBytes();
      const ex1 = await createExercise(t, owner);
      const ex2 = await createExercise(t, owner);
      const { assetId, linkId } = await uploadAsset(t, owner, ex1, bytes);
      expect((await client(t, owner).del(`/api/exercises/${ex1}/media/${linkId}`)).status).toBe(
        200,
      );
      const trash = await client(t, owner).post(`/api/media-assets/${assetId}/lifecycle`, {
        action: 'trash_soft',
      });
      expect(trash.status).toBe(200);
      const again = await client(t, owner).upload(ex2, bytes);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'MEDIA_ASSET_IN_TRASH', asset_id: assetId });
      expect(
        await t.db.query('SELECT 1 FROM exercise_media WHERE exercise_id = $1', [ex2]),
      ).toEqual([]);
      expect(stagingFiles(root)).toEqual([]);
      const link409 = await client(t, owner).post(`/api/exercises/${ex2}/media/from-asset`, {
        media_asset_id: assetId,
      });
      expect(link409.status).toBe(409);
      const re = await client(t, owner).post(`/api/media-assets/${assetId}/lifecycle`, {
        action: 'reactivate',
      });
      expect(re.status).toBe(200);
      expect(re.body.lifecycle).toBe('active');
      const link = await client(t, owner).post(`/api/exercises/${ex2}/media/from-asset`, {
        media_asset_id: assetId,
        label: 'wieder da',
      });
      expect(link.status).toBe(201);
      expect(link.body.media).toMatchObject({ media_asset_id: assetId, label: 'wieder da' });
    });

    it('ends 10 concurrent uploads of the same content with one asset and one file', async () => {
      const bytes = pngBytes(50_000);
      const ex = await createExercise(t, owner);
      const results = await Promise.all(
        Array.from({ length: 10 }, () => client(t, owner).upload(ex, bytes)),
      );
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
      const rows = await t.db.query('SELECT storage_key FROM media_assets WHERE sha256 = $1', [
        sha(bytes),
      ]);
      expect(rows).toHaveLength(1);
      expect(existsSync(fileOf(root, rows[0].storage_key))).toBe(true);
      expect(stagingFiles(root)).toEqual([]);
    });
  });

  describe('upload club (rule 9)', () => {
    it('requires club_id of a platform admin uploading a private file', async () => {
      const ex = await createExercise(t, admin);
      const res = await client(t, admin).upload(ex, pngBytes());
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('CLUB_REQUIRED');
      const ok = await client(t, admin).upload(ex, pngBytes(), 'a.png', { club_id: clubA });
      expect(ok.status).toBe(201);
      expect((await assetRow(t, ok.body.asset.id))?.club_id).toBe(clubA);
    });

    it("files a superadmin's private upload under the effective club", async () => {
      const ex = await createExercise(t, superadmin);
      const res = await client(t, superadmin, clubB).upload(ex, pngBytes());
      expect(res.status).toBe(201);
      const row = await assetRow(t, res.body.asset.id);
      expect(row?.club_id).toBe(clubB);
      expect(row?.storage_key).toContain(`/private/${clubB}/`);
    });

    it('keeps a private upload of a trainer with the trainer alone', async () => {
      const ex = await createExercise(t, trainerA);
      const res = await client(t, trainerA, clubA).upload(ex, pngBytes());
      const row = await assetRow(t, res.body.asset.id);
      expect(row?.club_id).toBeNull();
      expect(row?.storage_key).toContain(`/private/${trainerA.id}/`);
    });
  });

  describe('links', () => {
    it('updates link metadata with PUT and refuses links of another exercise', async () => {
      const ex = await createExercise(t, owner);
      const other = await createExercise(t, owner);
      const a = await uploadAsset(t, owner, ex, pngBytes());
      const b = await uploadAsset(t, owner, ex, pngBytes());
      const c = await uploadAsset(t, owner, other, pngBytes());
      const res = await client(t, owner).put(`/api/exercises/${ex}/media`, {
        items: [
          { id: b.linkId, sort_order: 0, label: 'Erst' },
          { id: a.linkId, sort_order: 5, caption: 'Dann' },
        ],
      });
      expect(res.status).toBe(200);
      expect(res.body.items.map((i: { id: string }) => i.id)).toEqual([b.linkId, a.linkId]);
      expect(res.body.items[0].label).toBe('Erst');
      expect(res.body.items[1].caption).toBe('Dann');
      const foreign = await client(t, owner).put(`/api/exercises/${ex}/media`, {
        items: [{ id: c.linkId, label: 'x' }],
      });
      expect(foreign.status).toBe(404);
      expect(
        (await client(t, stranger).put(`/api/exercises/${ex}/media`, { items: [{ id: a.linkId }] }))
          .status,
      ).toBe(404);
    });

    it('refuses to link an asset the caller cannot see with 404', async () => {
      const theirs = await createExercise(t, stranger);
      const { assetId } = await uploadAsset(t, stranger, theirs, pngBytes());
      const mine = await createExercise(t, owner);
      const res = await client(t, owner).post(`/api/exercises/${mine}/media/from-asset`, {
        media_asset_id: assetId,
      });
      expect(res.status).toBe(404);
    });

    it('removes only the link and names the orphan asset on its last reference', async () => {
      const bytes = pngBytes();
      const ex1 = await createExercise(t, owner);
      const ex2 = await createExercise(t, owner);
      const first = await uploadAsset(t, owner, ex1, bytes);
      const second = await uploadAsset(t, owner, ex2, bytes);
      const one = await client(t, owner).del(`/api/exercises/${ex1}/media/${first.linkId}`);
      expect(one.status).toBe(200);
      expect(one.body).toEqual({
        deleted_media_id: first.linkId,
        media_asset_id: first.assetId,
        orphan_media_asset_id: null,
      });
      const two = await client(t, owner).del(`/api/exercises/${ex2}/media/${second.linkId}`);
      expect(two.body.orphan_media_asset_id).toBe(first.assetId);
      const row = await assetRow(t, first.assetId);
      expect(row?.lifecycle).toBe('active');
      expect(existsSync(fileOf(root, row?.storage_key))).toBe(true);
      expect(
        (await client(t, owner).del(`/api/exercises/${ex2}/media/${second.linkId}`)).status,
      ).toBe(404);
    });
  });

  describe('copyright rule of club exercises at upload and link time', () => {
    const clubExercise = (fields: object = {}) =>
      createExercise(t, owner, { visibility: 'club', club_id: clubA, ...fields }, clubA);
    const linksOf = async (ex: string): Promise<unknown[]> =>
      t.db.query('SELECT 1 FROM exercise_media WHERE exercise_id = $1', [ex]);

    it('refuses an upload without a copyright notice with 422 CLUB_MEDIA_COPYRIGHT_MISSING and stores nothing', async () => {
      const ex = await clubExercise();
      const bytes = pngBytes();
      const res = await client(t, owner, clubA).upload(ex, bytes);
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('CLUB_MEDIA_COPYRIGHT_MISSING');
      expect(
        await t.db.query('SELECT 1 FROM media_assets WHERE sha256 = $1', [sha(bytes)]),
      ).toEqual([]);
      expect(await linksOf(ex)).toEqual([]);
      expect(stagingFiles(root)).toEqual([]);
      const file = path.join(
        root,
        'media',
        'club',
        clubA,
        sha(bytes).slice(0, 2),
        `${sha(bytes)}.png`,
      );
      expect(existsSync(file)).toBe(false);
    });

    it('refuses an upload with a notice under 3 characters with 422 CLUB_MEDIA_COPYRIGHT_TOO_SHORT', async () => {
      const ex = await clubExercise();
      const res = await client(t, owner, clubA).upload(ex, pngBytes(), 'a.png', {
        copyright_notice: ' ab ',
      });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('CLUB_MEDIA_COPYRIGHT_TOO_SHORT');
      expect(await linksOf(ex)).toEqual([]);
    });

    it("takes the exercise's default_club_media_copyright for an upload without a notice", async () => {
      const ex = await clubExercise();
      await client(t, owner, clubA).put(`/api/exercises/${ex}`, {
        default_club_media_copyright: '© Club A 2026',
      });
      const res = await client(t, owner, clubA).upload(ex, pngBytes());
      expect(res.status).toBe(201);
      expect(res.body.asset.copyright_notice).toBe('© Club A 2026');
    });

    it('refuses to link an existing asset without a notice to a club exercise (from-asset), and fills it from the default', async () => {
      const priv = await createExercise(t, owner);
      const { assetId } = await uploadAsset(t, owner, priv, pngBytes());
      const ex = await clubExercise();
      const refused = await client(t, owner, clubA).post(`/api/exercises/${ex}/media/from-asset`, {
        media_asset_id: assetId,
      });
      expect(refused.status).toBe(422);
      expect(refused.body).toMatchObject({
        code: 'CLUB_MEDIA_COPYRIGHT_MISSING',
        asset_ids: [assetId],
      });
      expect(await linksOf(ex)).toEqual([]);
      expect((await assetRow(t, assetId))?.copyright_notice).toBeNull();
      await client(t, owner, clubA).put(`/api/exercises/${ex}`, {
        default_club_media_copyright: 'Foto: Verein A',
      });
      const linked = await client(t, owner, clubA).post(`/api/exercises/${ex}/media/from-asset`, {
        media_asset_id: assetId,
      });
      expect(linked.status).toBe(201);
      expect((await assetRow(t, assetId))?.copyright_notice).toBe('Foto: Verein A');
    });

    it('leaves uploads to private exercises without a notice alone', async () => {
      const ex = await createExercise(t, owner);
      expect((await client(t, owner).upload(ex, pngBytes())).status).toBe(201);
    });
  });

  describe('save rules of club and official exercises', () => {
    const clubExerciseWith = async (fields: Record<string, string>) => {
      const ex = await createExercise(t, owner, { visibility: 'club', club_id: clubA }, clubA);
      const up = await uploadAsset(t, owner, ex, pngBytes(), fields, clubA);
      return { ex, ...up };
    };
    /** A private exercise with one medium, about to become a club exercise. */
    const privateExerciseWith = async (fields: Record<string, string>) => {
      const ex = await createExercise(t, owner);
      const up = await uploadAsset(t, owner, ex, pngBytes(), fields);
      return { ex, ...up };
    };
    const toClubA = { title: 'Neu', visibility: 'club', club_id: clubA };

    it('refuses to make an exercise a club exercise while an asset lacks a copyright notice (CLUB_MEDIA_COPYRIGHT_MISSING)', async () => {
      const { ex, assetId } = await privateExerciseWith({});
      const res = await client(t, owner, clubA).put(`/api/exercises/${ex}`, toClubA);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        code: 'CLUB_MEDIA_COPYRIGHT_MISSING',
        asset_ids: [assetId],
      });
      const row = await t.db.query('SELECT title, visibility FROM exercises WHERE id = $1', [ex]);
      expect(row[0]).toEqual({ title: 'Übung', visibility: 'private' });
    });

    it('refuses a notice shorter than 3 characters (CLUB_MEDIA_COPYRIGHT_TOO_SHORT)', async () => {
      const { ex, assetId } = await privateExerciseWith({ copyright_notice: 'ab' });
      const res = await client(t, owner, clubA).put(`/api/exercises/${ex}`, toClubA);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        code: 'CLUB_MEDIA_COPYRIGHT_TOO_SHORT',
        asset_ids: [assetId],
      });
    });

    it('refuses an attached asset in trash (CLUB_MEDIA_ASSET_INACTIVE)', async () => {
      const { ex, assetId } = await clubExerciseWith({ copyright_notice: 'Verein A' });
      await t.db.query(`UPDATE media_assets SET lifecycle = 'trash_soft' WHERE id = $1`, [assetId]);
      const res = await client(t, owner, clubA).put(`/api/exercises/${ex}`, { title: 'Neu' });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ code: 'CLUB_MEDIA_ASSET_INACTIVE', asset_ids: [assetId] });
    });

    it('fills missing notices from default_club_media_copyright on PUT', async () => {
      const { ex, assetId } = await privateExerciseWith({});
      const kept = await uploadAsset(t, owner, ex, pngBytes(), { copyright_notice: 'Eigenes' });
      const res = await client(t, owner, clubA).put(`/api/exercises/${ex}`, {
        ...toClubA,
        default_club_media_copyright: '© Club A',
      });
      expect(res.status).toBe(200);
      expect((await assetRow(t, assetId))?.copyright_notice).toBe('© Club A');
      expect((await assetRow(t, kept.assetId))?.copyright_notice).toBe('Eigenes');
    });

    it('checks and fills on bulk-metadata when exercises become club exercises', async () => {
      const ex = await createExercise(t, owner);
      const { assetId } = await uploadAsset(t, owner, ex, pngBytes());
      const refused = await client(t, owner, clubA).patch('/api/exercises/bulk-metadata', {
        ids: [ex],
        visibility: 'club',
        club_id: clubA,
      });
      expect(refused.status).toBe(422);
      expect(refused.body.code).toBe('CLUB_MEDIA_COPYRIGHT_MISSING');
      const ok = await client(t, owner, clubA).patch('/api/exercises/bulk-metadata', {
        ids: [ex],
        visibility: 'club',
        club_id: clubA,
        default_club_media_copyright: 'Foto Club A',
      });
      expect(ok.status).toBe(200);
      expect((await assetRow(t, assetId))?.copyright_notice).toBe('Foto Club A');
    });

    it('raises attached media to official with promote_attached_media_for_official', async () => {
      const ex = await createExercise(t, superadmin);
      const bytes = pngBytes();
      const { assetId } = await uploadAsset(t, superadmin, ex, bytes, {}, clubA);
      const before = await assetRow(t, assetId);
      const res = await client(t, superadmin, clubA).put(`/api/exercises/${ex}`, {
        visibility: 'official',
        promote_attached_media_for_official: true,
        default_official_media_copyright: 'Verband 2026',
      });
      expect(res.status).toBe(200);
      const after = await assetRow(t, assetId);
      expect(after).toMatchObject({
        visibility: 'official',
        club_id: null,
        copyright_notice: 'Verband 2026',
      });
      expect(after?.storage_key).toBe(
        `media/official/platform/${sha(bytes).slice(0, 2)}/${sha(bytes)}.png`,
      );
      expect(existsSync(fileOf(root, after?.storage_key))).toBe(true);
      expect(existsSync(fileOf(root, before?.storage_key))).toBe(false);
      const link = await t.db.query(
        'SELECT file_path FROM exercise_media WHERE media_asset_id = $1',
        [assetId],
      );
      expect(link[0].file_path).toBe(after?.storage_key);
    });

    it('refuses an official exercise with an inactive asset', async () => {
      const ex = await createExercise(t, superadmin);
      const { assetId } = await uploadAsset(t, superadmin, ex, pngBytes(), {}, clubA);
      await t.db.query(`UPDATE media_assets SET lifecycle = 'trash_hidden' WHERE id = $1`, [
        assetId,
      ]);
      const res = await client(t, superadmin, clubA).put(`/api/exercises/${ex}`, {
        visibility: 'official',
      });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({
        code: 'OFFICIAL_MEDIA_ASSET_INACTIVE',
        asset_ids: [assetId],
      });
    });
  });

  describe('inline media', () => {
    it('turns markers into canonical spans and flags the embedded media in the detail', async () => {
      const ex = await createExercise(t, owner);
      const a = await uploadAsset(t, owner, ex, pngBytes());
      const b = await uploadAsset(t, owner, ex, pngBytes());
      const res = await client(t, owner).put(`/api/exercises/${ex}`, {
        description: `<p>Aufbau {{exerciseMedia:${a.linkId}|size=full|caption=Start "A"}}</p>`,
        instructions: `<p>{{exerciseMedia:${b.assetId}}}</p>`,
      });
      expect(res.status).toBe(200);
      expect(res.body.description).toBe(
        `<p>Aufbau <span data-service-exercise-media="${a.linkId}" data-service-exercise-media-size="full" data-service-exercise-media-caption="Start &quot;A&quot;"></span></p>`,
      );
      expect(res.body.instructions).toContain(`data-service-exercise-media="${b.linkId}"`);
      expect(res.body.instructions).toContain('data-service-exercise-media-size="medium"');
      const flags = Object.fromEntries(
        res.body.media.map((m: { id: string; embedded: boolean }) => [m.id, m.embedded]),
      );
      expect(flags).toEqual({ [a.linkId]: true, [b.linkId]: true });
      const c = await uploadAsset(t, owner, ex, pngBytes());
      const detail = await client(t, owner).get(`/api/exercises/${ex}`);
      expect(detail.body.media.find((m: { id: string }) => m.id === c.linkId).embedded).toBe(false);
    });

    it('refuses a marker or span naming media of another exercise with 422', async () => {
      const ex = await createExercise(t, owner);
      const other = await createExercise(t, owner);
      await uploadAsset(t, owner, ex, pngBytes());
      const foreign = await uploadAsset(t, owner, other, pngBytes());
      const before = await t.db.query('SELECT description FROM exercises WHERE id = $1', [ex]);
      for (const description of [
        `<p>{{exerciseMedia:${foreign.linkId}}}</p>`,
        `<p>{{exerciseMedia:${foreign.assetId}}}</p>`,
        `<p><span data-service-exercise-media="${foreign.linkId}"></span></p>`,
      ]) {
        const res = await client(t, owner).put(`/api/exercises/${ex}`, { description });
        expect(res.status).toBe(422);
        expect(res.body.code).toBe('INLINE_MEDIA_NOT_LINKED');
      }
      expect(await t.db.query('SELECT description FROM exercises WHERE id = $1', [ex])).toEqual(
        before,
      );
    });

    it('refuses markers on create with 422 INLINE_MEDIA_ON_CREATE', async () => {
      const res = await client(t, owner).post('/api/exercises', {
        title: 'x',
        description: '{{exerciseMedia:abc}}',
      });
      expect(res.status).toBe(422);
      expect(res.body.code).toBe('INLINE_MEDIA_ON_CREATE');
    });
  });

  describe('lifecycle in the exercise detail', () => {
    it('shows trash_soft media with a hint and hides trash_hidden media', async () => {
      const ex = await createExercise(t, owner);
      const soft = await uploadAsset(t, owner, ex, pngBytes());
      const hidden = await uploadAsset(t, owner, ex, pngBytes());
      await client(t, owner).post(`/api/media-assets/${soft.assetId}/lifecycle`, {
        action: 'trash_soft',
      });
      await client(t, owner).post(`/api/media-assets/${hidden.assetId}/lifecycle`, {
        action: 'trash_hidden',
      });
      const detail = await client(t, owner).get(`/api/exercises/${ex}`);
      expect(detail.body.media).toHaveLength(1);
      expect(detail.body.media[0]).toMatchObject({
        id: soft.linkId,
        asset_lifecycle_state: 'trash_soft',
        lifecycle_hint: expect.any(String),
      });
    });
  });

  it('never writes outside the media root, whatever the file name or stored root says', async () => {
    const ex = await createExercise(t, owner);
    await t.db.query(
      `INSERT INTO platform_settings (key, value, updated_at) VALUES ('media_storage', $1, now())
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [JSON.stringify({ relative_root: '../../escape' })],
    );
    try {
      const res = await client(t, owner).upload(ex, pngBytes(), '../../../../etc/evil.png');
      expect(res.status).toBe(201);
      expect(res.body.asset.original_name).toBe('evil.png');
      const row = await assetRow(t, res.body.asset.id);
      expect(row?.storage_key.startsWith('media/')).toBe(true);
      const full = path.resolve(fileOf(root, row?.storage_key));
      expect(full.startsWith(path.resolve(root) + path.sep)).toBe(true);
      const bad = await client(t, owner).upload(ex, pngBytes(), 'a.png', { club_id: '../../x' });
      expect(bad.status).toBe(400);
      const encoded = await t.http
        .post(`/api/exercises/..%2F..%2Fetc/media`)
        .set('Authorization', owner.auth)
        .attach('file', pngBytes(), 'a.png');
      expect(encoded.status).toBe(400);
    } finally {
      await t.db.query(`DELETE FROM platform_settings WHERE key = 'media_storage'`);
    }
  });
});
