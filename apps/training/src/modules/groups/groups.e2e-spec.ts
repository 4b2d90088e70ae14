import { countRows, insertClub } from '../club-memberships/club-test-fixtures';
import {
  startTrainingTestApp,
  TestProfile,
  TrainingTestApp,
} from '../../testing/training-test-app';
import { GroupsService } from './groups.service';

describe('groups (HTTP)', () => {
  let t: TrainingTestApp;
  let clubAdmin: TestProfile;
  let trainer: TestProfile;
  let trainer2: TestProfile;
  let member: TestProfile;
  let outsider: TestProfile;
  let clubA: string;
  let clubB: string;

  beforeAll(async () => {
    t = await startTrainingTestApp();
    [clubAdmin, trainer, trainer2, member, outsider] = await Promise.all(
      [1, 2, 3, 4, 5].map(() => t.newProfile()),
    );
    clubA = await insertClub(t.db, 'A', [
      { profileId: clubAdmin.id, roles: ['club_admin'] },
      { profileId: trainer.id, roles: ['trainer'] },
      { profileId: trainer2.id, roles: ['trainer', 'member'] },
      { profileId: member.id, roles: ['member'] },
    ]);
    clubB = await insertClub(t.db, 'B', [{ profileId: outsider.id, roles: ['club_admin'] }]);
  });
  afterAll(() => t.close());

  const create = (p: TestProfile, body: object, club = clubA) =>
    t.http.post(`/api/clubs/${club}/groups`).set('Authorization', p.auth).send(body);

  it('lets a club admin create a group with default trainers', async () => {
    const res = await create(clubAdmin, {
      name: 'U12',
      default_lead_trainer_profile_id: trainer.id,
      default_assistant_trainer_profile_ids: [trainer2.id, clubAdmin.id],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      club_id: clubA,
      name: 'U12',
      default_lead_trainer_profile_id: trainer.id,
      default_assistant_trainer_profile_ids: [trainer2.id, clubAdmin.id],
    });
    expect(await t.app.get(GroupsService).findInClub(res.body.id, clubA)).not.toBeNull();
    expect(await t.app.get(GroupsService).findInClub(res.body.id, clubB)).toBeNull();
  });

  it.each([
    [
      'a lead who is only a member',
      () => ({ name: 'G', default_lead_trainer_profile_id: member.id }),
    ],
    [
      'a lead from another club',
      () => ({ name: 'G', default_lead_trainer_profile_id: outsider.id }),
    ],
    [
      'an assistant who is not a trainer',
      () => ({ name: 'G', default_assistant_trainer_profile_ids: [member.id] }),
    ],
    [
      'the lead also as assistant',
      () => ({
        name: 'G',
        default_lead_trainer_profile_id: trainer.id,
        default_assistant_trainer_profile_ids: [trainer.id],
      }),
    ],
  ])('refuses %s with 422 and writes nothing', async (_l, body) => {
    const before = await countRows(t.db, 'groups');
    const res = await create(clubAdmin, body());
    expect(res.status).toBe(422);
    expect(res.body.code).toBe('INVALID_GROUP_TRAINER');
    expect(await countRows(t.db, 'groups')).toBe(before);
  });

  it('refuses a blank name with 400 and group creation by a trainer with 403', async () => {
    const before = await countRows(t.db, 'groups');
    expect((await create(clubAdmin, { name: ' ' })).status).toBe(400);
    expect((await create(trainer, { name: 'Mine' })).status).toBe(403);
    expect((await create(outsider, { name: 'Foreign' })).status).toBe(403);
    expect(await countRows(t.db, 'groups')).toBe(before);
  });

  it('lets the lead trainer edit their group, but not another trainer or a member', async () => {
    const g = await create(clubAdmin, { name: 'U14', default_lead_trainer_profile_id: trainer.id });
    const ok = await t.http
      .put(`/api/groups/${g.body.id}`)
      .set('Authorization', trainer.auth)
      .send({ name: 'U14 Girls', default_assistant_trainer_profile_ids: [trainer2.id] });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({
      name: 'U14 Girls',
      default_lead_trainer_profile_id: trainer.id,
    });
    for (const p of [trainer2, member, outsider]) {
      const res = await t.http
        .put(`/api/groups/${g.body.id}`)
        .set('Authorization', p.auth)
        .send({ name: 'Taken over' });
      expect(res.status).toBe(403);
    }
    const del = await t.http.delete(`/api/groups/${g.body.id}`).set('Authorization', trainer.auth);
    expect(del.status).toBe(403);
    const row = await t.db.query('SELECT name FROM groups WHERE id = $1', [g.body.id]);
    expect(row[0].name).toBe('U14 Girls');
  });

  it('lets members read groups and refuses other clubs with 403', async () => {
    const g = await create(clubAdmin, { name: 'Seniors' });
    const list = await t.http.get(`/api/clubs/${clubA}/groups`).set('Authorization', member.auth);
    expect(list.status).toBe(200);
    expect(list.body.items.map((x: { name: string }) => x.name)).toContain('Seniors');
    expect(
      (await t.http.get(`/api/groups/${g.body.id}`).set('Authorization', member.auth)).status,
    ).toBe(200);
    expect(
      (await t.http.get(`/api/groups/${g.body.id}`).set('Authorization', outsider.auth)).status,
    ).toBe(403);
    expect(
      (await t.http.get(`/api/clubs/${clubA}/groups`).set('Authorization', outsider.auth)).status,
    ).toBe(403);
    expect((await t.http.get(`/api/groups/${g.body.id}`)).status).toBe(401);
  });

  it('deletes a group (club admin) and answers 404 afterwards', async () => {
    const g = await create(clubAdmin, { name: 'Temp' });
    expect(
      (await t.http.delete(`/api/groups/${g.body.id}`).set('Authorization', clubAdmin.auth)).status,
    ).toBe(204);
    expect(
      (await t.http.get(`/api/groups/${g.body.id}`).set('Authorization', clubAdmin.auth)).status,
    ).toBe(404);
  });
});
