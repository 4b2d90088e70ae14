// Running a service as a real process: start it, wait for readiness, stop it, keep its output.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';

/** A free TCP port on loopback. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Spawns `command args` and collects its output. `user` ({ uid, gid }) runs it through
 * setpriv as that unprivileged user, without supplementary groups.
 */
export function startProcess({ command, args = [], cwd, env, user }) {
  const [file, argv] = user
    ? [
        'setpriv',
        [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', '--', command, ...args],
      ]
    : [command, args];
  const child = spawn(file, argv, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const lines = [];
  for (const stream of [child.stdout, child.stderr]) {
    let buffered = '';
    stream.on('data', (chunk) => {
      buffered += chunk;
      const parts = buffered.split('\n');
      buffered = parts.pop();
      lines.push(...parts);
    });
  }
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  return {
    child,
    pid: child.pid,
    exited,
    lines,
    /** The last `n` lines of output, messages of JSON log lines only. */
    tail(n = 15) {
      return lines
        .slice(-n)
        .map((line) => line.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), ''))
        .map((line) => {
          try {
            const entry = JSON.parse(line);
            return `${entry.context ?? ''} ${entry.msg ?? line}`.trim();
          } catch {
            return line;
          }
        })
        .join('\n');
    },
  };
}

/** Runs a command to its end; resolves with its exit code and output. */
export async function runToEnd(options) {
  const proc = startProcess(options);
  const { code, signal } = await proc.exited;
  return { code, signal, output: proc.lines.join('\n') };
}

/**
 * Polls `url` until it answers 200; rejects when `proc` exits first or `timeoutMs` passes.
 * Resolves with the milliseconds it took.
 */
export async function waitForReady(url, { proc, timeoutMs = 60_000 } = {}) {
  const started = Date.now();
  let exited = false;
  proc?.exited.then(() => (exited = true));
  while (Date.now() - started < timeoutMs) {
    if (exited) throw new Error(`exited before it was ready:\n${proc.tail()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return Date.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`not ready within ${timeoutMs} ms:\n${proc?.tail() ?? ''}`);
}

/** SIGTERM, then the exit code and the milliseconds until the process ended. */
export async function terminate(proc, signal = 'SIGTERM') {
  const sent = Date.now();
  proc.child.kill(signal);
  const { code, signal: by, at } = await proc.exited;
  return { code, signal: by, ms: at - sent };
}
