import { entityTagContract, type EntityTagSubject } from '@sports/common/testing';
import type { Response } from 'supertest';
import { insertClub } from './modules/club-memberships/club-test-fixtures';
import { pdfBytes, uploadAsset } from './modules/media-assets/media-test-fixtures';
import { startTrainingTestApp, TestProfile, TrainingTestApp } from './testing/training-test-app';

const STRONG_TAG = /^"[\x21\x23-\x7e]+"$/;

/**
 * The editable training resources beyond clubs, exercises and the planning library under the
 * entity-tag contract: ETag on create, read and write; If-Match on PUT/PATCH/DELETE (412
 * PRECONDITION_FAILED with the current version, nothing written, atomic against concurrent
 * writes); unchanged without If-Match; callers of another club or profile refused as before,
 * without any version. Resources whose writes are not a PUT/PATCH of their own URL (own profile,
 * exercise media, media lifecycle, calendar feeds, the platform media storage) have cases of
 * their own below the table.
 */
describe('training resources: entity tags (e2e)', () => {
  let t: TrainingTestApp;
  let platformAdmin: TestProfile;
  let superadmin: TestProfile;
  let adminA: TestProfile;
  let trainerA: TestProfile;
  let adminB: TestProfile;
  let userB: TestProfile;
  let clubA: string;
  let exerciseA: string;

  beforeAll(async () => {
    t = await startTrainingTestApp();
    [platformAdmin, superadmin, adminA, trainerA, adminB, userB] = await Promise.all([
      t.newProfile({ role: 'admin' }),
      t.newProfile({ role: 'superadmin' }),
      t.newProfile(),
      t.newProfile(),
      t.newProfile(),
      t.newProfile(),
    ]);
    clubA = await insertClub(t.db, 'Verein A', [
      { profileId: adminA.id, roles: ['club_admin'] },
      { profileId: trainerA.id, roles: ['trainer'] },
    ]);
    await insertClub(t.db, 'Verein B', [
      { profileId: adminB.id, roles: ['club_admin'] },
      { profileId: userB.id, roles: ['member'] },
    ]);
    exerciseA = await created(
      await post(adminA, '/api/exercises', { title: 'Grundübung', visibility: 'club' }),
    );
  });
  afterAll(() => t.close());

  const auth = (p: TestProfile) => ({ Authorization: p.auth });
  const post = (p: TestProfile, url: string, body: object) =>
    t.http.post(url).set(auth(p)).send(body);
  const created = async (res: Response | Promise<Response>): Promise<string> => {
    const r = await res;
    if (r.status !== 201) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
    expect(r.headers.etag).toMatch(STRONG_TAG);
    return r.body.id;
  };
  const lastId = (url: string) => url.split('/').pop() as string;
  const stored = (sql: string) => async (url: string) =>
    ((await t.db.query(sql, [lastId(url)])) as unknown[])[0] ?? null;

  interface Row {
    owner: () => TestProfile;
    stranger: () => TestProfile;
    strangerStatus: 403 | 404;
    create: () => Promise<{ url: string; created?: Response }>;
    change: (n: number) => object;
    table: string;
    stored: string;
    method?: 'put' | 'patch';
    deletable?: boolean;
  }

  let n = 0;
  const table: [string, () => Row][] = [
    [
      'training unit (PUT replaces its sections in the same transaction)',
      () => ({
        owner: () => adminA,
        stranger: () => adminB,
        strangerStatus: 404,
        create: async () => {
          const res = await post(adminA, '/api/training-units', {
            title: 'Dienstag',
            club_id: clubA,
          });
          return { url: `/api/training-units/${await created(res)}`, created: res };
        },
        change: (k) => ({
          title: `Fassung ${k}`,
          duration_minutes: 30 + k,
          sections: [{ title: `Teil ${k}`, items: [{ title: `Lauf ${k}` }] }],
        }),
        table: 'training_units',
        stored: `SELECT u.title, u.duration_minutes,
                        (SELECT array_agg(s.title) FROM plan_sections s WHERE s.training_unit_id = u.id) AS sections
                   FROM training_units u WHERE u.id = $1`,
      }),
    ],
    [
      'group',
      () => ({
        owner: () => adminA,
        stranger: () => adminB,
        strangerStatus: 403,
        create: async () => {
          const res = await post(adminA, `/api/clubs/${clubA}/groups`, { name: `Gruppe ${++n}` });
          return { url: `/api/groups/${await created(res)}`, created: res };
        },
        change: (k) => ({ name: `Umbenannt ${n}-${k}` }),
        table: 'groups',
        stored: 'SELECT name, default_lead_trainer_profile_id FROM groups WHERE id = $1',
      }),
    ],
    [
      'club member (roles)',
      () => ({
        owner: () => adminA,
        stranger: () => adminB,
        strangerStatus: 403,
        create: async () => {
          const member = await t.newProfile();
          const res = await post(adminA, `/api/clubs/${clubA}/members`, {
            profile_id: member.id,
            roles: ['member'],
          });
          return { url: `/api/clubs/${clubA}/members/${await created(res)}`, created: res };
        },
        change: (k) => ({ roles: k % 2 ? ['trainer'] : ['member', 'trainer'] }),
        table: 'club_members',
        stored: 'SELECT roles FROM club_members WHERE id = $1',
      }),
    ],
    [
      'exercise variant',
      () => ({
        owner: () => adminA,
        stranger: () => userB,
        strangerStatus: 404,
        create: async () => {
          const res = await post(adminA, `/api/exercises/${exerciseA}/variants`, {
            title: 'Leichter',
          });
          return {
            url: `/api/exercises/${exerciseA}/variants/${await created(res)}`,
            created: res,
          };
        },
        change: (k) => ({ title: `Variante ${k}`, progression_level: 1 + (k % 10) }),
        table: 'exercise_variants',
        stored: 'SELECT title, progression_level FROM exercise_variants WHERE id = $1',
      }),
    ],
    [
      'saved exercise search',
      () => ({
        owner: () => trainerA,
        stranger: () => userB,
        strangerStatus: 404,
        create: async () => {
          const res = await post(trainerA, '/api/exercise-searches', {
            name: `Suche ${++n}`,
            filters: {},
          });
          return { url: `/api/exercise-searches/${await created(res)}`, created: res };
        },
        change: (k) => ({ name: `Gespeichert ${n}-${k}` }),
        table: 'exercise_searches',
        stored: 'SELECT name, filters FROM exercise_searches WHERE id = $1',
      }),
    ],
    [
      'profile (platform admins edit)',
      () => ({
        owner: () => platformAdmin,
        stranger: () => userB,
        strangerStatus: 403,
        create: async () => {
          const res = await post(platformAdmin, '/api/profiles', {
            name: 'Neu',
            email: `etag-${++n}-${Date.now()}@example.org`,
          });
          return { url: `/api/profiles/${await created(res)}`, created: res };
        },
        change: (k) => ({ name: `Name ${k}` }),
        table: 'profiles',
        stored: 'SELECT name, email, role FROM profiles WHERE id = $1',
      }),
    ],
    [
      'training program (PUT replaces its units in the same transaction)',
      () => ({
        owner: () => trainerA,
        stranger: () => adminB,
        strangerStatus: 404,
        create: async () => {
          const res = await post(trainerA, '/api/training-programs', {
            name: `Programm ${++n}`,
            club_id: clubA,
            weeks: 4,
          });
          return { url: `/api/training-programs/${await created(res)}`, created: res };
        },
        change: (k) => ({ name: `Block ${n}-${k}`, weeks: 4 + (k % 3), units: [] }),
        table: 'training_programs',
        stored: 'SELECT name, weeks, description FROM training_programs WHERE id = $1',
      }),
    ],
    [
      'media asset (PATCH)',
      () => ({
        owner: () => trainerA,
        stranger: () => userB,
        strangerStatus: 404,
        method: 'patch',
        deletable: false,
        create: async () => {
          const exercise = await created(
            post(trainerA, '/api/exercises', { title: 'Privat', visibility: 'private' }),
          );
          const { assetId } = await uploadAsset(t, trainerA, exercise, pdfBytes());
          return { url: `/api/media-assets/${assetId}` };
        },
        change: (k) => ({ label: `Etikett ${k}` }),
        table: 'media_assets',
        stored: 'SELECT label, lifecycle, storage_key FROM media_assets WHERE id = $1',
      }),
    ],
  ];

  describe.each(table)('%s', (_name, row) => {
    entityTagContract((): EntityTagSubject => {
      const r = row();
      return {
        http: t.http,
        db: t.db,
        owner: auth(r.owner()),
        stranger: auth(r.stranger()),
        strangerStatus: r.strangerStatus,
        create: r.create,
        change: r.change,
        method: r.method,
        deletable: r.deletable,
        stored: stored(r.stored),
        row: (url) => ({ table: r.table, where: { id: lastId(url) } }),
      };
    });
  });

  const etagOf = async (p: TestProfile, url: string): Promise<string> => {
    const res = await t.http.get(url).set(auth(p));
    expect(res.status).toBe(200);
    expect(res.headers.etag).toMatch(STRONG_TAG);
    return res.headers.etag as string;
  };

  describe('own profile (GET /profiles/me, PUT /profile)', () => {
    it('writes only the version If-Match names, and as before without it', async () => {
      const me = await t.newProfile({ name: 'Ich' });
      const stale = await etagOf(me, '/api/profiles/me');
      expect(await etagOf(me, `/api/profiles/${me.id}`)).toBe(stale);

      const moved = await t.http.put('/api/profile').set(auth(me)).send({ name: 'Ich 1' });
      expect(moved.status).toBe(200);
      expect(moved.headers.etag).toMatch(STRONG_TAG);
      expect(moved.headers.etag).not.toBe(stale);

      const refused = await t.http
        .put('/api/profile')
        .set({ ...auth(me), 'If-Match': stale })
        .send({ name: 'Ich 2' });
      expect(refused.status).toBe(412);
      expect(refused.body).toMatchObject({
        code: 'PRECONDITION_FAILED',
        current_etag: moved.headers.etag,
      });
      const [{ name }] = await t.db.query('SELECT name FROM profiles WHERE id = $1', [me.id]);
      expect(name).toBe('Ich 1');

      const matched = await t.http
        .put('/api/profile')
        .set({ ...auth(me), 'If-Match': moved.headers.etag })
        .send({ name: 'Ich 3' });
      expect(matched.status).toBe(200);
      expect(matched.headers.etag).not.toBe(moved.headers.etag);
      expect(await etagOf(me, '/api/profiles/me')).toBe(matched.headers.etag);

      // The name it has already: no write, the version stays.
      const before = await t.http.get('/api/profiles/me').set(auth(me));
      for (const headers of [{ 'If-Match': matched.headers.etag as string }, {}]) {
        const same = await t.http
          .put('/api/profile')
          .set({ ...auth(me), ...headers })
          .send({ name: 'Ich 3' });
        expect(same.status).toBe(200);
        expect(same.headers.etag).toBe(matched.headers.etag);
      }
      const after = await t.http.get('/api/profiles/me').set(auth(me));
      expect(after.body).toEqual(before.body);
    });
  });

  describe('exercise media (the version of the exercise)', () => {
    it('tags the media list with the exercise version, which changes with its media and variants', async () => {
      const exercise = await created(
        post(adminA, '/api/exercises', { title: 'Mit Medien', visibility: 'club' }),
      );
      const url = `/api/exercises/${exercise}`;
      const first = await etagOf(adminA, `${url}/media`);
      expect(await etagOf(adminA, url)).toBe(first);

      const { linkId } = await uploadAsset(t, adminA, exercise, pdfBytes(), {
        copyright_notice: 'Verein A',
      });
      const afterUpload = await etagOf(adminA, `${url}/media`);
      expect(afterUpload).not.toBe(first);
      expect(await etagOf(adminA, url)).toBe(afterUpload);

      expect((await post(adminA, `${url}/variants`, { title: 'Schwer' })).status).toBe(201);
      const afterVariant = await etagOf(adminA, url);
      expect(afterVariant).not.toBe(afterUpload);

      // PUT of the media: a stale version is refused, nothing changes; the current one writes.
      const items = (k: string) => ({ items: [{ id: linkId, caption: k }] });
      const stale = await t.http
        .put(`${url}/media`)
        .set({ ...auth(adminA), 'If-Match': afterUpload })
        .send(items('alt'));
      expect(stale.status).toBe(412);
      expect(stale.body).toMatchObject({ code: 'PRECONDITION_FAILED', current_etag: afterVariant });
      const caption = async () =>
        (await t.db.query('SELECT caption FROM exercise_media WHERE id = $1', [linkId]))[0]
          ?.caption ?? null;
      expect(await caption()).toBeNull();

      const replaced = await t.http
        .put(`${url}/media`)
        .set({ ...auth(adminA), 'If-Match': afterVariant })
        .send(items('neu'));
      expect(replaced.status).toBe(200);
      expect(replaced.headers.etag).not.toBe(afterVariant);
      expect(await caption()).toBe('neu');
      expect(await etagOf(adminA, url)).toBe(replaced.headers.etag);

      const unchanged = await t.http.put(`${url}/media`).set(auth(adminA)).send(items('ohne'));
      expect(unchanged.status).toBe(200);
      expect(await caption()).toBe('ohne');
      const current = unchanged.headers.etag as string;
      // The media as they are: no write, the exercise keeps its version.
      const same = await t.http
        .put(`${url}/media`)
        .set({ ...auth(adminA), 'If-Match': current })
        .send(items('ohne'));
      expect(same.status).toBe(200);
      expect(same.headers.etag).toBe(current);
      expect(await etagOf(adminA, url)).toBe(current);

      // Another club's member: 404 as before, with or without If-Match, no version revealed.
      for (const res of [
        await t.http.get(`${url}/media`).set(auth(userB)),
        await t.http
          .put(`${url}/media`)
          .set({ ...auth(userB), 'If-Match': current })
          .send(items('fremd')),
        await t.http.delete(`${url}/media/${linkId}`).set({ ...auth(userB), 'If-Match': current }),
      ]) {
        expect(res.status).toBe(404);
        expect(res.headers.etag ?? '').not.toMatch(STRONG_TAG);
        expect(res.body.current_etag).toBeUndefined();
      }
      expect(await caption()).toBe('ohne');

      // DELETE of one medium: checked against the same version.
      const refused = await t.http
        .delete(`${url}/media/${linkId}`)
        .set({ ...auth(adminA), 'If-Match': afterVariant });
      expect(refused.status).toBe(412);
      expect(refused.body.current_etag).toBe(current);
      expect(await caption()).toBe('ohne');
      const unlinked = await t.http
        .delete(`${url}/media/${linkId}`)
        .set({ ...auth(adminA), 'If-Match': current });
      expect(unlinked.status).toBe(200);
      expect(unlinked.headers.etag).toMatch(STRONG_TAG);
      expect(unlinked.headers.etag).not.toBe(current);
      expect(await etagOf(adminA, url)).toBe(unlinked.headers.etag);
      expect(await caption()).toBeNull();
    });
  });

  describe('media asset lifecycle (POST /media-assets/{id}/lifecycle)', () => {
    it('applies an action only to the version If-Match names', async () => {
      const exercise = await created(
        post(trainerA, '/api/exercises', { title: 'Lebenszyklus', visibility: 'private' }),
      );
      const { assetId } = await uploadAsset(t, trainerA, exercise, pdfBytes());
      const url = `/api/media-assets/${assetId}`;
      const stale = await etagOf(trainerA, url);
      const patched = await t.http.patch(url).set(auth(trainerA)).send({ label: 'neu' });
      expect(patched.status).toBe(200);
      const lifecycle = async () =>
        (await t.db.query('SELECT lifecycle FROM media_assets WHERE id = $1', [assetId]))[0]
          .lifecycle;

      const stranger = await post(userB, `${url}/lifecycle`, { action: 'trash_soft' }).set(
        'If-Match',
        patched.headers.etag,
      );
      expect(stranger.status).toBe(404);
      expect(stranger.body.current_etag).toBeUndefined();

      const refused = await post(trainerA, `${url}/lifecycle`, { action: 'trash_soft' }).set(
        'If-Match',
        stale,
      );
      expect(refused.status).toBe(412);
      expect(refused.body).toMatchObject({
        code: 'PRECONDITION_FAILED',
        current_etag: patched.headers.etag,
      });
      expect(await lifecycle()).toBe('active');

      const trashed = await post(trainerA, `${url}/lifecycle`, { action: 'trash_soft' }).set(
        'If-Match',
        patched.headers.etag,
      );
      expect(trashed.status).toBe(200);
      expect(trashed.headers.etag).toMatch(STRONG_TAG);
      expect(trashed.headers.etag).not.toBe(patched.headers.etag);
      expect(await lifecycle()).toBe('trash_soft');
      expect(await etagOf(trainerA, url)).toBe(trashed.headers.etag);

      const restored = await post(trainerA, `${url}/lifecycle`, { action: 'reactivate' });
      expect(restored.status).toBe(200);
      expect(await lifecycle()).toBe('active');
    });
  });

  describe('calendar feeds (GET, rotate, DELETE)', () => {
    it('rotates and deletes only the version If-Match names; another profile gets 404', async () => {
      const feed = await post(trainerA, '/api/calendar/feeds', { scope: 'personal' });
      expect(feed.status).toBe(201);
      expect(feed.headers.etag).toMatch(STRONG_TAG);
      const url = `/api/calendar/feeds/${feed.body.id}`;
      expect(await etagOf(trainerA, url)).toBe(feed.headers.etag);
      const token = async () =>
        (await t.db.query('SELECT token_hash FROM calendar_feeds WHERE id = $1', [feed.body.id]))[0]
          ?.token_hash ?? null;

      const rotated = await post(trainerA, `${url}/rotate`, {});
      expect(rotated.status).toBe(200);
      expect(rotated.headers.etag).not.toBe(feed.headers.etag);
      const hash = await token();

      for (const res of [
        await t.http.get(url).set(auth(userB)),
        await post(userB, `${url}/rotate`, {}).set('If-Match', rotated.headers.etag),
        await t.http.delete(url).set({ ...auth(userB), 'If-Match': rotated.headers.etag }),
      ]) {
        expect(res.status).toBe(404);
        expect(res.body.current_etag).toBeUndefined();
      }

      const staleRotate = await post(trainerA, `${url}/rotate`, {}).set(
        'If-Match',
        feed.headers.etag,
      );
      expect(staleRotate.status).toBe(412);
      expect(staleRotate.body.current_etag).toBe(rotated.headers.etag);
      expect(await token()).toBe(hash);
      const staleDelete = await t.http
        .delete(url)
        .set({ ...auth(trainerA), 'If-Match': feed.headers.etag });
      expect(staleDelete.status).toBe(412);
      expect(await token()).toBe(hash);

      const again = await post(trainerA, `${url}/rotate`, {}).set('If-Match', rotated.headers.etag);
      expect(again.status).toBe(200);
      expect(await token()).not.toBe(hash);
      const deleted = await t.http
        .delete(url)
        .set({ ...auth(trainerA), 'If-Match': again.headers.etag });
      expect(deleted.status).toBe(204);
      expect(await token()).toBeNull();
    });
  });

  describe('platform media storage (a setting: "default" before it was ever set)', () => {
    const url = '/api/admin/platform-media-storage';
    const put = (root: string, ifMatch?: string) => {
      const req = t.http.put(url).set(auth(superadmin));
      return (ifMatch ? req.set('If-Match', ifMatch) : req).send({ relative_root: root });
    };

    it('creates the setting only while If-Match names the default', async () => {
      const initial = await etagOf(superadmin, url);
      expect(initial).toBe('"default"');
      expect((await put('media', '"17"')).status).toBe(412);
      const first = await put('media', initial);
      expect(first.status).toBe(200);
      expect(first.headers.etag).not.toBe(initial);
      const again = await put('media', initial);
      expect(again.status).toBe(412);
      expect(again.body.current_etag).toBe(first.headers.etag);
    });

    let k = 0;
    entityTagContract(() => ({
      http: t.http,
      db: t.db,
      owner: auth(superadmin),
      stranger: auth(platformAdmin),
      strangerStatus: 403,
      deletable: false,
      create: async () => {
        expect((await put(`media-${++k}`)).status).toBe(200);
        return { url };
      },
      change: (c) => ({ relative_root: `media-${k}-${c}` }),
      stored: async () =>
        (await t.db.query(`SELECT value FROM platform_settings WHERE key = 'media_storage'`))[0] ??
        null,
      row: () => ({ table: 'platform_settings', where: { key: 'media_storage' } }),
    }));
  });
});
