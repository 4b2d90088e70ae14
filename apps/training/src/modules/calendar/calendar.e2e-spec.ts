import type ICALModule from 'ical.js' with { 'resolution-mode': 'import' };
import { insertClub } from '../club-memberships/club-test-fixtures';
import {
  startTrainingTestApp,
  TestProfile,
  TrainingTestApp,
} from '../../testing/training-test-app';

// ical.js ships ES module types; its CommonJS build is the one Jest loads.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const ICAL = require('ical.js') as typeof ICALModule;

/** A feed parsed by an independent RFC 5545 parser, its VTIMEZONEs registered from the feed. */
function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  return {
    calendar,
    zones: calendar.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid')),
    byUid: new Map(events.map((e) => [e.uid, e])),
    events,
  };
}

/** Last Sunday of a month (EU daylight saving starts on the last Sunday of March, 01:00 UTC). */
function lastSunday(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month, 0));
  return last.getUTCDate() - last.getUTCDay();
}

describe('calendar feeds (HTTP, RFC 5545)', () => {
  let t: TrainingTestApp;
  let clubAdmin: TestProfile;
  let trainer: TestProfile;
  let assistant: TestProfile;
  let member: TestProfile;
  let outsider: TestProfile;
  let club: string;
  let otherClub: string;
  let group: string;
  // Units one week apart around next spring's change to daylight saving time in Berlin.
  const year = new Date().getUTCFullYear() + 1;
  const dstDay = lastSunday(year, 3);
  const beforeDst = new Date(Date.UTC(year, 2, dstDay - 1, 17, 0)).toISOString(); // 18:00 CET
  const afterDst = new Date(Date.UTC(year, 2, dstDay + 1, 16, 0)).toISOString(); // 18:00 CEST
  const units: Record<string, string> = {};

  const as = (p: TestProfile) => ({
    get: (url: string) => t.http.get(url).set('Authorization', p.auth),
    post: (url: string, body: object = {}) =>
      t.http.post(url).set('Authorization', p.auth).send(body),
    put: (url: string, body: object) => t.http.put(url).set('Authorization', p.auth).send(body),
    del: (url: string) => t.http.delete(url).set('Authorization', p.auth),
  });
  const pathOf = (url: string) => new URL(url).pathname;
  const fetchFeed = (url: string, etag?: string) => {
    const req = t.http.get(pathOf(url));
    return etag ? req.set('If-None-Match', etag) : req;
  };
  const newFeed = async (p: TestProfile, body: object): Promise<{ id: string; url: string }> => {
    const res = await as(p).post('/api/calendar/feeds', body);
    if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const newUnit = async (body: object): Promise<string> => {
    const res = await as(trainer).post('/api/training-units', { club_id: club, ...body });
    if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(res.body)}`);
    return res.body.id;
  };

  beforeAll(async () => {
    t = await startTrainingTestApp();
    [clubAdmin, trainer, assistant, member, outsider] = await Promise.all([
      t.newProfile({ name: 'Clara Admin' }),
      t.newProfile({ name: 'Tom Trainer' }),
      t.newProfile({ name: 'Anna Assistant' }),
      t.newProfile({ name: 'Max Member' }),
      t.newProfile({ name: 'Olga Outsider' }),
    ]);
    club = await insertClub(t.db, 'TSV Nord', [
      { profileId: clubAdmin.id, roles: ['club_admin'] },
      { profileId: trainer.id, roles: ['trainer'] },
      { profileId: assistant.id, roles: ['trainer'] },
      { profileId: member.id, roles: ['member'] },
    ]);
    otherClub = await insertClub(t.db, 'SC Süd', [
      { profileId: outsider.id, roles: ['club_admin'] },
    ]);
    const tz = await as(clubAdmin).put(`/api/clubs/${club}`, { time_zone: 'Europe/Berlin' });
    expect(tz.status).toBe(200);
    [{ id: group }] = await t.db.query(
      `INSERT INTO groups (club_id, name, default_lead_trainer_profile_id, default_assistant_trainer_profile_ids)
       VALUES ($1, 'U12', $2, $3::uuid[]) RETURNING id`,
      [club, trainer.id, [assistant.id]],
    );
    units.beforeDst = await newUnit({
      title: 'Technik',
      group_id: group,
      starts_at: beforeDst,
      duration_minutes: 90,
      location: 'Sporthalle Nord',
    });
    units.afterDst = await newUnit({
      title: 'Technik',
      group_id: group,
      starts_at: afterDst,
      duration_minutes: 90,
      location: 'Sporthalle Nord',
    });
    units.cancelled = await newUnit({
      title: 'Ausdauer',
      starts_at: afterDst,
      duration_minutes: 60,
      lead_trainer_profile_id: trainer.id,
      status: 'cancelled',
    });
    units.notMine = await newUnit({
      title: 'Torwart',
      starts_at: afterDst,
      lead_trainer_profile_id: clubAdmin.id,
    });
    units.unscheduled = await newUnit({ title: 'Ohne Termin', group_id: group });
    const [{ id: foreign }] = await t.db.query(
      `INSERT INTO training_units (club_id, title, starts_at, lead_trainer_profile_id)
       VALUES ($1, 'Fremd', $2, $3) RETURNING id`,
      [otherClub, afterDst, outsider.id],
    );
    units.foreign = foreign;
  });
  afterAll(() => t.close());

  it("answers the personal feed with the units its owner leads or assists, in the club's zone across a DST change", async () => {
    const feed = await newFeed(trainer, { scope: 'personal' });
    expect(feed.url).toMatch(/^http:\/\/localhost:3002\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const res = await t.http.get(pathOf(feed.url));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    const parsed = parseFeed(res.text);
    expect(parsed.zones).toEqual(['Europe/Berlin']);
    expect([...parsed.byUid.keys()].sort()).toEqual(
      [units.beforeDst, units.afterDst, units.cancelled].sort(),
    );
    const before = parsed.byUid.get(units.beforeDst)!;
    const after = parsed.byUid.get(units.afterDst)!;
    // 18:00 local on both sides of the change, one hour apart in UTC.
    expect([before.startDate.hour, after.startDate.hour]).toEqual([18, 18]);
    expect(before.startDate.zone.tzid).toBe('Europe/Berlin');
    expect(before.startDate.toJSDate().toISOString()).toBe(beforeDst);
    expect(after.startDate.toJSDate().toISOString()).toBe(afterDst);
    expect(after.endDate.toJSDate().getTime() - after.startDate.toJSDate().getTime()).toBe(
      90 * 60_000,
    );
    expect(before.summary).toBe('Technik');
    expect(before.location).toBe('Sporthalle Nord');
    expect(before.sequence).toBe(0);
    expect(before.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(before.component.getFirstPropertyValue('url')).toBe(
      `http://localhost:3002/api/training-units/${units.beforeDst}`,
    );
    expect(before.description).toContain('Group: U12');
    expect(parsed.byUid.get(units.cancelled)!.component.getFirstPropertyValue('status')).toBe(
      'CANCELLED',
    );

    const assistantFeed = await newFeed(assistant, { scope: 'personal' });
    const assisted = parseFeed((await t.http.get(pathOf(assistantFeed.url))).text);
    expect([...assisted.byUid.keys()].sort()).toEqual([units.beforeDst, units.afterDst].sort());
  });

  it('raises SEQUENCE when a shown field changes and keeps it for other edits', async () => {
    const feed = await newFeed(clubAdmin, { scope: 'club', club_id: club });
    const sequenceOf = async () =>
      parseFeed((await t.http.get(pathOf(feed.url))).text).byUid.get(units.notMine)!.sequence;
    expect(await sequenceOf()).toBe(0);
    expect(
      (await as(clubAdmin).put(`/api/training-units/${units.notMine}`, { location: 'Platz 3' }))
        .body.sequence,
    ).toBe(1);
    expect(await sequenceOf()).toBe(1);
    await as(clubAdmin).put(`/api/training-units/${units.notMine}`, { notes: 'Bälle mitbringen' });
    expect(await sequenceOf()).toBe(1);
    await as(clubAdmin).put(`/api/training-units/${units.notMine}`, { status: 'cancelled' });
    const event = parseFeed((await t.http.get(pathOf(feed.url))).text).byUid.get(units.notMine)!;
    expect(event.sequence).toBe(2);
    expect(event.component.getFirstPropertyValue('status')).toBe('CANCELLED');
  });

  it('answers 304 to If-None-Match with the current ETag and a new ETag after a change', async () => {
    const feed = await newFeed(member, { scope: 'club', club_id: club, group_id: group });
    const first = await fetchFeed(feed.url);
    expect(first.status).toBe(200);
    const etag = first.headers.etag as string;
    const again = await fetchFeed(feed.url, etag);
    expect(again.status).toBe(304);
    expect(again.text ?? '').toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await fetchFeed(feed.url, `W/${etag}, "other"`)).status).toBe(304);
    expect((await fetchFeed(feed.url, '"stale"')).status).toBe(200);

    await as(trainer).put(`/api/training-units/${units.afterDst}`, { title: 'Technik & Taktik' });
    const changed = await fetchFeed(feed.url, etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(parseFeed(changed.text).byUid.get(units.afterDst)!.summary).toBe('Technik & Taktik');
    // Renaming the group changes the events' text, so the tag changes too.
    await t.db.query(`UPDATE groups SET name = 'U13' WHERE id = $1`, [group]);
    expect((await fetchFeed(feed.url, changed.headers.etag as string)).status).toBe(200);
  });

  it("gives members a club feed with all of the club's units, and a group feed with the group's", async () => {
    const clubFeed = await newFeed(assistant, { scope: 'club', club_id: club });
    const all = parseFeed((await t.http.get(pathOf(clubFeed.url))).text);
    expect([...all.byUid.keys()].sort()).toEqual(
      [units.beforeDst, units.afterDst, units.cancelled, units.notMine].sort(),
    );
    const groupFeed = await newFeed(assistant, { scope: 'club', club_id: club, group_id: group });
    const grouped = parseFeed((await t.http.get(pathOf(groupFeed.url))).text);
    expect([...grouped.byUid.keys()].sort()).toEqual([units.beforeDst, units.afterDst].sort());
  });

  it('answers 404 for a revoked token, and for the old URL after a rotation', async () => {
    const feed = await newFeed(assistant, { scope: 'personal' }).catch(async () => {
      const list = await as(assistant).get('/api/calendar/feeds');
      const own = list.body.items.find((f: { scope: string }) => f.scope === 'personal');
      return (await as(assistant).post(`/api/calendar/feeds/${own.id}/rotate`)).body;
    });
    expect((await t.http.get(pathOf(feed.url))).status).toBe(200);
    const rotated = await as(assistant).post(`/api/calendar/feeds/${feed.id}/rotate`);
    expect(rotated.status).toBe(200);
    expect(rotated.body.url).not.toBe(feed.url);
    const old = await t.http.get(pathOf(feed.url));
    expect(old.status).toBe(404);
    expect(old.headers['content-type']).toMatch(/problem\+json/);
    expect((await t.http.get(pathOf(rotated.body.url))).status).toBe(200);

    expect((await as(assistant).del(`/api/calendar/feeds/${feed.id}`)).status).toBe(204);
    expect((await t.http.get(pathOf(rotated.body.url))).status).toBe(404);
    expect((await t.http.get('/api/calendar/not-a-token.ics')).status).toBe(404);
  });

  it('stops answering a club feed when its owner leaves the club', async () => {
    const leaver = await t.newProfile();
    await t.db.query(
      `INSERT INTO club_members (club_id, profile_id, roles) VALUES ($1, $2, '{member}')`,
      [club, leaver.id],
    );
    const feed = await newFeed(leaver, { scope: 'club', club_id: club });
    expect((await t.http.get(pathOf(feed.url))).status).toBe(200);
    await t.db.query(`DELETE FROM club_members WHERE club_id = $1 AND profile_id = $2`, [
      club,
      leaver.id,
    ]);
    expect((await t.http.get(pathOf(feed.url))).status).toBe(404);
  });

  it('refuses club feeds to non-members, other owners and anonymous callers', async () => {
    const refused = await as(outsider).post('/api/calendar/feeds', {
      scope: 'club',
      club_id: club,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('CLUB_MEMBERSHIP_REQUIRED');
    const foreignGroup = await as(member).post('/api/calendar/feeds', {
      scope: 'club',
      club_id: club,
      group_id: (
        await t.db.query(`INSERT INTO groups (club_id, name) VALUES ($1, 'X') RETURNING id`, [
          otherClub,
        ])
      )[0].id,
    });
    expect(foreignGroup.status).toBe(422);
    const dup = await as(trainer).post('/api/calendar/feeds', { scope: 'personal' });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe('CALENDAR_FEED_EXISTS');
    const personalWithClub = await as(outsider).post('/api/calendar/feeds', {
      scope: 'personal',
      club_id: club,
    });
    expect(personalWithClub.status).toBe(400);

    const mine = (await as(trainer).get('/api/calendar/feeds')).body.items[0];
    expect(JSON.stringify(mine)).not.toMatch(/url|token|hash/);
    expect((await as(outsider).post(`/api/calendar/feeds/${mine.id}/rotate`)).status).toBe(404);
    expect((await as(outsider).del(`/api/calendar/feeds/${mine.id}`)).status).toBe(404);
    expect((await as(trainer).get('/api/calendar/feeds')).body.items).toEqual([mine]);
    expect((await t.http.get('/api/calendar/feeds')).status).toBe(401);
    expect((await t.http.post('/api/calendar/feeds').send({ scope: 'personal' })).status).toBe(401);
    const [{ n }] = await t.db.query(
      `SELECT count(*)::int AS n FROM calendar_feeds WHERE token_hash !~ '^[0-9a-f]{64}$'`,
    );
    expect(n).toBe(0);
  });

  it('validates a club time zone as an IANA name', async () => {
    const bad = await as(clubAdmin).put(`/api/clubs/${club}`, { time_zone: 'Mars/Olympus' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ path: 'time_zone' })]);
    expect((await as(clubAdmin).get(`/api/clubs/${club}`)).body.time_zone).toBe('Europe/Berlin');
  });
});
