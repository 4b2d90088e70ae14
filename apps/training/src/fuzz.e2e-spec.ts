import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renditionsSettled } from '@sports/common/testing';
import { FuzzCaller, fuzzFailureText, fuzzOpenApi } from '@sports/common/testing/fuzz';
import { insertClub } from './modules/club-memberships/club-test-fixtures';
import type { ProfileRole } from './modules/profiles/profile.entity';
import { startTrainingTestApp, TestProfile, TrainingTestApp } from './testing/training-test-app';

/** Fixed so that a failure reproduces; FUZZ_SEED overrides it to explore further. */
const SEED = Number(process.env.FUZZ_SEED ?? 20260416);

describe('training: every route of the OpenAPI document under generated input', () => {
  let t: TrainingTestApp;
  let root: string;
  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'training-fuzz-'));
    // Row-change triggers go onto every table: an application and database of this file's own.
    t = await startTrainingTestApp({ MEDIA_ROOT: root }, { own: true });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  /** A profile of `role`, club admin of a club of its own (its active club) when `clubAdmin`. */
  const signUp = async (role: ProfileRole, clubAdmin: boolean): Promise<TestProfile> => {
    const profile = await t.newProfile({ role });
    if (clubAdmin) {
      const club = await insertClub(t.db, `Fuzz club ${profile.id.slice(0, 8)}`, [
        { profileId: profile.id, roles: ['club_admin', 'trainer'] },
      ]);
      await t.db.query('UPDATE profiles SET active_club_id = $2 WHERE id = $1', [profile.id, club]);
    }
    return profile;
  };

  /** A signed-in caller that is replaced when the fuzzer signs it out, demotes or deletes it. */
  const caller = async (
    name: string,
    role: ProfileRole,
    clubAdmin = false,
  ): Promise<FuzzCaller> => {
    let profile = await signUp(role, clubAdmin);
    return {
      name,
      headers: { Authorization: profile.auth },
      renewIfChanged: async () => {
        const [row] = await t.db.query(
          `SELECT p.role, EXISTS (SELECT 1 FROM club_members m WHERE m.profile_id = p.id
                     AND m.club_id = p.active_club_id AND 'club_admin' = ANY (m.roles)) AS club_admin
             FROM profiles p WHERE p.id = $1`,
          [profile.id],
        );
        const me = await t.http.get('/api/profiles/me').set('Authorization', profile.auth);
        if (me.status === 200 && row?.role === role && (!clubAdmin || row.club_admin))
          return undefined;
        profile = await signUp(role, clubAdmin);
        return { Authorization: profile.auth };
      },
    };
  };

  // One test per caller, so that each fits the harness's budget on a loaded machine (the fuzzer
  // gives each remaining operation one request once its own budget is spent).
  const succeeded = new Set<string>();
  let operations = 0;
  const callers: [string, () => Promise<FuzzCaller>][] = [
    ['superadmin', () => caller('superadmin', 'superadmin')],
    ['club admin', () => caller('club admin', 'user', true)],
    ['user', () => caller('user', 'user')],
    ['anonymous', async () => ({ name: 'anonymous', headers: {}, runs: 2 })],
  ];

  it.each(callers.map(([name, make], index) => [name, make, index] as const))(
    'answers %s below 500, refuses with problem+json and writes nothing when it refuses',
    async (_name, make, index) => {
      const report = await fuzzOpenApi({
        http: t.http,
        db: t.db,
        seed: SEED + index,
        callers: [await make()],
        budgetMs: 30_000,
        settle: () => renditionsSettled(t.db, 'media_assets'),
      });
      if (report.failures.length) throw new Error(fuzzFailureText(report, SEED + index));
      report.succeeded.forEach((operation) => succeeded.add(operation));
      operations = report.operations;
    },
  );

  it('reaches past validation: at least a quarter of the operations succeeded for some caller', () => {
    expect(succeeded.size).toBeGreaterThan(operations / 4);
  });
});
