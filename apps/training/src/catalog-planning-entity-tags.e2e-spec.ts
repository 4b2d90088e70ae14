import { entityTagContract, type EntityTagSubject } from '@sports/common/testing';
import type { Response } from 'supertest';
import { CATALOGS, CatalogDefinition } from './modules/catalogs/catalog-definitions';
import { insertClub } from './modules/club-memberships/club-test-fixtures';
import { startTrainingTestApp, TestProfile, TrainingTestApp } from './testing/training-test-app';

/**
 * Catalogs, skills, methods, trainer contexts, plan templates, framework programs, progression
 * graphs and maturity models (with their bindings) under the entity-tag contract: ETag on
 * create, read and write; If-Match on PUT and DELETE (412 with the current version, atomic
 * against concurrent writes); unchanged without If-Match; a caller who may not write (another
 * club's trainer, a user without the admin role) is answered as before. Then the writes of
 * parts of a resource (model levels, edges, links, ...): If-Match names the version of the
 * resource they belong to, and every such write gives that resource a new version.
 */
describe('catalogs and planning: entity tags (e2e)', () => {
  let t: TrainingTestApp;
  let admin: TestProfile;
  let user: TestProfile;
  let trainerA: TestProfile;
  let memberA: TestProfile;
  let trainerB: TestProfile;
  let clubA: string;
  /** Focus areas of this test, one per binding state the contract writes. */
  const focusAreas: string[] = [];
  let styleDirection: string;
  const skills: string[] = [];

  beforeAll(async () => {
    t = await startTrainingTestApp();
    [admin, user, trainerA, memberA, trainerB] = await Promise.all([
      t.newProfile({ role: 'admin' }),
      t.newProfile(),
      t.newProfile(),
      t.newProfile(),
      t.newProfile(),
    ]);
    clubA = await insertClub(t.db, 'Club A', [
      { profileId: trainerA.id, roles: ['trainer'] },
      { profileId: memberA.id, roles: ['member'] },
    ]);
    await insertClub(t.db, 'Club B', [
      { profileId: trainerB.id, roles: ['club_admin', 'trainer'] },
    ]);
    for (let i = 0; i < 14; i++) {
      focusAreas.push((await created(post(admin, '/api/focus-areas', { name: `ETag ${i}` }))).id);
    }
    styleDirection = (await created(post(admin, '/api/style-directions', { name: 'ETag-Stil' })))
      .id;
    for (let i = 0; i < 2; i++) {
      skills.push((await created(post(admin, '/api/skills', { name: `ETag-Skill ${i}` }))).id);
    }
  });
  afterAll(() => t.close());

  const auth = (p: TestProfile) => ({ Authorization: p.auth });
  const post = (p: TestProfile, url: string, body: object) =>
    t.http.post(url).set(auth(p)).send(body);
  const created = async (res: Promise<Response>): Promise<{ id: string; res: Response }> => {
    const r = await res;
    if (r.status !== 201) throw new Error(`${r.status} ${JSON.stringify(r.body)}`);
    return { id: r.body.id, res: r };
  };
  const idOf = (url: string) => url.split('/').pop();
  let serial = 0;
  const unique = () => `${Date.now().toString(36)}-${++serial}`;

  /** A resource at `path/:id` in `table`, created by POST `path` with `body()`. */
  const subject =
    (
      of: () => {
        path: string;
        table: string;
        owner: TestProfile;
        stranger: TestProfile;
        strangerStatus: 403 | 404;
        strangerReads?: boolean;
        body: () => object;
        change: (n: number) => object;
        columns: string;
      },
    ) =>
    (): EntityTagSubject => {
      const options = of();
      return {
        http: t.http,
        db: t.db,
        owner: auth(options.owner),
        stranger: auth(options.stranger),
        strangerStatus: options.strangerStatus,
        strangerReads: options.strangerReads,
        row: (url) => ({ table: options.table, where: { id: idOf(url) } }),
        create: async () => {
          const { id, res } = await created(post(options.owner, options.path, options.body()));
          return { url: `${options.path}/${id}`, created: res };
        },
        change: options.change,
        stored: async (url) =>
          (
            await t.db.query(`SELECT ${options.columns} FROM ${options.table} WHERE id = $1`, [
              idOf(url),
            ])
          )[0] ?? null,
      };
    };

  /** Platform catalogs: admins write, everybody signed in reads (a user's write is 403). */
  const adminCatalog = (path: string, table: string, body: () => object) =>
    subject(() => ({
      path,
      table,
      owner: admin,
      stranger: user,
      strangerStatus: 403,
      strangerReads: true,
      body,
      change: (n) => ({ name: `Fassung ${n}`, description: `Beschreibung ${n}` }),
      columns: 'name, description',
    }));

  const catalogBody = (def: CatalogDefinition) => () => ({
    name: `Eintrag ${unique()}`,
    ...(def.kind === 'training_style' ? { style_direction_id: styleDirection } : {}),
  });

  for (const def of CATALOGS) {
    describe(`catalog ${def.path}`, () => {
      entityTagContract(adminCatalog(`/api/${def.path}`, def.table, catalogBody(def)));
    });
  }

  describe('skills', () => {
    entityTagContract(adminCatalog('/api/skills', 'skills', () => ({ name: `Skill ${unique()}` })));
  });

  describe('methods', () => {
    entityTagContract(
      adminCatalog('/api/methods', 'methods', () => ({ name: `Methode ${unique()}` })),
    );
  });

  describe('maturity models', () => {
    entityTagContract(
      adminCatalog('/api/maturity-models', 'maturity_models', () => ({
        slug: `etag-${unique()}`,
        name: 'Reifegrad',
      })),
    );
  });

  describe('trainer contexts (private to their owner)', () => {
    entityTagContract(
      subject(() => ({
        path: '/api/trainer-contexts',
        table: 'trainer_contexts',
        owner: trainerA,
        stranger: trainerB,
        strangerStatus: 404,
        body: () => ({ name: `Kontext ${unique()}`, club_id: clubA }),
        change: (n) => ({ name: `Kontext ${unique()} ${n}`, description: `Fassung ${n}` }),
        columns: 'name, description, club_id',
      })),
    );
  });

  /** Club content of club A: the trainer of another club neither sees nor writes it. */
  const clubContent = (path: string, table: string) =>
    subject(() => ({
      path,
      table,
      owner: trainerA,
      stranger: trainerB,
      strangerStatus: 404,
      body: () => ({ name: `Inhalt ${unique()}`, visibility: 'club', club_id: clubA }),
      change: (n) => ({ name: `Fassung ${n}`, description: `Beschreibung ${n}` }),
      columns: 'name, description, visibility, club_id',
    }));

  for (const [label, path, table] of [
    ['plan templates', '/api/training-plan-templates', 'plan_templates'],
    ['framework programs', '/api/training-framework-programs', 'framework_programs'],
    ['progression graphs', '/api/exercise-progression-graphs', 'progression_graphs'],
  ] as const) {
    describe(`${label} (club content)`, () => {
      entityTagContract(clubContent(path, table));

      it('refuses a club member who may read but not write, with or without a matching If-Match', async () => {
        const { id } = await created(
          post(trainerA, path, { name: 'Gelesen', visibility: 'club', club_id: clubA }),
        );
        const read = await t.http.get(`${path}/${id}`).set(auth(memberA));
        expect(read.status).toBe(200);
        const etag = read.headers.etag as string;
        for (const headers of [{}, { 'If-Match': etag }, { 'If-Match': '"0"' }]) {
          const put = await t.http
            .put(`${path}/${id}`)
            .set({ ...auth(memberA), ...headers })
            .send({ name: 'Fremd' });
          expect(put.status).toBe(403);
          expect(put.body.current_etag).toBeUndefined();
          const del = await t.http.delete(`${path}/${id}`).set({ ...auth(memberA), ...headers });
          expect(del.status).toBe(403);
        }
        const after = await t.http.get(`${path}/${id}`).set(auth(trainerA));
        expect(after.body.name).toBe('Gelesen');
        expect(after.headers.etag).toBe(etag);
      });
    });
  }

  describe('maturity model bindings (their own version)', () => {
    entityTagContract(() => ({
      http: t.http,
      db: t.db,
      owner: auth(admin),
      stranger: auth(user),
      strangerStatus: 403,
      strangerReads: true,
      row: (url) => ({ table: 'maturity_model_bindings', where: { id: idOf(url) } }),
      create: async () => {
        const model = await created(
          post(admin, '/api/maturity-models', { slug: `etag-${unique()}`, name: 'Bindungen' }),
        );
        const base = `/api/maturity-models/${model.id}/bindings`;
        const binding = await created(post(admin, base, { focus_area_id: focusAreas[0] }));
        return { url: `${base}/${binding.id}`, created: binding.res };
      },
      change: (n) => ({ focus_area_id: focusAreas[n] }),
      stored: async (url) =>
        (
          await t.db.query(
            'SELECT focus_area_id, style_direction_id FROM maturity_model_bindings WHERE id = $1',
            [idOf(url)],
          )
        )[0] ?? null,
    }));
  });

  /**
   * A write of part of a resource: If-Match names the version of `resource` (read by GET), and
   * `write(n)` makes its n-th different change (n from 1 on).
   */
  interface PartWrite {
    name: string;
    setup(): Promise<{
      resource: string;
      owner: TestProfile;
      write(n: number, headers: Record<string, string>): Promise<Response>;
    }>;
    status: 200 | 204;
  }

  const newModel = async (): Promise<string> =>
    `/api/maturity-models/${
      (await created(post(admin, '/api/maturity-models', { slug: `etag-${unique()}`, name: 'M' })))
        .id
    }`;

  const newGraphWithEdges = async (edges: number) => {
    const exercises: string[] = [];
    for (let i = 0; i <= edges; i++) {
      exercises.push((await created(post(trainerA, '/api/exercises', { title: `Ü ${i}` }))).id);
    }
    const graph = await created(
      post(trainerA, '/api/exercise-progression-graphs', { name: `Graph ${unique()}` }),
    );
    const seq = await created(
      post(trainerA, `/api/exercise-progression-graphs/${graph.id}/edges/sequence`, {
        steps: exercises.map((exercise_id) => ({ exercise_id })),
      }),
    );
    const ids = (seq.res.body.items as { id: string }[]).map((e) => e.id);
    return { url: `/api/exercise-progression-graphs/${graph.id}`, edges: ids, exercises };
  };

  const put = (p: TestProfile, url: string, body: object, headers: Record<string, string>) =>
    t.http
      .put(url)
      .set({ ...auth(p), ...headers })
      .send(body);

  /** A maturity model part written by PUT `{model}/{part}` with `body(n)`, after `prepare`. */
  const MODEL_PARTS: [string, (n: number) => object, ((model: string) => Promise<unknown>)?][] = [
    ['levels', (n) => ({ levels: [{ level: 1, name: `Stufe ${n}` }] })],
    [
      'skills',
      (n) => ({
        skills: (n % 2 ? skills : [...skills].reverse()).map((skill_id) => ({ skill_id })),
      }),
    ],
    [
      'matrix',
      (n) => ({ cells: [{ skill_id: skills[0], level: 1, description: `Zelle ${n}` }] }),
      (model) => put(admin, `${model}/skills`, { skills: [{ skill_id: skills[0] }] }, {}),
    ],
    ['focus-areas', (n) => ({ focus_area_ids: [focusAreas[n]] })],
  ];

  const PART_WRITES: PartWrite[] = [
    ...MODEL_PARTS.map(([part, body, prepare]): PartWrite => ({
      name: `PUT maturity model ${part}`,
      status: 200,
      setup: async () => {
        const model = await newModel();
        await prepare?.(model);
        return {
          resource: model,
          owner: admin,
          write: (n, headers) => put(admin, `${model}/${part}`, body(n), headers),
        };
      },
    })),
    {
      name: 'DELETE progression graph edge',
      status: 204,
      setup: async () => {
        const graph = await newGraphWithEdges(4);
        return {
          resource: graph.url,
          owner: trainerA,
          write: (n, headers) =>
            t.http
              .delete(`${graph.url}/edges/${graph.edges[n - 1]}`)
              .set({ ...auth(trainerA), ...headers }),
        };
      },
    },
  ];

  describe.each(PART_WRITES)('$name: If-Match names the version of the whole', (w) => {
    it('refuses an old version with 412 and the current one, writing nothing', async () => {
      const s = await w.setup();
      const get = () => t.http.get(s.resource).set(auth(s.owner));
      const stale = (await get()).headers.etag as string;
      expect((await s.write(1, {})).status).toBe(w.status);
      const current = await get();
      expect(current.headers.etag).not.toBe(stale);

      const refused = await s.write(2, { 'If-Match': stale });
      expect(refused.status).toBe(412);
      expect(refused.body).toMatchObject({
        code: 'PRECONDITION_FAILED',
        current_etag: current.headers.etag,
      });
      expect(refused.headers.etag).toBe(current.headers.etag);
      const after = await get();
      expect(after.body).toEqual(current.body);
      expect(after.headers.etag).toBe(current.headers.etag);
    });

    it('writes the version If-Match names and answers the new one', async () => {
      const s = await w.setup();
      const get = () => t.http.get(s.resource).set(auth(s.owner));
      const etag = (await get()).headers.etag as string;
      const written = await s.write(1, { 'If-Match': etag });
      expect(written.status).toBe(w.status);
      const now = await get();
      expect(now.headers.etag).not.toBe(etag);
      if (w.status === 200) expect(written.headers.etag).toBe(now.headers.etag);
      expect((await s.write(2, { 'If-Match': '*' })).status).toBe(w.status);
      expect((await s.write(3, {})).status).toBe(w.status);
    });

    it('answers a caller who may not write as before, revealing no version', async () => {
      const s = await w.setup();
      const etag = (await t.http.get(s.resource).set(auth(s.owner))).headers.etag as string;
      const stranger = s.owner === admin ? user : trainerB;
      const seen = await t.http.get(s.resource).set(auth(stranger));
      expect(seen.status).toBe(s.owner === admin ? 200 : 404);
      for (const ifMatch of ['"0"', etag]) {
        const res = await s.write(1, { Authorization: stranger.auth, 'If-Match': ifMatch });
        expect(res.status).toBe(s.owner === admin ? 403 : 404);
        expect(res.body.current_etag).toBeUndefined();
      }
      expect((await t.http.get(s.resource).set(auth(s.owner))).headers.etag).toBe(etag);
    });
  });

  it.each(MODEL_PARTS.map(([part, body, prepare]) => ({ part, body, prepare })))(
    'PUT maturity model $part of what it has already keeps the version of the whole',
    async ({ part, body, prepare }) => {
      const model = await newModel();
      await prepare?.(model);
      expect((await put(admin, `${model}/${part}`, body(1), {})).status).toBe(200);
      const before = await t.http.get(model).set(auth(admin));
      const [{ version }] = await t.db.query(
        'SELECT xmin::text AS version FROM maturity_models WHERE id = $1',
        [idOf(model)],
      );
      const conditions: Record<string, string>[] = [{ 'If-Match': before.headers.etag }, {}];
      for (const headers of conditions) {
        const same = await put(admin, `${model}/${part}`, body(1), headers);
        expect(same.status).toBe(200);
        expect(same.headers.etag).toBe(before.headers.etag);
      }
      const after = await t.http.get(model).set(auth(admin));
      expect(after.headers.etag).toBe(before.headers.etag);
      expect(after.body).toEqual(before.body);
      const [{ version: now }] = await t.db.query(
        'SELECT xmin::text AS version FROM maturity_models WHERE id = $1',
        [idOf(model)],
      );
      expect(now).toBe(version);
    },
  );

  /** Writes of parts that give the whole a new version (its ETag follows its representation). */
  const TOUCHING_WRITES: {
    name: string;
    run(): Promise<{ resource: string; owner: TestProfile; write(): Promise<Response> }>;
    status: number;
  }[] = [
    {
      name: 'POST maturity model binding',
      status: 201,
      run: async () => {
        const model = await newModel();
        return {
          resource: model,
          owner: admin,
          write: () => post(admin, `${model}/bindings`, { focus_area_id: focusAreas[1] }),
        };
      },
    },
    {
      name: 'PUT maturity model binding',
      status: 200,
      run: async () => {
        const model = await newModel();
        const b = await created(post(admin, `${model}/bindings`, { focus_area_id: focusAreas[1] }));
        return {
          resource: model,
          owner: admin,
          write: () =>
            put(admin, `${model}/bindings/${b.id}`, { focus_area_id: focusAreas[2] }, {}),
        };
      },
    },
    {
      name: 'DELETE maturity model binding',
      status: 204,
      run: async () => {
        const model = await newModel();
        const b = await created(post(admin, `${model}/bindings`, { focus_area_id: focusAreas[1] }));
        return {
          resource: model,
          owner: admin,
          write: () => t.http.delete(`${model}/bindings/${b.id}`).set(auth(admin)),
        };
      },
    },
    {
      name: 'POST progression graph edge',
      status: 201,
      run: async () => {
        const graph = await newGraphWithEdges(1);
        return {
          resource: graph.url,
          owner: trainerA,
          write: () =>
            post(trainerA, `${graph.url}/edges`, {
              from_exercise_id: graph.exercises[1],
              to_exercise_id: graph.exercises[0],
            }),
        };
      },
    },
    {
      name: 'POST progression graph edges delete-batch',
      status: 200,
      run: async () => {
        const graph = await newGraphWithEdges(2);
        return {
          resource: graph.url,
          owner: trainerA,
          write: () => post(trainerA, `${graph.url}/edges/delete-batch`, { edge_ids: graph.edges }),
        };
      },
    },
    {
      name: 'POST style direction ↔ target group link',
      status: 201,
      run: async () => {
        const group = await created(post(admin, '/api/target-groups', { name: `TG ${unique()}` }));
        return {
          resource: `/api/target-groups/${group.id}`,
          owner: admin,
          write: () =>
            post(admin, '/api/training-style-target-groups', {
              style_direction_id: styleDirection,
              target_group_id: group.id,
            }),
        };
      },
    },
    {
      name: 'DELETE style direction ↔ target group link',
      status: 204,
      run: async () => {
        const group = await created(post(admin, '/api/target-groups', { name: `TG ${unique()}` }));
        const link = await created(
          post(admin, '/api/training-style-target-groups', {
            style_direction_id: styleDirection,
            target_group_id: group.id,
          }),
        );
        return {
          resource: `/api/target-groups/${group.id}`,
          owner: admin,
          write: () =>
            t.http.delete(`/api/training-style-target-groups/${link.id}`).set(auth(admin)),
        };
      },
    },
  ];

  it.each(TOUCHING_WRITES)('$name gives the whole a new ETag', async (w) => {
    const s = await w.run();
    const before = await t.http.get(s.resource).set(auth(s.owner));
    expect((await s.write()).status).toBe(w.status);
    const after = await t.http.get(s.resource).set(auth(s.owner));
    expect(after.body).not.toEqual(before.body);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  describe('style direction ↔ target group links (DELETE only)', () => {
    const newLink = async () => {
      const group = await created(post(admin, '/api/target-groups', { name: `TG ${unique()}` }));
      const link = await created(
        post(admin, '/api/training-style-target-groups', {
          style_direction_id: styleDirection,
          target_group_id: group.id,
        }),
      );
      return { url: `/api/training-style-target-groups/${link.id}`, created: link.res };
    };
    const exists = async (url: string) =>
      (await t.db.query('SELECT 1 FROM style_direction_target_groups WHERE id = $1', [idOf(url)]))
        .length === 1;

    it('tags the link on create and read, and deletes only the version If-Match names', async () => {
      const { url, created: res } = await newLink();
      const read = await t.http.get(url).set(auth(user));
      expect(read.status).toBe(200);
      expect(read.headers.etag).toMatch(/^"[^"]+"$/);
      expect(res.headers.etag).toBe(read.headers.etag);

      const refused = await t.http.delete(url).set({ ...auth(admin), 'If-Match': '"1"' });
      expect(refused.status).toBe(412);
      expect(refused.body).toMatchObject({
        code: 'PRECONDITION_FAILED',
        current_etag: read.headers.etag,
      });
      expect(await exists(url)).toBe(true);
      const byUser = await t.http.delete(url).set({ ...auth(user), 'If-Match': read.headers.etag });
      expect(byUser.status).toBe(403);
      expect(byUser.body.current_etag).toBeUndefined();
      expect(await exists(url)).toBe(true);

      const deleted = await t.http
        .delete(url)
        .set({ ...auth(admin), 'If-Match': read.headers.etag });
      expect(deleted.status).toBe(204);
      expect(await exists(url)).toBe(false);
      expect((await t.http.delete(url).set({ ...auth(admin), 'If-Match': '*' })).status).toBe(404);
    });

    it('deletes as before without If-Match', async () => {
      const { url } = await newLink();
      expect((await t.http.delete(url).set(auth(admin))).status).toBe(204);
      expect(await exists(url)).toBe(false);
      expect((await t.http.delete(url).set(auth(admin))).status).toBe(404);
    });
  });
});
