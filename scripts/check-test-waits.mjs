// `pnpm lint:waits`: no fixed sleeps in tests. A test waits for a condition with a deadline
// (`waitFor` from @sports/common/testing), so a slow machine makes it slower, never red.
//
// Scans the spec files (`*.spec.ts`, `*.e2e-spec.ts`) under apps/*/src and libs/ for
// `setTimeout(` (not `jest.setTimeout(`), `sleep(`, `delay(`, Playwright's `waitForTimeout(`
// and imports of `timers/promises`, and fails listing file:line for each one not marked as
// deliberate: a `// not-a-wait: <reason>` comment on that line or alone on the line above (a
// delay that is part of what is tested: a fake server answering slowly, a model taking its time).
//
// Usage: node scripts/check-test-waits.mjs [root]   (root: the repository, by default)
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..');

const SPEC = /\.(spec|e2e-spec)\.ts$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', '.git']);

const PATTERNS = [
  { name: 'setTimeout(', re: /(?<!\bjest\.)\bsetTimeout\s*\(/ },
  { name: 'sleep(', re: /\bsleep\s*\(/ },
  { name: 'delay(', re: /\bdelay\s*\(/ },
  { name: 'waitForTimeout(', re: /\bwaitForTimeout\s*\(/ },
  { name: 'timers/promises', re: /['"](node:)?timers\/promises['"]/ },
];

const MARKER = /\/\/\s*not-a-wait:\s*\S/;

/** Spec files below `dir` (relative to the root), skipping build output and dependencies. */
function* specFiles(dir) {
  let entries;
  try {
    entries = readdirSync(join(root, dir), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) yield* specFiles(path);
    } else if (entry.isFile() && SPEC.test(entry.name)) yield path;
  }
}

/** The code of a line: a line comment, a JSDoc line or a block comment line counts as none. */
function code(line) {
  const trimmed = line.trimStart();
  if (trimmed.startsWith('*') || trimmed.startsWith('/*')) return '';
  return line.replace(/(^|\s)\/\/.*$/, '');
}

/** apps/<each app>/src and libs/. */
function topDirs() {
  const dirs = [];
  try {
    for (const app of readdirSync(join(root, 'apps'), { withFileTypes: true })) {
      if (app.isDirectory()) dirs.push(join('apps', app.name, 'src'));
    }
  } catch {
    // no apps/ folder
  }
  return [...dirs, 'libs'];
}

const findings = [];
let scanned = 0;
for (const top of topDirs()) {
  for (const file of specFiles(top)) {
    scanned += 1;
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    lines.forEach((line, i) => {
      const text = code(line);
      const hits = PATTERNS.filter((p) => p.re.test(text));
      if (!hits.length) return;
      const above = i > 0 ? lines[i - 1].trim() : '';
      if (MARKER.test(line) || (above.startsWith('//') && MARKER.test(above))) return;
      const where = relative(root, join(root, file)).split(sep).join('/');
      findings.push(`${where}:${i + 1}: ${hits.map((h) => h.name).join(', ')}: ${line.trim()}`);
    });
  }
}

if (findings.length) {
  process.stderr.write(
    `Fixed waits in tests (${findings.length}): wait for the condition instead (waitFor from ` +
      `@sports/common/testing), or mark a delay that is part of what is tested with ` +
      `"// not-a-wait: <reason>".\n`,
  );
  for (const f of findings) process.stderr.write(`  ${f}\n`);
  process.exit(1);
}
process.stdout.write(`check-test-waits: ${scanned} spec files, no fixed waits\n`);
