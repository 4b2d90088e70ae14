import { insertClub, insertMember } from '../club-memberships/club-test-fixtures';
import {
  startTrainingTestApp,
  TestProfile,
  TrainingTestApp,
} from '../../testing/training-test-app';

/**
 * Every route of issue #3 (clubs, members, join requests, member directory, groups) against
 * every kind of caller, with the exact status of each cell. Rows that change data prepare a
 * fresh copy of club A (same people, same roles) so that cells never depend on each other.
 */
const CALLERS = [
  'anonymous',
  'member of A',
  'trainer of A',
  'club admin of A',
  'club admin of B',
  'platform admin',
  'superadmin',
] as const;
type Caller = (typeof CALLERS)[number];

interface Fixture {
  t: TrainingTestApp;
  people: Record<Exclude<Caller, 'anonymous'>, TestProfile>;
  clubA: string;
  memberRowA: string;
  groupA: string;
}

interface Call {
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  body?: object;
}

interface Row {
  route: string;
  prepare: (f: Fixture) => Promise<Call>;
  expected: [number, number, number, number, number, number, number];
}

let seq = 0;
async function insertProfile(f: Fixture): Promise<string> {
  seq += 1;
  const [{ id }] = await f.t.db.query(
    `INSERT INTO profiles (name, email, pin_hash) VALUES ($1, $2, 'not-a-hash') RETURNING id`,
    [`Applicant ${seq}`, `applicant-${seq}-${Date.now()}@example.org`],
  );
  return id;
}

/** A new club with the same members of A in the same roles. */
async function freshClubA(f: Fixture): Promise<{ clubId: string; memberRow: string }> {
  seq += 1;
  const clubId = await insertClub(f.t.db, `A copy ${seq}`, [
    { profileId: f.people['club admin of A'].id, roles: ['club_admin'] },
    { profileId: f.people['trainer of A'].id, roles: ['trainer'] },
  ]);
  const memberRow = await insertMember(f.t.db, clubId, f.people['member of A'].id, ['member']);
  return { clubId, memberRow };
}

async function pendingRequest(f: Fixture): Promise<{ clubId: string; requestId: string }> {
  const { clubId } = await freshClubA(f);
  const applicant = await insertProfile(f);
  const [{ id }] = await f.t.db.query(
    'INSERT INTO club_join_requests (club_id, profile_id) VALUES ($1, $2) RETURNING id',
    [clubId, applicant],
  );
  return { clubId, requestId: id };
}

async function groupIn(f: Fixture, clubId: string): Promise<string> {
  const [{ id }] = await f.t.db.query(
    'INSERT INTO groups (club_id, name, default_lead_trainer_profile_id) VALUES ($1, $2, $3) RETURNING id',
    [clubId, 'Group', f.people['trainer of A'].id],
  );
  return id;
}

