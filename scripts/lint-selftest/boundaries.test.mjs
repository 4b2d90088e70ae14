// Shows that the module boundary rules of .dependency-cruiser.cjs catch what they forbid: each
// fixture folder is a miniature repository (apps/…, libs/…) cruised with the real configuration.
// Run by `pnpm lint` (lint:rules-selftest).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');

function violations(fixture) {
  const run = spawnSync(
    join(root, 'node_modules', '.bin', 'depcruise'),
    [
      ...['apps', 'libs'].filter((top) => existsSync(join(fixtures, fixture, top))),
      '--config',
      join(root, '.dependency-cruiser.cjs'),
      '--output-type',
      'json',
    ],
    { cwd: join(fixtures, fixture), encoding: 'utf8' },
  );
  assert.ok(run.stdout, `depcruise printed nothing: ${run.stderr}`);
  const result = JSON.parse(run.stdout);
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);
}

test('a legal layout passes: services, dto/, a subfolder index, own repository', () => {
  assert.deepEqual(violations('clean'), []);
});

test('a cycle between two modules fails no-module-cycles', () => {
  const found = violations('module-cycle');
  assert.ok(found.length > 0);
  assert.ok(
    found.every((v) => v.startsWith('no-module-cycles: ')),
    found.join('\n'),
  );
});

test("importing another module's repository fails no-foreign-repository", () => {
  assert.deepEqual(violations('foreign-repository'), [
    'no-foreign-repository: apps/svc/src/modules/a/a.service.ts → apps/svc/src/modules/b/b.repository.ts',
  ]);
});

test("importing another module's controller or a file inside its subfolder fails no-foreign-internals", () => {
  assert.deepEqual(violations('foreign-internals').sort(), [
    'no-foreign-internals: apps/svc/src/modules/a/a.service.ts → apps/svc/src/modules/b/b.controller.ts',
    'no-foreign-internals: apps/svc/src/modules/a/a.service.ts → apps/svc/src/modules/b/engine/parse.ts',
  ]);
});

test('training tenant-context importing a module, or profiles one other than tenant-context, fails training-foundation', () => {
  assert.deepEqual(violations('training-foundation').sort(), [
    'training-foundation: apps/training/src/modules/profiles/profiles.service.ts → apps/training/src/modules/clubs/clubs.service.ts',
    'training-foundation: apps/training/src/modules/tenant-context/tenant-context.service.ts → apps/training/src/modules/content-access/content-visibility.ts',
  ]);
});

test('libs importing apps fails no-app-imports-from-libs', () => {
  assert.deepEqual(violations('lib-imports-app'), [
    'no-app-imports-from-libs: libs/common/src/uses-app.ts → apps/svc/src/modules/a/a.service.ts',
  ]);
});

test('one service importing the other fails no-other-service', () => {
  assert.deepEqual(violations('other-service'), [
    'no-other-service: apps/one/src/modules/a/a.service.ts → apps/two/src/modules/b/b.service.ts',
  ]);
});

test('the workflow engine importing a framework fails workflow-engine-framework-free', () => {
  assert.deepEqual(violations('engine-framework'), [
    'workflow-engine-framework-free: libs/workflow-engine/src/executor.ts → @nestjs/common',
  ]);
});
