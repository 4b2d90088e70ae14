// Shows that scripts/check-test-waits.mjs (`pnpm lint:waits`) catches a fixed sleep in a test
// and lets a test through that waits for its condition: each case is a scratch repository
// (apps/…, libs/…) written to a temporary folder and checked with the real script.
// Run by `pnpm lint` (lint:rules-selftest).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const script = join(dirname(fileURLToPath(import.meta.url)), '..', 'check-test-waits.mjs');

/** Runs the check on a scratch repository holding `files` (path → content). */
function check(files) {
  const root = mkdtempSync(join(tmpdir(), 'test-waits-'));
  try {
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), content);
    }
    const run = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
    return { status: run.status, out: run.stdout, err: run.stderr };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const WITH_WAIT_FOR = `import { waitFor } from '@sports/common/testing';

jest.setTimeout(120_000);

it('sees the job done', async () => {
  await waitFor(async () => (await db.query("SELECT pg_sleep(0.1), 'done' AS s"))[0].s === 'done', {
    message: 'the job done',
  });
});
`;

const WITH_SLEEP = `it('sees the job done', async () => {
  await send();
  await new Promise((r) => setTimeout(r, 500));
  expect(await done()).toBe(true);
});
`;

test('a spec that sleeps fails, naming file and line', () => {
  const { status, err } = check({ 'apps/svc/src/modules/a/a.e2e-spec.ts': WITH_SLEEP });
  assert.equal(status, 1);
  assert.match(err, /apps\/svc\/src\/modules\/a\/a\.e2e-spec\.ts:3: setTimeout\(/);
});

test('a spec that waits for its condition with waitFor passes (jest.setTimeout and pg_sleep are no waits)', () => {
  const { status, out, err } = check({ 'apps/svc/src/modules/a/a.e2e-spec.ts': WITH_WAIT_FOR });
  assert.equal(status, 0, err);
  assert.match(out, /1 spec files, no fixed waits/);
});

test('sleep(), delay(), waitForTimeout() and timers/promises fail too, in libs/ as well', () => {
  const { status, err } = check({
    'libs/common/src/x.spec.ts': [
      "import { setTimeout as pause } from 'node:timers/promises';",
      'await sleep(100);',
      'await delay(100);',
      'await page.waitForTimeout(200);',
      'await pause(1);',
    ].join('\n'),
    'libs/common/test/y.e2e-spec.ts': 'const t = setTimeout(done, 10);\n',
  });
  assert.equal(status, 1);
  const listed = err
    .split('\n')
    .filter((l) => l.startsWith('  '))
    .map((l) => l.trim().split(': ')[0]);
  assert.deepEqual(listed.sort(), [
    'libs/common/src/x.spec.ts:1',
    'libs/common/src/x.spec.ts:2',
    'libs/common/src/x.spec.ts:3',
    'libs/common/src/x.spec.ts:4',
    'libs/common/test/y.e2e-spec.ts:1',
  ]);
});

test('a delay marked `// not-a-wait: <reason>` (on its line or the line above) passes; a bare marker does not', () => {
  const marked = check({
    'apps/svc/src/fake.spec.ts': [
      'setTimeout(answer, 300); // not-a-wait: the fake server answers slowly on purpose',
      '// not-a-wait: the fake model takes its time on purpose',
      'const timer = setTimeout(',
      '  resolve,',
      '  ms,',
      ');',
    ].join('\n'),
  });
  assert.equal(marked.status, 0, marked.err);
  const bare = check({ 'apps/svc/src/fake.spec.ts': 'setTimeout(answer, 300); // not-a-wait:\n' });
  assert.equal(bare.status, 1);
});

test('only spec files count, not comments, helpers, build output or dependencies', () => {
  const { status, err } = check({
    'apps/svc/src/testing/helper.ts': 'await new Promise((r) => setTimeout(r, 100));\n',
    'apps/svc/dist/a.spec.ts': 'await sleep(100);\n',
    'libs/common/node_modules/x/a.spec.ts': 'await sleep(100);\n',
    'apps/svc/src/a.spec.ts': [
      '// no sleep(100) here: the test waits for the row',
      '/**',
      ' * instead of setTimeout(r, 100)',
      ' */',
      "const url = 'http://x/sleep'; // a comment naming delay(5)",
    ].join('\n'),
  });
  assert.equal(status, 0, err);
});
