// `pnpm bench`: builds nothing itself (run `pnpm build` first) and runs every benchmark in turn.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';

const dir = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv[2];
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.bench.mjs'))
  .sort()) {
  if (only && !file.startsWith(only)) continue;
  process.stdout.write(`\n== ${file}\n`);
  execFileSync(process.execPath, [path.join(dir, file)], { stdio: 'inherit' });
}
