import { statusesOfConcurrent } from '@sports/common/testing';
import { insertClub } from '../club-memberships/club-test-fixtures';
import {
  startTrainingTestApp,
  TestProfile,
  TrainingTestApp,
} from '../../testing/training-test-app';

describe('GET /api/exercises: search and filters', () => {
  let t: TrainingTestApp;
  let me: TestProfile;
  let other: TestProfile;
  let superadmin: TestProfile;
  let club: string;
  const fa: Record<string, string> = {};
  const ids: Record<string, string> = {};

  const slugId = async (table: string, slug: string): Promise<string> =>
    (await t.db.query(`SELECT id FROM ${table} WHERE slug = $1`, [slug]))[0].id;

  beforeAll(async () => {
    // Search, filters and totals over a library this file knows completely: official exercises
    // of other files would be visible here, so the file has a database of its own.
    t = await startTrainingTestApp({}, { own: true });
    [me, other, superadmin] = await Promise.all([
      t.newProfile(),
      t.newProfile(),
      t.newProfile({ role: 'superadmin' }),
    ]);
    club = await insertClub(t.db, 'Filterclub', [{ profileId: me.id, roles: ['trainer'] }]);
    for (const s of ['kraft', 'ausdauer', 'koordination', 'technik']) {
      fa[s] = await slugId('focus_areas', s);
    }
    const karate = await slugId('training_styles', 'karate');
    const judo = await slugId('training_styles', 'judo');
    const fussball = await slugId('training_styles', 'fussball');
    const kinder = await slugId('target_groups', 'kinder');
    const senioren = await slugId('target_groups', 'senioren');
    const fallschule = await slugId('skills', 'fallschule');
    const sprintstart = await slugId('skills', 'sprintstart');
    const make = async (key: string, p: TestProfile, body: object): Promise<void> => {
      const res = await t.http.post('/api/exercises').set('Authorization', p.auth).send(body);
      if (res.status !== 201) throw new Error(JSON.stringify(res.body));
      ids[key] = res.body.id;
    };
    await make('kraftAusdauer', me, {
      title: 'Zirkeltraining Kraftausdauer',
      description: '<p>Liegestütze, Kniebeugen und Sprünge im Wechsel</p>',
      focus_areas_multi: [fa.kraft, fa.ausdauer],
      training_styles_multi: [karate],
      target_groups_multi: [kinder],
      skills: [{ skill_id: sprintstart, level: 'basis' }],
    });
    await make('kraftOnly', me, {
      title: 'Klimmzüge',
      description: '<p>Kraft für den Oberkörper</p>',
      focus_areas_multi: [fa.kraft],
      training_styles_multi: [judo],
      skills: [{ skill_id: fallschule, level: 'vertiefung' }],
    });
    await make('koordTechnik', me, {
      title: 'Koordinationsleiter',
      description: '<p>Schnelle Füße durch die Leiter, dann Sprint</p>',
      focus_areas_multi: [fa.koordination, fa.technik],
      training_styles_multi: [fussball],
      target_groups_multi: [senioren],
      skills: [{ skill_id: fallschule, level: 'optimierung' }],
    });
    await make('noFocus', me, {
      title: 'Freies Spiel',
      description: '<p>Spielen ohne Vorgabe</p>',
    });
    await make('archived', me, {
      title: 'Alte Kraftübung',
      focus_areas_multi: [fa.kraft],
      status: 'archived',
    });
    await make('draft', me, { title: 'Entwurf Sprint', status: 'draft' });
    await make('clubOne', me, { title: 'Vereinsübung Sprint', visibility: 'club' });
    await make('official', superadmin, {
      title: 'Offizielle Sprintschule',
      visibility: 'official',
      description: '<p>Technik des Sprints</p>',
    });
    await make('foreignPrivate', other, { title: 'Fremde Sprintübung' });
  });
  afterAll(() => t.close());

  const list = async (query: string, p: TestProfile = me): Promise<string[]> => {
    const res = await t.http.get(`/api/exercises?limit=500&${query}`).set('Authorization', p.auth);
    if (res.status !== 200) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    const byId = new Map(Object.entries(ids).map(([k, v]) => [v, k]));
    return res.body.items.map((e: { id: string }) => byId.get(e.id) ?? e.id);
  };

  it('lists visible, non-archived exercises in a page with total, limit and offset', async () => {
    const res = await t.http.get('/api/exercises?limit=2&offset=1').set('Authorization', me.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ limit: 2, offset: 1, total: 7 });
    expect(res.body.items).toHaveLength(2);
    expect((await list('')).sort()).toEqual(
      [
        'clubOne',
        'draft',
        'koordTechnik',
        'kraftAusdauer',
        'kraftOnly',
        'noFocus',
        'official',
      ].sort(),
    );
    const past = await t.http.get('/api/exercises?offset=100').set('Authorization', me.auth);
    expect(past.body).toMatchObject({ items: [], total: 7 });
  });

  it('hides archived exercises unless include_archived', async () => {
    expect(await list('')).not.toContain('archived');
    expect(await list('include_archived=true')).toContain('archived');
  });

  it('status_exclude_any and visibility_exclude_any drop those values', async () => {
    expect(await list('status_exclude_any=draft')).not.toContain('draft');
    const noClubOrOfficial = await list('visibility_exclude_any=club,official');
    expect(noClubOrOfficial).not.toContain('clubOne');
    expect(noClubOrOfficial).not.toContain('official');
    expect(noClubOrOfficial).toContain('kraftOnly');
  });

  it('full-text search (german stemming) ranks title matches first', async () => {
    const res = await list('q=Sprünge');
    expect(res).toEqual(['kraftAusdauer']);
    const sprint = await list('q=sprint');
    expect(sprint).toEqual(
      expect.arrayContaining(['draft', 'clubOne', 'official', 'koordTechnik']),
    );
    expect(sprint).not.toContain('foreignPrivate');
    // title matches (weight A) before description matches (weight B)
    expect(sprint.slice(0, 2).sort()).toEqual(['clubOne', 'draft']);
    const page = await t.http.get('/api/exercises?q=sprint').set('Authorization', me.auth);
    expect(page.body.items[0].rank).toBeGreaterThan(0);
  });

  it('ai_search tolerates typos and also matches catalog names', async () => {
    expect(await list('q=Koordinatonsleiter&ai_search=true')).toEqual(['koordTechnik']);
    expect(await list('q=Koordinatonsleiter')).toEqual([]);
    // "Senoren" matches the target group Senioren of the ladder exercise
    expect(await list('q=Senoren&ai_search=true')).toEqual(['koordTechnik']);
  });

  it('must_include is an AND of focus areas', async () => {
    expect(await list(`must_include=${fa.kraft},${fa.ausdauer}`)).toEqual(['kraftAusdauer']);
    expect((await list(`must_include=${fa.kraft}`)).sort()).toEqual(['kraftAusdauer', 'kraftOnly']);
    expect(
      await list(`must_include=${fa.kraft}&must_include=${fa.ausdauer}&include_archived=true`),
    ).toEqual(['kraftAusdauer']);
  });

  it('must_exclude drops exercises having any listed focus area', async () => {
    const res = await list(`must_exclude=${fa.ausdauer},${fa.technik}`);
    expect(res).toContain('kraftOnly');
    expect(res).toContain('noFocus');
    expect(res).not.toContain('kraftAusdauer');
    expect(res).not.toContain('koordTechnik');
  });

  it('focus_only_without keeps exercises whose focus areas all lie in the list', async () => {
    expect(await list(`focus_only_without=${fa.kraft}`)).toEqual(['kraftOnly']);
    expect((await list(`focus_only_without=${fa.kraft},${fa.ausdauer}`)).sort()).toEqual([
      'kraftAusdauer',
      'kraftOnly',
    ]);
  });

  it('exclude_without_focus drops exercises without focus areas', async () => {
    const res = await list('exclude_without_focus=true');
    expect(res).not.toContain('noFocus');
    expect(res).toContain('kraftOnly');
  });

  it('filters by style direction, training style and target group', async () => {
    const kampfsport = await slugId('style_directions', 'kampfsport');
    expect((await list(`style_direction_id=${kampfsport}`)).sort()).toEqual([
      'kraftAusdauer',
      'kraftOnly',
    ]);
    expect(await list(`training_style_id=${await slugId('training_styles', 'judo')}`)).toEqual([
      'kraftOnly',
    ]);
    expect(await list(`target_group_id=${await slugId('target_groups', 'senioren')}`)).toEqual([
      'koordTechnik',
    ]);
  });

  it('filters by skill level range (numbers or level names)', async () => {
    expect((await list('skill_level_min=4')).sort()).toEqual(['koordTechnik', 'kraftOnly']);
    expect(await list('skill_level_max=basis')).toEqual(['kraftAusdauer']);
    expect(await list('skill_level_min=vertiefung&skill_level_max=4')).toEqual(['kraftOnly']);
    const bad = await t.http
      .get('/api/exercises?skill_level_min=5&skill_level_max=1')
      .set('Authorization', me.auth);
    expect(bad.status).toBe(400);
  });

  it('combines a full-text query with two filters', async () => {
    expect(await list(`q=Kraft&must_include=${fa.kraft}&exclude_without_focus=true`)).toEqual([
      'kraftOnly',
    ]);
  });

  it('adds variants only with include_variants', async () => {
    await t.http
      .post(`/api/exercises/${ids.kraftOnly}/variants`)
      .set('Authorization', me.auth)
      .send({ title: 'Mit Band' });
    const without = await t.http.get(`/api/exercises?q=Klimmzüge`).set('Authorization', me.auth);
    expect(without.body.items[0].variants).toBeUndefined();
    const withV = await t.http
      .get(`/api/exercises?q=Klimmzüge&include_variants=true`)
      .set('Authorization', me.auth);
    expect(withV.body.items[0].variants.map((v: { title: string }) => v.title)).toEqual([
      'Mit Band',
    ]);
  });

  it('validates query values with 400', async () => {
    for (const q of [
      'must_include=nope',
      'include_archived=yes',
      'visibility_exclude_any=public',
      'limit=501',
    ]) {
      const res = await t.http.get(`/api/exercises?${q}`).set('Authorization', me.auth);
      expect(res.status).toBe(400);
    }
  });

  it('applies the profile’s exercise_list_prefs as defaults that query parameters override', async () => {
    await t.db.query('UPDATE profiles SET exercise_list_prefs = $2 WHERE id = $1', [
      me.id,
      JSON.stringify({ must_include: [fa.kraft], include_archived: true, unknown_key: 1 }),
    ]);
    try {
      expect((await list('')).sort()).toEqual(['archived', 'kraftAusdauer', 'kraftOnly']);
      expect(await list('include_archived=false')).not.toContain('archived');
      expect((await list('must_include=')).length).toBeGreaterThan(5);
    } finally {
      await t.db.query(`UPDATE profiles SET exercise_list_prefs = '{}' WHERE id = $1`, [me.id]);
    }
  });

  describe('saved searches', () => {
    it('saves, lists, applies, updates and deletes a search, private to its owner', async () => {
      const created = await t.http
        .post('/api/exercise-searches')
        .set('Authorization', me.auth)
        .send({ name: 'Kraft + Ausdauer', filters: { must_include: [fa.kraft, fa.ausdauer] } });
      expect(created.status).toBe(201);
      const id = created.body.id;
      expect(await list(`saved_search_id=${id}`)).toEqual(['kraftAusdauer']);
      expect((await list(`saved_search_id=${id}&must_include=${fa.kraft}`)).sort()).toEqual([
        'kraftAusdauer',
        'kraftOnly',
      ]);
      const mine = await t.http.get('/api/exercise-searches').set('Authorization', me.auth);
      expect(mine.body).toMatchObject({ total: 1, items: [{ id, name: 'Kraft + Ausdauer' }] });

      const theirs = await t.http.get('/api/exercise-searches').set('Authorization', other.auth);
      expect(theirs.body.total).toBe(0);
      for (const res of [
        await t.http.get(`/api/exercise-searches/${id}`).set('Authorization', other.auth),
        await t.http
          .put(`/api/exercise-searches/${id}`)
          .set('Authorization', other.auth)
          .send({ name: 'x' }),
        await t.http.delete(`/api/exercise-searches/${id}`).set('Authorization', other.auth),
        await t.http.get(`/api/exercises?saved_search_id=${id}`).set('Authorization', other.auth),
      ]) {
        expect(res.status).toBe(404);
      }
      expect((await t.http.get('/api/exercise-searches')).status).toBe(401);

      const updated = await t.http
        .put(`/api/exercise-searches/${id}`)
        .set('Authorization', me.auth)
        .send({ filters: { include_archived: true, must_include: [fa.kraft] } });
      expect(updated.status).toBe(200);
      expect(updated.body.name).toBe('Kraft + Ausdauer');
      expect((await list(`saved_search_id=${id}`)).sort()).toEqual([
        'archived',
        'kraftAusdauer',
        'kraftOnly',
      ]);
      expect(
        (await t.http.delete(`/api/exercise-searches/${id}`).set('Authorization', me.auth)).status,
      ).toBe(204);
    });

    it('refuses invalid filters (400) and a duplicate name (409)', async () => {
      const bad = await t.http
        .post('/api/exercise-searches')
        .set('Authorization', me.auth)
        .send({ name: 'Bad', filters: { must_include: ['x'], nonsense: true } });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.map((e: { path: string }) => e.path).sort()).toEqual([
        'filters.must_include',
        'filters.nonsense',
      ]);
      const body = { name: 'Twice', filters: {} };
      expect(
        (await t.http.post('/api/exercise-searches').set('Authorization', me.auth).send(body))
          .status,
      ).toBe(201);
      const dup = await t.http
        .post('/api/exercise-searches')
        .set('Authorization', me.auth)
        .send({ ...body, name: 'twice' });
      expect(dup.status).toBe(409);
    });

    it('answers eight simultaneous saves of one name with one 201 and 409 NAME_TAKEN', async () => {
      const statuses = await statusesOfConcurrent(8, (i) =>
        t.http
          .post('/api/exercise-searches')
          .set('Authorization', other.auth)
          .send({ name: i % 2 ? 'Parallel' : 'parallel', filters: {} }),
      );
      expect(statuses).toEqual({ 201: 1, 409: 7 });
      const rows = await t.db.query(
        `SELECT count(*)::int AS n FROM exercise_searches WHERE profile_id = $1 AND lower(name) = 'parallel'`,
        [other.id],
      );
      expect(rows[0].n).toBe(1);
    });

    it('answers simultaneous renames to one name with one 200 and 409 NAME_TAKEN', async () => {
      const ids: string[] = [];
      for (const name of ['One', 'Two', 'Three', 'Four']) {
        const res = await t.http
          .post('/api/exercise-searches')
          .set('Authorization', superadmin.auth)
          .send({ name, filters: {} });
        ids.push(res.body.id);
      }
      const statuses = await statusesOfConcurrent(4, (i) =>
        t.http
          .put(`/api/exercise-searches/${ids[i]}`)
          .set('Authorization', superadmin.auth)
          .send({ name: 'Renamed' }),
      );
      expect(statuses).toEqual({ 200: 1, 409: 3 });
    });
  });

  it('shows a club exercise of the club only to its members', async () => {
    expect(await list('', me)).toContain('clubOne');
    expect(await list('', other)).not.toContain('clubOne');
    expect(await list(`club_id=${club}`)).toEqual(['clubOne']);
  });
});
