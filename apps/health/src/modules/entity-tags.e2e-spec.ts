import {
  entityTagContract,
  type EntityTagSubject,
  photoFixture,
  renditionsSettled,
} from '@sports/common/testing';
import type { Response } from 'supertest';
import { HealthTestApp, startHealthTestApp, TestUser } from '../testing/health-test-app';

/**
 * The editable resources outside tracking, workflows and prompts under the entity-tag contract:
 * ETag on read (and create and write); If-Match on PUT and DELETE answers 412 with the current
 * version and writes nothing, atomically against concurrent writes; unchanged without If-Match;
 * a caller who may not see or edit the resource answers as before.
 */
describe('editable resources: entity tags (e2e)', () => {
  let t: HealthTestApp;
  let admin: TestUser;
  let kim: TestUser;
  let lou: TestUser;

  beforeAll(async () => {
    // widget overrides and tier features are settings of the whole service: this file changes them, on a database of its own
    t = await startHealthTestApp({}, { own: true });
    admin = await t.newUser({ role: 'admin' });
    kim = await t.newUser({ tier: 'plus' });
    lou = await t.newUser({ tier: 'plus' });
  });
  afterAll(() => t.close());

  let n = 0;
  const idOf = (url: string): string => url.split('/').pop() as string;
  const auth = (user: () => TestUser) => () => ({ Authorization: user().auth });
  const stored = (sql: string) => async (url: string) =>
    (await t.db.query(sql, [idOf(url)]))[0] ?? null;

  /** The callers of a resource only admins write: an admin, and a user (403). */
  const adminWrites = () => ({
    http: t.http,
    db: t.db,
    owner: { Authorization: admin.auth },
    stranger: { Authorization: kim.auth },
    strangerStatus: 403 as const,
  });

  /** A resource created by POST to `path` (201), addressed as `path/{id or key}`. */
  interface CreatedByPost {
    path: string;
    table: string;
    idColumn?: string;
    owner: () => TestUser;
    stranger: () => TestUser;
    strangerStatus: 403 | 404;
    strangerReads?: boolean;
    body: () => Record<string, unknown>;
    change: (n: number) => Record<string, unknown>;
    columns: string;
  }

  const subject = (options: CreatedByPost) => (): EntityTagSubject => {
    const idColumn = options.idColumn ?? 'id';
    return {
      http: t.http,
      db: t.db,
      owner: auth(options.owner)(),
      stranger: auth(options.stranger)(),
      strangerStatus: options.strangerStatus,
      strangerReads: options.strangerReads,
      row: (url) => ({ table: options.table, where: { [idColumn]: idOf(url) } }),
      create: async () => {
        const created = await t.http
          .post(options.path)
          .set('Authorization', options.owner().auth)
          .send(options.body());
        expect(created.status).toBe(201);
        return { url: `${options.path}/${created.body[idColumn]}`, created };
      },
      change: options.change,
      stored: stored(
        `SELECT ${options.columns} FROM ${options.table} WHERE ${idColumn}::text = $1`,
      ),
    };
  };

  const template = () => ({
    name: `Etag template ${++n}`,
    module: 'weight',
    delimiter: ';',
    decimal_separator: ',',
    date_format: 'DD.MM.YYYY',
    columns: { date: 'Datum', weight_kg: 'Gewicht (kg)' },
  });
  const MAPPING_COLUMNS = 'name, description, columns, is_system, owner_id';

  const CREATED_BY_POST: [string, CreatedByPost][] = [
    [
      'question catalog (a user reads, an admin writes: 403)',
      {
        path: '/api/workflows/questions',
        table: 'workflow_question_catalog',
        idColumn: 'key',
        owner: () => admin,
        stranger: () => kim,
        strangerStatus: 403,
        strangerReads: true,
        body: () => ({ key: `etag_q_${++n}`, question: 'Wie geht es?', answer_type: 'text' }),
        change: (v) => ({ question: `Frage ${v}?` }),
        columns: 'question, answer_type, allowed_values, unit',
      },
    ],
    [
      'reference value types (admin; a user: 403)',
      {
        path: '/api/admin/reference-value-types',
        table: 'reference_value_types',
        idColumn: 'key',
        owner: () => admin,
        stranger: () => kim,
        strangerStatus: 403,
        body: () => ({
          key: `etag_t_${++n}`,
          name: 'Etag type',
          unit: 'u',
          min_value: 0,
          max_value: 100,
        }),
        change: (v) => ({ name: `Type ${v}`, max_value: 100 + v }),
        columns: 'name, unit, min_value, max_value, is_active',
      },
    ],
    [
      'CSV templates (admin; a user: 403)',
      {
        path: '/api/admin/csv-templates',
        table: 'csv_field_mappings',
        owner: () => admin,
        stranger: () => kim,
        strangerStatus: 403,
        body: template,
        change: (v) => ({ name: `Etag template ${n}.${v}`, description: `Fassung ${v}` }),
        columns: MAPPING_COLUMNS,
      },
    ],
    [
      'CSV mappings (own; another user: 404)',
      {
        path: '/api/csv/mappings',
        table: 'csv_field_mappings',
        owner: () => kim,
        stranger: () => lou,
        strangerStatus: 404,
        body: template,
        change: (v) => ({ name: `Etag mapping ${n}.${v}`, description: `Fassung ${v}` }),
        columns: MAPPING_COLUMNS,
      },
    ],
  ];

  describe.each(CREATED_BY_POST)('%s', (_name, options) => {
    entityTagContract(subject(options));
  });

  /**
   * A part of an account (`GET /admin/users/{id}`, admin; a user: 403), written at
   * `{account}/{part}`: If-Match names the account's tag, and every write of the part gives
   * the account a new one.
   */
  interface AccountPart {
    part: string;
    change: (n: number) => Record<string, unknown>;
    /** The part as stored (null when gone). */
    stored: string;
    /** The part is removed by DELETE `{account}/{part}` (answering the account). */
    removable?: boolean;
    /** The write body of the part as the account read shows it (undefined: not there). */
    sameBody?: (account: Record<string, unknown>) => object | undefined;
  }

  const TIERS = ['plus', 'pro'];
  const ACCOUNT_PARTS: [string, AccountPart][] = [
    [
      'account tier',
      {
        part: 'tier',
        // Never the created tier (free): a write that changes nothing keeps the version.
        change: (v) => ({ tier: TIERS[v % 2] }),
        stored: 'SELECT tier, role FROM users WHERE id = $1',
      },
    ],
    [
      'account feature override (the account starts without one)',
      {
        part: 'features/photos',
        change: (v) => ({ granted: v % 2 === 0 }),
        stored: `SELECT granted FROM user_feature_overrides WHERE user_id = $1 AND feature = 'photos'`,
        removable: true,
        sameBody: (account) => {
          const { overrides } = account.membership as {
            overrides: { feature: string; granted: boolean }[];
          };
          const override = overrides.find((o) => o.feature === 'photos');
          return override && { granted: override.granted };
        },
      },
    ],
  ];

  describe.each(ACCOUNT_PARTS)('%s (admin; a user: 403)', (_name, part) => {
    const partUrl = (url: string) => `${url}/${part.part}`;
    entityTagContract(() => ({
      ...adminWrites(),
      deletable: part.removable ?? false,
      deleteUrl: partUrl,
      deletedStatus: 200,
      row: (url) => ({ table: 'users', where: { id: idOf(url) } }),
      create: async () => ({ url: `/api/admin/users/${(await t.newUser()).id}` }),
      writeUrl: partUrl,
      change: part.change,
      sameBody: part.sameBody,
      stored: stored(part.stored),
    }));
  });

  describe('profile (the caller’s own; anonymous: 401)', () => {
    let owner: TestUser;
    beforeAll(async () => {
      owner = await t.newUser();
    });
    entityTagContract(() => ({
      http: t.http,
      db: t.db,
      owner: { Authorization: owner.auth },
      stranger: {},
      strangerStatus: 401,
      deletable: false,
      row: () => ({ table: 'users', where: { id: owner.id } }),
      create: async () => {
        // Every case starts from the profile as signed up (a write of the same state keeps
        // the version).
        await t.db.query('UPDATE users SET display_name = NULL, height_cm = NULL WHERE id = $1', [
          owner.id,
        ]);
        return { url: '/api/profile' };
      },
      change: (v) => ({ display_name: `Profil ${v}`, height_cm: 150 + v }),
      stored: async () =>
        (
          await t.db.query('SELECT display_name, height_cm FROM users WHERE id = $1', [owner.id])
        )[0] ?? null,
    }));
  });

  describe('account role (admin)', () => {
    it('sets the role only of the version If-Match names', async () => {
      const user = await t.newUser();
      const url = `/api/admin/users/${user.id}`;
      const as = { Authorization: admin.auth };
      const stale = (await t.http.get(url).set(as)).headers.etag as string;
      const moved = await t.http.put(`${url}/tier`).set(as).send({ tier: 'pro' });
      expect(moved.headers.etag).not.toBe(stale);

      const refused = await t.http
        .put(`${url}/role`)
        .set({ ...as, 'If-Match': stale })
        .send({ role: 'admin' });
      expect(refused.status).toBe(412);
      expect(refused.body).toMatchObject({
        code: 'PRECONDITION_FAILED',
        current_etag: moved.headers.etag,
      });
      expect((await t.db.query('SELECT role FROM users WHERE id = $1', [user.id]))[0].role).toBe(
        'user',
      );

      const set = await t.http
        .put(`${url}/role`)
        .set({ ...as, 'If-Match': moved.headers.etag })
        .send({ role: 'admin' });
      expect(set.status).toBe(200);
      expect(set.body.role).toBe('admin');
      expect(set.headers.etag).toBe((await t.http.get(url).set(as)).headers.etag);
      expect(set.headers.etag).not.toBe(moved.headers.etag);

      const unconditional = await t.http.put(`${url}/role`).set(as).send({ role: 'user' });
      expect(unconditional.status).toBe(200);
      const malformed = await t.http
        .put(`${url}/role`)
        .set({ ...as, 'If-Match': 'nope' })
        .send({ role: 'admin' });
      expect(malformed.status).toBe(400);
      const stranger = await t.http
        .put(`${url}/role`)
        .set({ Authorization: kim.auth, 'If-Match': unconditional.headers.etag })
        .send({ role: 'admin' });
      expect(stranger.status).toBe(403);
      expect((await t.db.query('SELECT role FROM users WHERE id = $1', [user.id]))[0].role).toBe(
        'user',
      );
    });

    it('keeps the version when the role set is the one the account has', async () => {
      const user = await t.newUser();
      const url = `/api/admin/users/${user.id}`;
      const as = { Authorization: admin.auth };
      const version = async () =>
        (await t.db.query('SELECT xmin::text AS v FROM users WHERE id = $1', [user.id]))[0].v;
      const before = await t.http.get(url).set(as);
      const stored = await version();
      for (const headers of [{ 'If-Match': before.headers.etag as string }, {}]) {
        const same = await t.http
          .put(`${url}/role`)
          .set({ ...as, ...headers })
          .send({ role: before.body.role });
        expect(same.status).toBe(200);
        expect(same.headers.etag).toBe(before.headers.etag);
      }
      const after = await t.http.get(url).set(as);
      expect(after.headers.etag).toBe(before.headers.etag);
      expect(after.body).toEqual(before.body);
      expect(await version()).toBe(stored);
    });
  });

  describe('dashboard layout (the caller’s own; anonymous: 401)', () => {
    const SIZES = ['medium', 'large', 'full'];
    let owner: TestUser;
    let widget: string;
    beforeAll(async () => {
      owner = await t.newUser();
      [{ key: widget }] = await t.db.query('SELECT key FROM widget_catalog ORDER BY position');
    });
    const layout = (size: string) => ({ widgets: [{ key: widget, size }] });
    const stored = async () =>
      (
        await t.db.query('SELECT widgets FROM user_dashboard_layouts WHERE user_id = $1', [
          owner.id,
        ])
      )[0] ?? null;
    entityTagContract(() => ({
      http: t.http,
      db: t.db,
      owner: { Authorization: owner.auth },
      stranger: {},
      strangerStatus: 401,
      deletable: false,
      row: () => ({ table: 'user_dashboard_layouts', where: { user_id: owner.id } }),
      create: async () => {
        const res = await t.http
          .put('/api/app-dashboard')
          .set('Authorization', owner.auth)
          .send(layout('small'));
        expect(res.status).toBe(200);
        return { url: '/api/app-dashboard' };
      },
      // Never the created layout (small): a write that changes nothing keeps the version.
      change: (v) => layout(SIZES[v % SIZES.length]),
      stored,
    }));

    it('resets (DELETE) only the version If-Match names, then tags the default', async () => {
      const as = { Authorization: owner.auth };
      const stale = (await t.http.put('/api/app-dashboard').set(as).send(layout('small'))).headers
        .etag as string;
      const current = (await t.http.put('/api/app-dashboard').set(as).send(layout('large'))).headers
        .etag as string;

      const refused = await t.http.delete('/api/app-dashboard').set({ ...as, 'If-Match': stale });
      expect(refused.status).toBe(412);
      expect(refused.body).toMatchObject({ code: 'PRECONDITION_FAILED', current_etag: current });
      expect(await stored()).not.toBeNull();

      const reset = await t.http.delete('/api/app-dashboard').set({ ...as, 'If-Match': current });
      expect(reset.status).toBe(200);
      expect(reset.body.source).toBe('default');
      expect(reset.headers.etag).toMatch(/^"default\.[0-9]+"$/);
      expect(await stored()).toBeNull();
      expect((await t.http.get('/api/app-dashboard').set(as)).headers.etag).toBe(
        reset.headers.etag,
      );

      // The default shown is a version too: a layout saved over it names it.
      const again = await t.http
        .put('/api/app-dashboard')
        .set({ ...as, 'If-Match': current })
        .send(layout('full'));
      expect(again.status).toBe(412);
      expect(again.body.current_etag).toBe(reset.headers.etag);
      const saved = await t.http
        .put('/api/app-dashboard')
        .set({ ...as, 'If-Match': reset.headers.etag })
        .send(layout('full'));
      expect(saved.status).toBe(200);
      expect(saved.body.source).toBe('user');
      expect((await t.http.delete('/api/app-dashboard').set(as)).status).toBe(200);
    });
  });

  describe('dashboard widget features (admin; a user: 403)', () => {
    let features: string[];
    beforeAll(async () => {
      features = (await t.db.query('SELECT key FROM features ORDER BY key')).map(
        (f: { key: string }) => f.key,
      );
    });
    const widgetKey = async (): Promise<string> =>
      (await t.db.query('SELECT key FROM widget_catalog ORDER BY position DESC LIMIT 1'))[0].key;
    entityTagContract(() => ({
      ...adminWrites(),
      deletable: false,
      row: (url) => ({ table: 'widget_catalog', where: { key: idOf(url) } }),
      create: async () => {
        const key = await widgetKey();
        // Every case starts without an override (a write of the same state keeps the version).
        await t.db.query(
          `UPDATE widget_catalog SET override_features = NULL, override_updated_at = NULL,
             override_updated_by = NULL WHERE key = $1`,
          [key],
        );
        return { url: `/api/admin/dashboard/widgets/${key}` };
      },
      writeUrl: (url) => `${url}/features`,
      change: (v) => ({ features: [features[v % features.length]] }),
      // Without an override no write leaves the widget as it is (any write sets one).
      sameBody: (widget) =>
        widget.override_features ? { features: widget.override_features } : undefined,
      stored: stored('SELECT override_features FROM widget_catalog WHERE key = $1'),
    }));

    it('clears the override only of the version If-Match names', async () => {
      const key = await widgetKey();
      const url = `/api/admin/dashboard/widgets/${key}`;
      const as = { Authorization: admin.auth };
      const stale = (
        await t.http
          .put(`${url}/features`)
          .set(as)
          .send({ features: [features[0]] })
      ).headers.etag as string;
      const current = (
        await t.http
          .put(`${url}/features`)
          .set(as)
          .send({ features: [features[1]] })
      ).headers.etag as string;
      const overridden = stored('SELECT override_features FROM widget_catalog WHERE key = $1');

      const refused = await t.http.delete(`${url}/features`).set({ ...as, 'If-Match': stale });
      expect(refused.status).toBe(412);
      expect(refused.body).toMatchObject({ code: 'PRECONDITION_FAILED', current_etag: current });
      expect(await overridden(url)).toEqual({ override_features: [features[1]] });
      const stranger = await t.http
        .delete(`${url}/features`)
        .set({ Authorization: kim.auth, 'If-Match': current });
      expect(stranger.status).toBe(403);

      const cleared = await t.http.delete(`${url}/features`).set({ ...as, 'If-Match': current });
      expect(cleared.status).toBe(204);
      expect(await overridden(url)).toEqual({ override_features: null });
      // Nothing to clear any more: 404 as before, whether If-Match names the version or not.
      const now = (await t.http.get(url).set(as)).headers.etag as string;
      expect((await t.http.delete(`${url}/features`).set({ ...as, 'If-Match': now })).status).toBe(
        404,
      );
      expect((await t.http.delete(`${url}/features`).set(as)).status).toBe(404);
    });
  });

  describe('membership tier (admin; a user: 403)', () => {
    let features: string[];
    let original: string[];
    beforeAll(async () => {
      features = (await t.db.query('SELECT key FROM features ORDER BY key')).map(
        (f: { key: string }) => f.key,
      );
      [{ features: original }] = await t.db.query(
        `SELECT features FROM membership_tiers WHERE tier = 'pro'`,
      );
    });
    // Every case starts from the seeded features (a write of the same state keeps the version).
    const restore = () =>
      t.db.query(`UPDATE membership_tiers SET features = $1 WHERE tier = 'pro'`, [original]);
    afterAll(restore);
    entityTagContract(() => ({
      ...adminWrites(),
      deletable: false,
      row: () => ({ table: 'membership_tiers', where: { tier: 'pro' } }),
      create: async () => {
        await restore();
        return { url: '/api/admin/membership/tiers/pro' };
      },
      change: (v) => ({ features: [features[v % features.length]] }),
      stored: async () =>
        (await t.db.query(`SELECT features FROM membership_tiers WHERE tier = 'pro'`))[0],
    }));
  });

  describe('system settings (admin; a user: 403)', () => {
    const setting = (options: {
      url: string;
      key: string;
      reset: () => Promise<unknown>;
      change: (v: number) => Record<string, unknown>;
    }) =>
      entityTagContract(() => ({
        ...adminWrites(),
        deletable: false,
        row: () => ({ table: 'system_config', where: { key: options.key } }),
        create: async () => {
          await options.reset();
          return { url: options.url };
        },
        change: options.change,
        stored: async () =>
          (await t.db.query('SELECT value FROM system_config WHERE key = $1', [options.key]))[0] ??
          null,
      }));

    describe('CSV import limits', () => {
      setting({
        url: '/api/admin/csv-templates/import-limits',
        key: 'csv_import_limits',
        reset: () =>
          t.http
            .put('/api/admin/csv-templates/import-limits')
            .set('Authorization', admin.auth)
            .send({ max_errors_reported: 200 }),
        change: (v) => ({ max_errors_reported: 200 + v }),
      });
    });

    describe('default dashboard', () => {
      const layout = async (size: string) => ({
        widgets: [
          {
            key: (await t.db.query('SELECT key FROM widget_catalog ORDER BY position'))[0].key,
            size,
          },
        ],
      });
      let sizes: Record<string, unknown>[];
      beforeAll(async () => {
        sizes = await Promise.all(['medium', 'large', 'full'].map(layout));
      });
      setting({
        url: '/api/admin/dashboard/default',
        key: 'product_dashboard_default',
        reset: async () =>
          t.http
            .put('/api/admin/dashboard/default')
            .set('Authorization', admin.auth)
            .send(await layout('small')),
        change: (v) => sizes[v % sizes.length],
      });
    });
  });

  /**
   * A resource that is only deleted: DELETE naming an old version answers 412 with the current
   * one and deletes nothing; naming the current one, or without If-Match, deletes it; another
   * user gets 404 whatever If-Match says.
   */
  const deleteOnly = (options: {
    table: string;
    create: (owner: TestUser) => Promise<string>;
    /** A change of the row that makes a new version without changing what the owner sees. */
    touch: (id: string) => Promise<unknown>;
  }) => {
    const exists = async (url: string): Promise<boolean> =>
      (await t.db.query(`SELECT 1 FROM ${options.table} WHERE id = $1`, [idOf(url)])).length > 0;
    const del = (url: string, user: TestUser, ifMatch?: string): Promise<Response> =>
      t.http
        .delete(url)
        .set({ Authorization: user.auth, ...(ifMatch ? { 'If-Match': ifMatch } : {}) });

    it('deletes only the version If-Match names', async () => {
      const url = await options.create(kim);
      const read = await t.http.get(url).set('Authorization', kim.auth);
      expect(read.status).toBe(200);
      const stale = read.headers.etag as string;
      expect(stale).toMatch(/^"[0-9]+"$/);
      await options.touch(idOf(url));
      const current = (await t.http.get(url).set('Authorization', kim.auth)).headers.etag;
      expect(current).not.toBe(stale);

      const refused = await del(url, kim, stale);
      expect(refused.status).toBe(412);
      expect(refused.body).toMatchObject({ code: 'PRECONDITION_FAILED', current_etag: current });
      expect(refused.headers.etag).toBe(current);
      expect((await del(url, kim, current.slice(1))).status).toBe(400);
      expect((await del(url, kim, `W/${current}`)).status).toBe(412);
      expect(await exists(url)).toBe(true);

      expect((await del(url, lou, current)).status).toBe(404);
      expect((await del(url, lou, '"0"')).status).toBe(404);
      expect(await exists(url)).toBe(true);

      expect((await del(url, kim, `"1", ${current}`)).status).toBe(204);
      expect(await exists(url)).toBe(false);
      expect((await del(url, kim, '*')).status).toBe(404);
    });

    it('deletes as before without If-Match', async () => {
      const url = await options.create(kim);
      expect((await del(url, lou)).status).toBe(404);
      expect((await del(url, kim)).status).toBe(204);
      expect(await exists(url)).toBe(false);
      expect((await del(url, kim)).status).toBe(404);
    });
  };

  describe('insights', () => {
    deleteOnly({
      table: 'insights',
      create: async (owner) => {
        const [row] = await t.db.query(
          `INSERT INTO insights (owner_id, title, content, offline)
           VALUES ($1, 'Etag', 'Text', true) RETURNING id`,
          [owner.id],
        );
        return `/api/insights/${row.id}`;
      },
      touch: (id) => t.db.query('UPDATE insights SET title = title WHERE id = $1', [id]),
    });
  });

  describe('photos', () => {
    deleteOnly({
      table: 'photos',
      create: async (owner) => {
        const res = await t.http
          .post('/api/photos')
          .set('Authorization', owner.auth)
          .attach('file', photoFixture('photo.jpg'), { filename: 'p.jpg' });
        expect(res.status).toBe(201);
        // The rendition job writes the row once more; its version is stable afterwards.
        await renditionsSettled(t.db, 'photos');
        return `/api/photos/${res.body.id}`;
      },
      touch: (id) => t.db.query('UPDATE photos SET pose = pose WHERE id = $1', [id]),
    });
  });
});
