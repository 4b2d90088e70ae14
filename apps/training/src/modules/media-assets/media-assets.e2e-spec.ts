import { JobsService, JOB_QUEUE_SCHEMA } from '@sports/common';
import { MEDIA_RETENTION_QUEUE } from './media-retention.service';
import { existsSync, readFileSync } from 'node:fs';
import { waitFor } from '@sports/common/testing';
import { insertClub } from '../club-memberships/club-test-fixtures';
import {
  startTrainingTestApp,
  TestProfile,
  TrainingTestApp,
} from '../../testing/training-test-app';
import {
  assetRow,
  client,
  createExercise,
  fileOf,
  pdfBytes,
  pngBytes,
  uploadAsset,
} from './media-test-fixtures';

type Role =
  | 'owner'
  | 'otherUser'
  | 'member'
  | 'trainer'
  | 'clubAdmin'
  | 'otherClubAdmin'
  | 'admin'
  | 'superadmin';

describe('media library (HTTP): list, file, edits, lifecycle, retention', () => {
  let t: TrainingTestApp;
  let root: string;
  const p = {} as Record<Role, TestProfile>;
  let clubA: string;
  let clubB: string;

  beforeAll(async () => {
    // The media folder of the worker's shared application (removed with it).
    t = await startTrainingTestApp();
    root = t.config.MEDIA_ROOT;
    const roles: Role[] = [
      'owner',
      'otherUser',
      'member',
      'trainer',
      'clubAdmin',
      'otherClubAdmin',
      'admin',
      'superadmin',
    ];
    const profiles = await Promise.all(
      roles.map((r) =>
        t.newProfile({
          role: r === 'admin' ? 'admin' : r === 'superadmin' ? 'superadmin' : 'user',
        }),
      ),
    );
    roles.forEach((r, i) => (p[r] = profiles[i]));
    // The owner makes more private exercises (one per asset) than the free tier allows.
    await t.db.query(`UPDATE profiles SET tier = 'trainer' WHERE id = $1`, [p.owner.id]);
    clubA = await insertClub(t.db, 'Club A', [
      { profileId: p.clubAdmin.id, roles: ['club_admin'] },
      { profileId: p.trainer.id, roles: ['trainer'] },
      { profileId: p.member.id, roles: ['member'] },
      { profileId: p.owner.id, roles: ['trainer'] },
    ]);
    clubB = await insertClub(t.db, 'Club B', [
      { profileId: p.otherClubAdmin.id, roles: ['club_admin'] },
    ]);
  });
  afterAll(() => t.close());

  const as = (r: Role, club?: string) => client(t, p[r], club);

  /** A private asset of the owner, a club asset uploaded by the owner in club A, an official one. */
  const privateAsset = async (): Promise<string> => {
    const ex = await createExercise(t, p.owner);
    return (await uploadAsset(t, p.owner, ex, pngBytes())).assetId;
  };
  const clubAsset = async (): Promise<string> => {
    const ex = await createExercise(t, p.owner, { visibility: 'club', club_id: clubA }, clubA);
    return (await uploadAsset(t, p.owner, ex, pngBytes(), { copyright_notice: 'Club A' }, clubA))
      .assetId;
  };
  const officialAsset = async (): Promise<string> => {
    const ex = await createExercise(t, p.superadmin);
    return (await uploadAsset(t, p.superadmin, ex, pngBytes(), { visibility: 'official' })).assetId;
  };
  const setLifecycle = (id: string, state: string) =>
    t.db.query('UPDATE media_assets SET lifecycle = $2 WHERE id = $1', [id, state]);

  describe('lifecycle rights: every action × role', () => {
    // Expected status per role: 200 allowed, 403 refused, 404 not visible.
    const trashRights: Record<'private' | 'club' | 'official', Record<Role, number>> = {
      private: {
        owner: 200,
        otherUser: 404,
        member: 404,
        trainer: 404,
        clubAdmin: 404,
        otherClubAdmin: 404,
        admin: 200,
        superadmin: 200,
      },
      club: {
        owner: 403,
        otherUser: 404,
        member: 403,
        trainer: 403,
        clubAdmin: 200,
        otherClubAdmin: 404,
        admin: 200,
        superadmin: 200,
      },
      official: {
        owner: 403,
        otherUser: 403,
        member: 403,
        trainer: 403,
        clubAdmin: 403,
        otherClubAdmin: 403,
        admin: 403,
        superadmin: 200,
      },
    };
    const makers = { private: privateAsset, club: clubAsset, official: officialAsset };
    const roles = Object.keys(trashRights.private) as Role[];

    for (const kind of ['private', 'club', 'official'] as const) {
      for (const action of ['trash_soft', 'trash_hidden'] as const) {
        it.each(roles)(`${action} of a ${kind} asset by %s`, async (role) => {
          const id = await makers[kind]();
          const res = await as(role).post(`/api/media-assets/${id}/lifecycle`, { action });
          expect(res.status).toBe(trashRights[kind][role]);
          expect((await assetRow(t, id))?.lifecycle).toBe(res.status === 200 ? action : 'active');
        });
      }
      for (const action of ['recover', 'reactivate'] as const) {
        it.each(roles)(`${action} of a ${kind} asset in trash by %s`, async (role) => {
          const id = await makers[kind]();
          await setLifecycle(id, 'trash_hidden');
          const res = await as(role).post(`/api/media-assets/${id}/lifecycle`, { action });
          // A trashed asset is invisible without the lifecycle right: 404 rather than 403 for
          // callers who can see active ones only.
          const expected = trashRights[kind][role];
          expect(res.status === 200 ? 200 : 'refused').toBe(expected === 200 ? 200 : 'refused');
          expect((await assetRow(t, id))?.lifecycle).toBe(
            res.status === 200 ? 'active' : 'trash_hidden',
          );
        });
      }
      it.each(roles)(`purge of a ${kind} asset in trash by %s`, async (role) => {
        const id = await makers[kind]();
        await setLifecycle(id, 'trash_soft');
        const key = (await assetRow(t, id))?.storage_key;
        await t.db.query('DELETE FROM exercise_media WHERE media_asset_id = $1', [id]);
        const res = await as(role).post(`/api/media-assets/${id}/lifecycle`, { action: 'purge' });
        if (role === 'superadmin') {
          expect(res.status).toBe(200);
          expect(res.body.lifecycle).toBe('purged');
          expect(await assetRow(t, id)).toBeNull();
          expect(existsSync(fileOf(root, key))).toBe(false);
        } else {
          expect([403, 404]).toContain(res.status);
          expect(await assetRow(t, id)).not.toBeNull();
          expect(existsSync(fileOf(root, key))).toBe(true);
        }
      });
    }

    it('refuses superadmin_force_lifecycle from anyone but a superadmin', async () => {
      const id = await privateAsset();
      for (const role of ['owner', 'admin'] as Role[]) {
        const res = await as(role).post(`/api/media-assets/${id}/lifecycle`, {
          action: 'trash_soft',
          superadmin_force_lifecycle: true,
        });
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('SUPERADMIN_REQUIRED');
      }
    });

    it('purges an active, linked asset only with force (hard delete by a superadmin)', async () => {
      const id = await privateAsset();
      const key = (await assetRow(t, id))?.storage_key;
      const plain = await as('superadmin').post(`/api/media-assets/${id}/lifecycle`, {
        action: 'purge',
      });
      expect(plain.status).toBe(409);
      expect(plain.body.code).toBe('MEDIA_LIFECYCLE_INVALID');
      await setLifecycle(id, 'trash_soft');
      const linked = await as('superadmin').post(`/api/media-assets/${id}/lifecycle`, {
        action: 'purge',
      });
      expect(linked.status).toBe(409);
      expect(linked.body.code).toBe('RESOURCE_IN_USE');
      await setLifecycle(id, 'active');
      const forced = await as('superadmin').post(`/api/media-assets/${id}/lifecycle`, {
        action: 'purge',
        superadmin_force_lifecycle: true,
      });
      expect(forced.status).toBe(200);
      expect(await assetRow(t, id)).toBeNull();
      expect(
        await t.db.query('SELECT 1 FROM exercise_media WHERE media_asset_id = $1', [id]),
      ).toEqual([]);
      expect(existsSync(fileOf(root, key))).toBe(false);
    });

    it('answers 409 for an action that does not apply to the current state', async () => {
      const id = await privateAsset();
      const res = await as('owner').post(`/api/media-assets/${id}/lifecycle`, {
        action: 'recover',
      });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('MEDIA_LIFECYCLE_INVALID');
    });

    it('refuses anonymous callers and unknown actions', async () => {
      const id = await privateAsset();
      expect(
        (await t.http.post(`/api/media-assets/${id}/lifecycle`).send({ action: 'trash_soft' }))
          .status,
      ).toBe(401);
      expect(
        (await as('owner').post(`/api/media-assets/${id}/lifecycle`, { action: 'burn' })).status,
      ).toBe(400);
    });
  });

  describe('library list', () => {
    it('filters by lifecycle, kind, uploader and search over name, copyright and tags', async () => {
      const ex = await createExercise(t, p.otherUser);
      const png = await uploadAsset(t, p.otherUser, ex, pngBytes(), {
        copyright_notice: 'Fotostudio Nord',
        tags: 'aufwärmen,kreis',
      });
      const pdf = await uploadAsset(t, p.otherUser, ex, pdfBytes(), { label: 'Regelwerk' });
      const trashed = await uploadAsset(t, p.otherUser, ex, pngBytes());
      await as('otherUser').post(`/api/media-assets/${trashed.assetId}/lifecycle`, {
        action: 'trash_soft',
      });
      const ids = async (q: string): Promise<string[]> => {
        const res = await as('otherUser').get(
          `/api/media-assets?uploaded_by=${p.otherUser.id}&${q}`,
        );
        expect(res.status).toBe(200);
        return res.body.items.map((i: { id: string }) => i.id).sort();
      };
      expect(await ids('')).toEqual([png.assetId, pdf.assetId].sort());
      expect(await ids('lifecycle=trash_soft')).toEqual([trashed.assetId]);
      expect(await ids('lifecycle=all')).toEqual(
        [png.assetId, pdf.assetId, trashed.assetId].sort(),
      );
      expect(await ids('media_kind=document')).toEqual([pdf.assetId]);
      expect(await ids('search=studio')).toEqual([png.assetId]);
      expect(await ids('search=KREIS')).toEqual([png.assetId]);
      expect(await ids('search=regel')).toEqual([pdf.assetId]);
      expect(await ids(`media_kind=image&search=nord`)).toEqual([png.assetId]);
      const row = (await as('otherUser').get('/api/media-assets?search=studio')).body.items[0];
      expect(row).toMatchObject({
        copyright_notice: 'Fotostudio Nord',
        tags: ['aufwärmen', 'kreis'],
        permissions: { can_edit: true, can_trash: true, can_purge: false },
        usage: { exercises: [{ id: ex, title: 'Übung' }], training_units: [] },
      });
      expect(row).not.toHaveProperty('uploaded_by_profile_id');
      expect(row).not.toHaveProperty('club_id');
      const adminView = (
        await as('admin').get(`/api/media-assets?search=studio&uploaded_by=${p.otherUser.id}`)
      ).body.items[0];
      expect(adminView).toMatchObject({ uploaded_by_profile_id: p.otherUser.id, club_id: null });
    });

    it('shows club assets to club members (read-only) and not to others', async () => {
      const id = await clubAsset();
      const member = await as('member').get('/api/media-assets');
      const mine = member.body.items.find((i: { id: string }) => i.id === id);
      expect(mine.permissions).toMatchObject({ can_edit: false, can_trash: false });
      expect(
        (await as('otherClubAdmin').get('/api/media-assets')).body.items.map(
          (i: { id: string }) => i.id,
        ),
      ).not.toContain(id);
      const clubAdminView = (await as('clubAdmin').get('/api/media-assets')).body.items.find(
        (i: { id: string }) => i.id === id,
      );
      expect(clubAdminView).toMatchObject({ club_id: clubA, uploaded_by_profile_id: p.owner.id });
    });

    it('lets only a superadmin filter by club', async () => {
      const id = await clubAsset();
      expect((await as('clubAdmin').get(`/api/media-assets?club_id=${clubA}`)).status).toBe(403);
      const res = await as('superadmin').get(`/api/media-assets?club_id=${clubA}&limit=500`);
      expect(res.status).toBe(200);
      expect(res.body.items.map((i: { id: string }) => i.id)).toContain(id);
      expect(res.body.items.every((i: { club_id: string }) => i.club_id === clubA)).toBe(true);
    });

    it('refuses anonymous callers', async () => {
      expect((await t.http.get('/api/media-assets')).status).toBe(401);
    });
  });

  describe('file', () => {
    it('streams the file with its sniffed type and answers byte ranges with 206 and 416', async () => {
      const ex = await createExercise(t, p.owner);
      const bytes = pngBytes(1000);
      const { assetId } = await uploadAsset(t, p.owner, ex, bytes);
      const full = await as('owner').get(`/api/media-assets/${assetId}/file`).buffer(true);
      expect(full.status).toBe(200);
      expect(full.headers['content-type']).toBe('image/png');
      expect(full.headers['accept-ranges']).toBe('bytes');
      expect(Buffer.compare(full.body, bytes)).toBe(0);

      const part = await as('owner')
        .get(`/api/media-assets/${assetId}/file`)
        .set('Range', 'bytes=10-19')
        .buffer(true);
      expect(part.status).toBe(206);
      expect(part.headers['content-range']).toBe('bytes 10-19/1000');
      expect(part.headers['content-length']).toBe('10');
      expect(Buffer.compare(part.body, bytes.subarray(10, 20))).toBe(0);

      const tail = await as('owner')
        .get(`/api/media-assets/${assetId}/file`)
        .set('Range', 'bytes=-5')
        .buffer(true);
      expect(tail.status).toBe(206);
      expect(Buffer.compare(tail.body, bytes.subarray(995))).toBe(0);

      const open = await as('owner')
        .get(`/api/media-assets/${assetId}/file`)
        .set('Range', 'bytes=990-')
        .buffer(true);
      expect(open.headers['content-range']).toBe('bytes 990-999/1000');

      const outside = await as('owner')
        .get(`/api/media-assets/${assetId}/file`)
        .set('Range', 'bytes=1000-1010');
      expect(outside.status).toBe(416);
      expect(outside.headers['content-range']).toBe('bytes */1000');
    });

    it('serves a club exercise reader the file, and trashed files only with the lifecycle right', async () => {
      const id = await clubAsset();
      expect((await as('member').get(`/api/media-assets/${id}/file`)).status).toBe(200);
      expect((await as('otherUser').get(`/api/media-assets/${id}/file`)).status).toBe(404);
      await setLifecycle(id, 'trash_soft');
      expect((await as('member').get(`/api/media-assets/${id}/file`)).status).toBe(404);
      expect((await as('clubAdmin').get(`/api/media-assets/${id}/file`)).status).toBe(200);
      expect((await t.http.get(`/api/media-assets/${id}/file`)).status).toBe(401);
    });

    it('never reads outside the media root (ids, encoded separators, tampered keys)', async () => {
      for (const bad of ['..%2F..%2Fetc%2Fpasswd', '..', '%2e%2e', 'x%5C..%5Cy']) {
        const res = await as('owner').get(`/api/media-assets/${bad}/file`);
        expect([400, 404]).toContain(res.status);
      }
      const id = await privateAsset();
      await t.db
        .query(
          `UPDATE media_assets SET storage_key = 'media/../../../../etc/hostname' WHERE id = $1`,
          [id],
        )
        .catch(() => undefined);
      // The CHECK constraint refuses `..` keys; a key that passes it but is still unsafe
      // (encoded) is refused when read.
      await t.db.query(
        `UPDATE media_assets SET storage_key = 'media/%2e%2e/%2e%2e/etc/hostname' WHERE id = $1`,
        [id],
      );
      const res = await as('owner').get(`/api/media-assets/${id}/file`);
      expect(res.status).toBe(500);
      expect(JSON.stringify(res.body)).not.toContain('localhost');
    });
  });

  describe('edits and relocation', () => {
    it('changes copyright, label and tags', async () => {
      const id = await privateAsset();
      const res = await as('owner').patch(`/api/media-assets/${id}`, {
        copyright_notice: 'Neu ©',
        label: 'Etikett',
        tags: ['a', 'b'],
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        copyright_notice: 'Neu ©',
        label: 'Etikett',
        tags: ['a', 'b'],
      });
      expect((await as('otherUser').patch(`/api/media-assets/${id}`, { label: 'x' })).status).toBe(
        404,
      );
      expect((await t.http.patch(`/api/media-assets/${id}`).send({ label: 'x' })).status).toBe(401);
    });

    it('leaves official assets read-only for everyone but a superadmin', async () => {
      const id = await officialAsset();
      const res = await as('admin').patch(`/api/media-assets/${id}`, { copyright_notice: 'x' });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('OFFICIAL_CONTENT_FORBIDDEN');
      expect(
        (await as('superadmin').patch(`/api/media-assets/${id}`, { copyright_notice: 'Verband' }))
          .status,
      ).toBe(200);
    });

    it('moves the file on a visibility change and updates the linked exercise media paths', async () => {
      const ex = await createExercise(t, p.owner);
      const { assetId } = await uploadAsset(t, p.owner, ex, pngBytes());
      const before = await assetRow(t, assetId);
      const res = await as('owner', clubA).patch(`/api/media-assets/${assetId}`, {
        visibility: 'club',
        club_id: clubA,
      });
      expect(res.status).toBe(200);
      const after = await assetRow(t, assetId);
      expect(after).toMatchObject({ visibility: 'club', club_id: clubA });
      expect(after?.storage_key).toBe(
        `media/club/${clubA}/${before?.sha256.slice(0, 2)}/${before?.sha256}.png`,
      );
      expect(existsSync(fileOf(root, before?.storage_key))).toBe(false);
      expect(existsSync(fileOf(root, after?.storage_key))).toBe(true);
      const links = await t.db.query(
        'SELECT file_path FROM exercise_media WHERE media_asset_id = $1',
        [assetId],
      );
      expect(links.map((l: { file_path: string }) => l.file_path)).toEqual([after?.storage_key]);
      const clubB403 = await as('owner').patch(`/api/media-assets/${assetId}`, { club_id: clubB });
      expect(clubB403.status).toBe(403);
    });

    it('leaves file and rows intact when the transaction fails after the move', async () => {
      const ex = await createExercise(t, p.owner);
      const { assetId } = await uploadAsset(t, p.owner, ex, pngBytes());
      const before = await assetRow(t, assetId);
      await t.db
        .query(`CREATE OR REPLACE FUNCTION fail_media_path() RETURNS trigger LANGUAGE plpgsql AS
        $$ BEGIN RAISE EXCEPTION 'simulated failure'; END $$`);
      await t.db.query(`CREATE TRIGGER fail_media_path BEFORE UPDATE OF file_path ON exercise_media
        FOR EACH ROW EXECUTE FUNCTION fail_media_path()`);
      try {
        const res = await as('owner', clubA).patch(`/api/media-assets/${assetId}`, {
          visibility: 'club',
        });
        expect(res.status).toBe(500);
      } finally {
        await t.db.query('DROP TRIGGER fail_media_path ON exercise_media');
      }
      const after = await assetRow(t, assetId);
      expect(after).toMatchObject({ visibility: 'private', storage_key: before?.storage_key });
      expect(existsSync(fileOf(root, before?.storage_key))).toBe(true);
      expect(
        existsSync(
          fileOf(root, `media/club/${clubA}/${before?.sha256.slice(0, 2)}/${before?.sha256}.png`),
        ),
      ).toBe(false);
      expect(readFileSync(fileOf(root, before?.storage_key)).length).toBe(
        Number(before?.size_bytes),
      );
    });

    it('refuses a move onto existing content of the target with 409 MEDIA_ASSET_DUPLICATE', async () => {
      const bytes = pngBytes();
      const priv = await createExercise(t, p.owner);
      const inA = await createExercise(t, p.owner, { visibility: 'club', club_id: clubA }, clubA);
      const a = await uploadAsset(t, p.owner, priv, bytes);
      const b = await uploadAsset(t, p.owner, inA, bytes, { copyright_notice: 'x y z' }, clubA);
      const res = await as('owner', clubA).patch(`/api/media-assets/${a.assetId}`, {
        visibility: 'club',
      });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'MEDIA_ASSET_DUPLICATE', asset_id: b.assetId });
    });
  });

  describe('bulk', () => {
    it('bulk-patch changes all or nothing', async () => {
      const mine = await privateAsset();
      const club = await clubAsset();
      const official = await officialAsset();
      const refused = await as('owner').post('/api/media-assets/bulk-patch', {
        ids: [mine, official],
        changes: { tags: ['x'] },
      });
      expect(refused.status).toBe(403);
      expect((await assetRow(t, mine))?.tags).toEqual([]);
      const ok = await as('clubAdmin').post('/api/media-assets/bulk-patch', {
        ids: [club],
        changes: { copyright_notice: 'Verein A' },
      });
      expect(ok.status).toBe(200);
      expect((await assetRow(t, club))?.copyright_notice).toBe('Verein A');
    });

    it('bulk-lifecycle changes all or nothing', async () => {
      const a = await privateAsset();
      const b = await privateAsset();
      const club = await clubAsset();
      const refused = await as('owner').post('/api/media-assets/bulk-lifecycle', {
        ids: [a, club],
        action: 'trash_soft',
      });
      expect(refused.status).toBe(403);
      expect((await assetRow(t, a))?.lifecycle).toBe('active');
      const ok = await as('owner').post('/api/media-assets/bulk-lifecycle', {
        ids: [a, b],
        action: 'trash_hidden',
      });
      expect(ok.status).toBe(200);
      expect(ok.body.items.map((i: { lifecycle: string }) => i.lifecycle)).toEqual([
        'trash_hidden',
        'trash_hidden',
      ]);
    });
  });

  describe('retention', () => {
    /**
     * Waits for the rendition job the upload of `id` queued to end: it locks the row while it
     * writes its outcome, and a retention pass skips locked rows (a later run takes them).
     */
    const renditionsEnded = (id: string) =>
      waitFor(
        async () => {
          const [row] = await t.db.query(
            'SELECT renditions_status FROM media_assets WHERE id = $1',
            [id],
          );
          return row?.renditions_status !== 'pending';
        },
        { message: `the rendition job of asset ${id} ended` },
      );

    it('purges assets in trash_hidden longer than MEDIA_RETENTION_DAYS and keeps the others', async () => {
      const old = await privateAsset();
      const recent = await privateAsset();
      const soft = await privateAsset();
      await t.db.query(
        `UPDATE media_assets SET lifecycle = 'trash_hidden', lifecycle_changed_at = now() - interval '31 days' WHERE id = $1`,
        [old],
      );
      await t.db.query(
        `UPDATE media_assets SET lifecycle = 'trash_hidden', lifecycle_changed_at = now() - interval '29 days' WHERE id = $1`,
        [recent],
      );
      await t.db.query(
        `UPDATE media_assets SET lifecycle = 'trash_soft', lifecycle_changed_at = now() - interval '90 days' WHERE id = $1`,
        [soft],
      );
      for (const id of [old, recent, soft]) await renditionsEnded(id);
      const key = (await assetRow(t, old))?.storage_key;
      expect((await as('admin').post('/api/media-assets/retention/run', {})).status).toBe(403);
      const res = await as('superadmin').post('/api/media-assets/retention/run', {});
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ purged_ids: [old], retention_days: 30 });
      expect(await assetRow(t, old)).toBeNull();
      expect(existsSync(fileOf(root, key))).toBe(false);
      expect(await assetRow(t, recent)).not.toBeNull();
      expect(await assetRow(t, soft)).not.toBeNull();
    });

    it('runs on the job queue as one cron job across all replicas, not a timer per process', async () => {
      const schedules = await t.db.query(
        `SELECT name, cron, timezone FROM ${JOB_QUEUE_SCHEMA}.schedule WHERE name = $1`,
        [MEDIA_RETENTION_QUEUE.name],
      );
      // MEDIA_RETENTION_INTERVAL_MINUTES = 60
      expect(schedules).toEqual([
        { name: 'media-retention', cron: '0 */1 * * *', timezone: 'UTC' },
      ]);
      const old = await privateAsset();
      await t.db.query(
        `UPDATE media_assets SET lifecycle = 'trash_hidden', lifecycle_changed_at = now() - interval '40 days' WHERE id = $1`,
        [old],
      );
      await renditionsEnded(old);
      // The test drives what the schedule does at each due time (sends a job of the queue)
      // instead of waiting for the clock. Its own singleton key: a run the hourly schedule may
      // have queued meanwhile (stately, one waiting job per key) does not turn this send away.
      const jobs = t.app.get(JobsService);
      const id = await jobs.send(MEDIA_RETENTION_QUEUE, {}, { singletonKey: `test-${old}` });
      expect(id).toEqual(expect.any(String));
      const state = await waitFor(
        async () => {
          const [job] = await t.db.query(
            `SELECT state FROM ${JOB_QUEUE_SCHEMA}.job WHERE id = $1`,
            [id],
          );
          return ['completed', 'failed', 'cancelled'].includes(job?.state) && job.state;
        },
        { message: `retention job ${id} finished` },
      );
      expect(state).toBe('completed');
      expect(await assetRow(t, old)).toBeNull();
    });
  });
});
