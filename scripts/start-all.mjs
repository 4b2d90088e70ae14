// Starts both services side by side (health on 3001, training on 3002) and stops both
// when one exits or on Ctrl-C / SIGTERM. Each starts its own embedded PostgreSQL when no
// DATABASE_URL is given: HEALTH_DATABASE_URL / TRAINING_DATABASE_URL name external ones.
//
// A signal is forwarded to both services, which drain their requests and stop their
// databases (SHUTDOWN_TIMEOUT_MS, 25 s by default); this script waits for them that long
// plus time for the databases to stop, and exits 0 when both stopped cleanly.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const services = [
  { name: 'health', color: 36, url: process.env.HEALTH_DATABASE_URL },
  { name: 'training', color: 35, url: process.env.TRAINING_DATABASE_URL },
];
const drainMs = Number(process.env.SHUTDOWN_TIMEOUT_MS || 25_000);
// The services' own margin for closing the application and the embedded database, plus one.
const waitMs = drainMs + 11_000;

const children = services.map(({ name, color, url }) => {
  const env = { ...process.env };
  delete env.PORT;
  if (url) env.DATABASE_URL = url;
  const child = spawn(process.execPath, [path.join(root, 'apps', name, 'dist', 'main.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    // Own process group: Ctrl-C in a terminal reaches this script only, which forwards it
    // once, instead of every service getting it twice.
    detached: true,
  });
  const prefix = `\x1b[${color}m[${name}]\x1b[0m `;
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream.on('data', (chunk) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop();
      for (const line of lines) process.stdout.write(prefix + line + '\n');
    });
  }
  const exited = new Promise((resolve) => {
    child.on('exit', (code, signal) => {
      process.stdout.write(`${prefix}exited (${signal ?? code})\n`);
      resolve(code ?? 1);
      // One service ended on its own: stop the other one too.
      stop('SIGTERM', code === 0 ? 1 : (code ?? 1));
    });
  });
  return { child, exited };
});

let stopping = false;
async function stop(signal, failure = 0) {
  if (stopping) return;
  stopping = true;
  for (const { child } of children) if (child.exitCode === null) child.kill(signal);
  const timer = setTimeout(() => {
    process.stdout.write(`services still running after ${waitMs} ms: killing them\n`);
    for (const { child } of children) if (child.exitCode === null) child.kill('SIGKILL');
    process.exit(1);
  }, waitMs);
  const codes = await Promise.all(children.map((c) => c.exited));
  clearTimeout(timer);
  process.exit(failure || (codes.every((code) => code === 0) ? 0 : 1));
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGHUP', () => void stop('SIGTERM'));
