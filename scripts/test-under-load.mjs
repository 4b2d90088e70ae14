// `pnpm test:under-load [--loops N] [-- <command>]`: runs the whole `pnpm test` (or the given
// command) beside N busy loops (`node -e 'for(;;){}'`, default 5 per core), as a contributor's
// busy laptop or a shared CI runner would, and reports the wall time, the test counts and the
// application boots. Exits with the command's status. See docs/testing.md.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';

const args = process.argv.slice(2);
const separator = args.indexOf('--');
const options = separator < 0 ? args : args.slice(0, separator);
const command = separator < 0 ? ['pnpm', 'test'] : args.slice(separator + 1);
const loopsAt = options.indexOf('--loops');
const loops = loopsAt < 0 ? 5 * availableParallelism() : Number(options[loopsAt + 1]);
if (!Number.isInteger(loops) || loops < 0) {
  process.stderr.write('usage: test-under-load [--loops N] [-- command ...]\n');
  process.exit(2);
}

const busy = Array.from({ length: loops }, () =>
  spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }),
);
const stopLoops = () => busy.forEach((child) => child.kill('SIGKILL'));

process.stdout.write(
  `== ${command.join(' ')} beside ${loops} busy loops on ${availableParallelism()} cores\n`,
);
const started = performance.now();
const run = spawn(command[0], command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
let output = '';
for (const [from, to] of [
  [run.stdout, process.stdout],
  [run.stderr, process.stderr],
]) {
  from.on('data', (chunk) => {
    output += chunk;
    to.write(chunk);
  });
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    run.kill(signal);
    stopLoops();
  });

const status = await new Promise((resolve) => run.on('close', (code) => resolve(code ?? 1)));
stopLoops();
const seconds = Math.round((performance.now() - started) / 1000);
// eslint-disable-next-line no-control-regex -- colour codes of the runners' output
const plain = output.replace(/\x1b\[[0-9;]*m/g, '');
const lines = plain
  .split('\n')
  .filter((line) => /^(Tests:|Test Suites:)|application boots|^# (pass|fail)/.test(line.trim()))
  .map((line) => `   ${line.trim()}`);
process.stdout.write(
  [
    '',
    `== under load (${loops} busy loops): ${status === 0 ? 'passed' : `FAILED (exit ${status})`} ` +
      `in ${Math.floor(seconds / 60)} min ${seconds % 60} s`,
    ...lines,
    '',
  ].join('\n'),
);
process.exit(status);
