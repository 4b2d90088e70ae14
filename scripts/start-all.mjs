// Starts both services side by side (health on 3001, training on 3002) and stops both
// when one exits or on Ctrl-C. Each starts its own embedded PostgreSQL when no
// DATABASE_URL is given: HEALTH_DATABASE_URL / TRAINING_DATABASE_URL name external ones.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const services = [
  { name: 'health', color: 36, url: process.env.HEALTH_DATABASE_URL },
  { name: 'training', color: 35, url: process.env.TRAINING_DATABASE_URL },
];

const children = services.map(({ name, color, url }) => {
  const env = { ...process.env };
  delete env.PORT;
  if (url) env.DATABASE_URL = url;
  const child = spawn(process.execPath, [path.join(root, 'apps', name, 'dist', 'main.js')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
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
  child.on('exit', (code, signal) => {
    process.stdout.write(`${prefix}exited (${signal ?? code})\n`);
    shutdown(code ?? 1);
  });
  return child;
});

let stopping = false;
function shutdown(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 5000).unref();
  Promise.all(
    children.map((c) => (c.exitCode === null ? new Promise((r) => c.on('exit', r)) : null)),
  ).then(() => process.exit(code));
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));
