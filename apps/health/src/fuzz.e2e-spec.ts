import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { renditionsSettled } from '@sports/common/testing';
import { FuzzCaller, fuzzFailureText, fuzzOpenApi } from '@sports/common/testing/fuzz';
import type { UserRole, UserTier } from './modules/profiles/user.entity';
import { HealthTestApp, startHealthTestApp, TestUser } from './testing/health-test-app';

/** Fixed so that a failure reproduces; FUZZ_SEED overrides it to explore further. */
const SEED = Number(process.env.FUZZ_SEED ?? 20260416);

describe('health: every route of the OpenAPI document under generated input', () => {
  let t: HealthTestApp;
  let root: string;
  // The app's start-up alone took over 30 s once on the 2-core CI machine while the browser
  // suites ran beside it; the hook gets the headroom, the test keeps its own limit.
  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'health-fuzz-'));
    // Row-change triggers go onto every table: an application and database of this file's own.
    t = await startHealthTestApp({ PHOTO_ROOT: root }, { own: true });
  });
  afterAll(async () => {
    await t.close();
    rmSync(root, { recursive: true, force: true });
  });

  /** A signed-in caller that is replaced when the fuzzer signs it out, demotes or deletes it. */
  const caller = async (name: string, role: UserRole, tier: UserTier): Promise<FuzzCaller> => {
    let user: TestUser = await t.newUser({ role, tier });
    return {
      name,
      headers: { Authorization: user.auth },
      renewIfChanged: async () => {
        const [row] = await t.db.query('SELECT role, tier, is_active FROM users WHERE id = $1', [
          user.id,
        ]);
        const signedIn =
          (await t.http.get('/api/profile').set('Authorization', user.auth)).status === 200;
        if (signedIn && row?.role === role && row.tier === tier && row.is_active) return undefined;
        user = await t.newUser({ role, tier });
        return { Authorization: user.auth };
      },
    };
  };

  // One test per caller, so that each fits the harness's budget on a loaded machine (the fuzzer
  // gives each remaining operation one request once its own budget is spent).
  const succeeded = new Set<string>();
  let operations = 0;
  const callers: [string, () => Promise<FuzzCaller>][] = [
    ['admin', () => caller('admin', 'admin', 'pro')],
    ['pro user', () => caller('pro user', 'user', 'pro')],
    ['free user', () => caller('free user', 'user', 'free')],
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
        // Rendition jobs of uploaded photos write in the background.
        settle: () => renditionsSettled(t.db, 'photos'),
        writtenWhenRefused: {
          csv_import_log:
            'every import attempt is logged, refused files included (README, CSV import)',
        },
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