//                          anon member trainer adminA adminB platform super
const ROWS: Row[] = [
  {
    route: 'GET /api/clubs',
    prepare: async () => ({ method: 'get', path: '/api/clubs' }),
    expected: [401, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'GET /api/clubs/directory',
    prepare: async () => ({ method: 'get', path: '/api/clubs/directory' }),
    expected: [200, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'GET /api/clubs/:id',
    prepare: async (f) => ({ method: 'get', path: `/api/clubs/${f.clubA}` }),
    expected: [401, 200, 200, 200, 403, 200, 200],
  },
  {
    route: 'POST /api/clubs',
    prepare: async (f) => ({
      method: 'post',
      path: '/api/clubs',
      body: { name: 'New club', primary_admin_profile_id: await insertProfile(f) },
    }),
    expected: [401, 403, 403, 403, 403, 201, 201],
  },
  {
    route: 'PUT /api/clubs/:id',
    prepare: async (f) => ({
      method: 'put',
      path: `/api/clubs/${f.clubA}`,
      body: { description: 'Updated' },
    }),
    expected: [401, 403, 403, 200, 403, 200, 200],
  },
  {
    route: 'DELETE /api/clubs/:id',
    prepare: async (f) => ({
      method: 'delete',
      path: `/api/clubs/${(await freshClubA(f)).clubId}`,
    }),
    expected: [401, 403, 403, 403, 403, 204, 204],
  },
  {
    route: 'GET /api/clubs/:id/members',
    prepare: async (f) => ({ method: 'get', path: `/api/clubs/${f.clubA}/members` }),
    expected: [401, 403, 403, 200, 403, 200, 200],
  },
  {
    route: 'POST /api/clubs/:id/members',
    prepare: async (f) => ({
      method: 'post',
      path: `/api/clubs/${(await freshClubA(f)).clubId}/members`,
      body: { profile_id: await insertProfile(f), roles: ['member'] },
    }),
    expected: [401, 403, 403, 201, 403, 201, 201],
  },
  {
    route: 'GET /api/clubs/:id/members/:member_id',
    prepare: async (f) => ({
      method: 'get',
      path: `/api/clubs/${f.clubA}/members/${f.memberRowA}`,
    }),
    expected: [401, 403, 403, 200, 403, 200, 200],
  },
  {
    route: 'PUT /api/clubs/:id/members/:member_id',
    prepare: async (f) => {
      const { clubId, memberRow } = await freshClubA(f);
      return {
        method: 'put',
        path: `/api/clubs/${clubId}/members/${memberRow}`,
        body: { roles: ['member', 'trainer'] },
      };
    },
    expected: [401, 403, 403, 200, 403, 200, 200],
  },
  {
    route: 'DELETE /api/clubs/:id/members/:member_id',
    prepare: async (f) => {
      const { clubId, memberRow } = await freshClubA(f);
      return { method: 'delete', path: `/api/clubs/${clubId}/members/${memberRow}` };
    },
    expected: [401, 403, 403, 204, 403, 204, 204],
  },
  {
    route: 'GET /api/clubs/:id/member-directory',
    prepare: async (f) => ({ method: 'get', path: `/api/clubs/${f.clubA}/member-directory` }),
    expected: [401, 200, 200, 200, 403, 200, 200],
  },
  {
    route: 'POST /api/clubs/:id/join-requests',
    prepare: async (f) => ({
      method: 'post',
      path: `/api/clubs/${(await freshClubA(f)).clubId}/join-requests`,
      body: { message: 'Let me in' },
    }),
    expected: [401, 409, 409, 409, 201, 201, 201],
  },
  {
    route: 'GET /api/clubs/:id/join-requests',
    prepare: async (f) => ({ method: 'get', path: `/api/clubs/${f.clubA}/join-requests` }),
    expected: [401, 403, 403, 200, 403, 200, 200],
  },
  {
    route: 'POST /api/clubs/:id/join-requests/:rid/accept',
    prepare: async (f) => {
      const { clubId, requestId } = await pendingRequest(f);
      return { method: 'post', path: `/api/clubs/${clubId}/join-requests/${requestId}/accept` };
    },
    expected: [401, 403, 403, 200, 403, 200, 200],
  },
  {
    route: 'POST /api/clubs/:id/join-requests/:rid/reject',
    prepare: async (f) => {
      const { clubId, requestId } = await pendingRequest(f);
      return { method: 'post', path: `/api/clubs/${clubId}/join-requests/${requestId}/reject` };
    },
    expected: [401, 403, 403, 200, 403, 200, 200],
  },
  {
    route: 'GET /api/join-requests/mine',
    prepare: async () => ({ method: 'get', path: '/api/join-requests/mine' }),
    expected: [401, 200, 200, 200, 200, 200, 200],
  },
  {
    route: 'GET /api/clubs/:id/groups',
    prepare: async (f) => ({ method: 'get', path: `/api/clubs/${f.clubA}/groups` }),
    expected: [401, 200, 200, 200, 403, 200, 200],
  },
  {
    route: 'POST /api/clubs/:id/groups',
    prepare: async (f) => ({
      method: 'post',
      path: `/api/clubs/${(await freshClubA(f)).clubId}/groups`,
      body: { name: 'New group' },
    }),
    expected: [401, 403, 403, 201, 403, 201, 201],
  },
  {
    route: 'GET /api/groups/:gid',
    prepare: async (f) => ({ method: 'get', path: `/api/groups/${f.groupA}` }),
    expected: [401, 200, 200, 200, 403, 200, 200],
  },
  {
    // The trainer of A is the group's default lead and may edit it.
    route: 'PUT /api/groups/:gid',
    prepare: async (f) => ({
      method: 'put',
      path: `/api/groups/${await groupIn(f, (await freshClubA(f)).clubId)}`,
      body: { name: 'Renamed' },
    }),
    expected: [401, 403, 200, 200, 403, 200, 200],
  },
  {
    route: 'DELETE /api/groups/:gid',
    prepare: async (f) => ({
      method: 'delete',
      path: `/api/groups/${await groupIn(f, (await freshClubA(f)).clubId)}`,
    }),
    expected: [401, 403, 403, 204, 403, 204, 204],
  },
];

const CELLS = ROWS.flatMap((row) =>
  CALLERS.map((caller, i) => ({ route: row.route, caller, status: row.expected[i], row })),
);

describe(`access-control matrix of issue #3: ${ROWS.length} routes × ${CALLERS.length} callers = ${CELLS.length} cells`, () => {
  const f = {} as Fixture;

  beforeAll(async () => {
    f.t = await startTrainingTestApp();
    const [member, trainer, adminA, adminB, platform, superadmin] = await Promise.all([
      f.t.newProfile({ name: 'Member A' }),
      f.t.newProfile({ name: 'Trainer A' }),
      f.t.newProfile({ name: 'Admin A' }),
      f.t.newProfile({ name: 'Admin B' }),
      f.t.newProfile({ role: 'admin', name: 'Platform admin' }),
      f.t.newProfile({ role: 'superadmin', name: 'Superadmin' }),
    ]);
    f.people = {
      'member of A': member,
      'trainer of A': trainer,
      'club admin of A': adminA,
      'club admin of B': adminB,
      'platform admin': platform,
      superadmin,
    };
    f.clubA = await insertClub(f.t.db, 'Club A', [
      { profileId: adminA.id, roles: ['club_admin'] },
      { profileId: trainer.id, roles: ['trainer'] },
    ]);
    f.memberRowA = await insertMember(f.t.db, f.clubA, member.id, ['member']);
    await insertClub(f.t.db, 'Club B', [{ profileId: adminB.id, roles: ['club_admin'] }]);
    f.groupA = await groupIn(f, f.clubA);
  });
  afterAll(() => f.t.close());

  it('lists every route of the issue once', () => {
    expect(new Set(ROWS.map((r) => r.route)).size).toBe(ROWS.length);
    expect(CELLS).toHaveLength(ROWS.length * CALLERS.length);
  });

  it.each(CELLS)('$route as $caller → $status', async ({ caller, status, row }) => {
    const call = await row.prepare(f);
    let req = f.t.http[call.method](call.path);
    if (caller !== 'anonymous') req = req.set('Authorization', f.people[caller].auth);
    const res = call.body ? await req.send(call.body) : await req;
    expect({ status: res.status, code: res.body?.code }).toEqual({
      status,
      code: status >= 400 ? expect.any(String) : undefined,
    });
    if (status >= 400) {
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    }
  });
});
