// Starts each service the way its image and its Kubernetes manifests run it, without Docker:
// the folder `pnpm deploy` makes for the image (the Dockerfile's build step), owned by root
// and not writable by the service; the Dockerfile's WORKDIR, USER, ENV and CMD; the
// ConfigMap's and the Deployment's environment with the Secret's keys filled in; the
// migration Job's command first (replicas never migrate); then readiness on the probe path,
// the image's HEALTHCHECK, and SIGTERM within the grace period.
//
//   pnpm build && node scripts/check-deployed-start.mjs [health|training ...]
//
// Uses DATABASE_URL's server (a fresh database per service) or an embedded PostgreSQL, and
// REDIS_URL when set. Needs root (to hand the folder to root and run as the image's uid).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { load as loadYamlText } from 'js-yaml';
import {
  freePort,
  runToEnd,
  startProcess,
  terminate,
  waitForReady,
} from './lib/service-process.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const db = require(path.join(root, 'libs/common/dist/database/index.js'));

/** The runtime stage of a Dockerfile: WORKDIR, USER, ENV, CMD, HEALTHCHECK and what the build removes. */
export function parseDockerfile(text) {
  const instructions = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const stages = [];
  for (const line of instructions) {
    if (/^FROM\s/i.test(line)) stages.push([]);
    stages.at(-1)?.push(line);
  }
  const runtime = stages.at(-1);
  const image = { env: {}, workdir: '/', user: undefined, cmd: undefined, healthcheck: undefined };
  for (const line of runtime) {
    const [, op, rest] = line.match(/^(\w+)\s+(.*)$/) ?? [];
    if (op === 'WORKDIR') image.workdir = rest;
    if (op === 'USER') image.user = rest;
    if (op === 'CMD') image.cmd = JSON.parse(rest);
    if (op === 'ENV') for (const [, k, v] of rest.matchAll(/(\w+)=(\S+)/g)) image.env[k] = v;
    if (op === 'HEALTHCHECK') image.healthcheck = JSON.parse(rest.replace(/^.*?\bCMD\s+/, ''));
  }
  const removal = stages
    .flat()
    .join('\n')
    .match(/pnpm deploy [^\n]*?(\/\S+)\s*&&\s*rm -rf ([^\n&]+)/);
  image.deployDir = removal?.[1];
  image.removed = removal ? removal[2].trim().split(/\s+/) : [];
  return image;
}

function loadYaml(file) {
  return loadYamlText(readFileSync(file, 'utf8'));
}

/** What the manifests of `deploy/k8s/<service>` give the API container and the migration Job. */
export function parseManifests(service) {
  const dir = path.join(root, 'deploy/k8s', service);
  const configMap = loadYaml(path.join(dir, 'configmap.yaml'));
  const job = loadYaml(path.join(dir, 'migration-job.yaml'));
  const secret = loadYaml(path.join(dir, 'secret.example.yaml'));
  const envOf = (c) => Object.fromEntries((c.env ?? []).map((e) => [e.name, String(e.value)]));
  /** The pod of a Deployment file: its container's command, env, probes, grace and user. */
  const podOf = (file) => {
    const pod = loadYaml(path.join(dir, file)).spec.template.spec;
    const container = pod.containers[0];
    const startup = container.startupProbe;
    return {
      name: file,
      env: envOf(container),
      command: container.command,
      uid: pod.securityContext.runAsUser,
      gid: pod.securityContext.runAsGroup,
      readOnlyRootFilesystem: container.securityContext?.readOnlyRootFilesystem === true,
      mounts: (container.volumeMounts ?? []).map((m) => m.mountPath),
      readinessPath: container.readinessProbe.httpGet.path,
      startupBudgetMs: startup.periodSeconds * startup.failureThreshold * 1000,
      graceMs: pod.terminationGracePeriodSeconds * 1000,
      preStopMs: Number(container.lifecycle?.preStop?.exec?.command?.at(-1) ?? 0) * 1000,
    };
  };
  const api = podOf('deployment.yaml');
  const pods = [api];
  if (existsSync(path.join(dir, 'worker-deployment.yaml')))
    pods.push(podOf('worker-deployment.yaml'));
  return {
    ...api,
    pods,
    config: Object.fromEntries(Object.entries(configMap.data).map(([k, v]) => [k, String(v)])),
    secretKeys: Object.keys(secret.stringData),
    jobCommand: job.spec.template.spec.containers[0].command,
    jobEnv: envOf(job.spec.template.spec.containers[0]),
  };
}

function step(name, detail = '') {
  process.stdout.write(`  ok  ${name}${detail ? `: ${detail}` : ''}\n`);
}

/** Every directory of the folder read-only for everyone; no file writable by group or others. */
function lockDown(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) lockDown(full);
    else if (entry.isFile() && statSync(full).mode & 0o022)
      throw new Error(`${full} is writable by its group or others`);
  }
  chownSync(dir, 0, 0);
  chmodSync(dir, 0o555);
}

async function checkService(service, server) {
  process.stdout.write(`${service}\n`);
  const image = parseDockerfile(
    readFileSync(path.join(root, 'deploy', service, 'Dockerfile'), 'utf8'),
  );
  const k8s = parseManifests(service);
  const [uid, gid] = (image.user ?? '').split(':').map(Number);
  if (uid !== k8s.uid || gid !== k8s.gid)
    throw new Error(
      `Dockerfile USER ${image.user} and runAsUser/runAsGroup ${k8s.uid}:${k8s.gid} differ`,
    );
  if (!uid) throw new Error('the image runs as root');
  const user = { uid, gid };

  const work = mkdtempSync(path.join(os.tmpdir(), `deployed-${service}-`));
  chmodSync(work, 0o755);
  const app = path.join(work, 'app');
  try {
    // The Dockerfile's build step: the service with its production dependencies.
    execFileSync(
      'pnpm',
      ['--filter', `@sports/${service}`, 'deploy', '--prod', '--legacy', '--prefer-offline', app],
      {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    for (const removed of image.removed)
      rmSync(removed.replace(image.deployDir, app), { recursive: true, force: true });
    lockDown(app);
    const probe = await runToEnd({
      command: process.execPath,
      args: [
        '-e',
        `require('fs').writeFileSync(${JSON.stringify(path.join(app, 'dist', 'probe'))}, 'x')`,
      ],
      cwd: app,
      user,
    });
    if (probe.code === 0 || !/EACCES/.test(probe.output))
      throw new Error(`uid ${uid} could write into the application folder`);
    step(
      'application folder owned by root, not writable by the service',
      `uid ${uid}, ${image.workdir} → ${app}`,
    );

    // Volumes other than /tmp (an emptyDir there as here) become folders of the service's group.
    const volumes = Object.fromEntries(
      k8s.mounts
        .filter((m) => m !== '/tmp')
        .map((m) => {
          const dir = path.join(work, 'volumes', m);
          mkdirSync(dir, { recursive: true });
          chownSync(dir, uid, gid);
          return [m, dir];
        }),
    );
    const port = await freePort();
    const secrets = Object.fromEntries(k8s.secretKeys.map((k) => [k, '']));
    Object.assign(secrets, {
      DATABASE_URL: db.withDatabase(
        server.url,
        `deployed_${service}_${randomBytes(4).toString('hex')}`,
      ),
      JWT_SECRET: randomBytes(32).toString('hex'),
      MEDIA_URL_SECRET: randomBytes(32).toString('hex'),
      REDIS_URL: process.env.REDIS_URL ?? '',
    });
    const environment = (containerEnv) => {
      const env = {
        PATH: process.env.PATH,
        HOME: app,
        ...image.env,
        ...k8s.config,
        ...secrets,
        ...containerEnv,
      };
      for (const [key, value] of Object.entries(env))
        for (const [mount, dir] of Object.entries(volumes))
          if (value === mount || value.startsWith(`${mount}/`))
            env[key] = dir + value.slice(mount.length);
      // Only the port differs: the machine is shared.
      env.PORT = String(port);
      return env;
    };
    step(
      'environment',
      `Dockerfile ENV, ConfigMap, Secret keys (${k8s.secretKeys.join(', ')}), container env; PORT ${k8s.config.PORT} → ${port}${Object.keys(volumes).length ? `; volumes ${Object.keys(volumes).join(', ')}` : ''}`,
    );
    if (!k8s.readOnlyRootFilesystem)
      throw new Error('the container does not run with a read-only root file system');

    const [jobCmd, ...jobArgs] = k8s.jobCommand;
    const migrate = await runToEnd({
      command: jobCmd === 'node' ? process.execPath : jobCmd,
      args: jobArgs,
      cwd: app,
      env: environment(k8s.jobEnv),
      user,
    });
    if (migrate.code !== 0)
      throw new Error(`migration Job failed (${migrate.code}):\n${migrate.output.slice(-2000)}`);
    step('migration Job', `${k8s.jobCommand.join(' ')} → exit 0`);

    /** Runs one Deployment's container: readiness, HEALTHCHECK, SIGTERM within its grace. */
    const runPod = async (pod) => {
      const [cmd, ...args] = pod.command ?? image.cmd;
      const proc = startProcess({
        command: cmd === 'node' ? process.execPath : cmd,
        args,
        cwd: app,
        env: environment(pod.env),
        user,
      });
      let failure;
      try {
        const readyMs = await waitForReady(`http://127.0.0.1:${port}${pod.readinessPath}`, {
          proc,
          timeoutMs: pod.startupBudgetMs,
        });
        step(
          `${pod.name}: ready`,
          `${image.cmd.join(' ')}${pod.env.SERVICE_ROLE ? ` (SERVICE_ROLE=${pod.env.SERVICE_ROLE})` : ''} answered ${pod.readinessPath} 200 after ${readyMs} ms (MIGRATIONS_RUN=${pod.env.MIGRATIONS_RUN ?? k8s.config.MIGRATIONS_RUN})`,
        );
        const [hcCmd, ...hcArgs] = image.healthcheck;
        const health = await runToEnd({
          command: hcCmd === 'node' ? process.execPath : hcCmd,
          args: hcArgs,
          cwd: app,
          env: environment(pod.env),
          user,
        });
        if (health.code !== 0)
          throw new Error(`HEALTHCHECK failed (${health.code}): ${health.output}`);
        step(`${pod.name}: HEALTHCHECK`, 'exit 0');
      } catch (error) {
        failure = error;
      }
      if (proc.child.exitCode === null) {
        const { code, ms } = await terminate(proc);
        const budget = pod.graceMs - pod.preStopMs;
        if (code !== 0 || ms > budget)
          failure ??= new Error(
            `SIGTERM: exit ${code} after ${ms} ms (budget ${budget} ms)\n${proc.tail()}`,
          );
        else
          step(
            `${pod.name}: SIGTERM`,
            `exit 0 after ${ms} ms (grace ${pod.graceMs} ms − preStop ${pod.preStopMs} ms)`,
          );
      }
      if (failure) throw failure;
    };
    for (const pod of k8s.pods) {
      if (pod.uid !== uid || pod.gid !== gid)
        throw new Error(
          `${pod.name}: runAsUser/runAsGroup ${pod.uid}:${pod.gid} differ from the image`,
        );
      if (!pod.readOnlyRootFilesystem)
        throw new Error(
          `${pod.name}: the container does not run with a read-only root file system`,
        );
      await runPod(pod);
    }
  } finally {
    await db
      .withServerClient(server.url, async (c) => {
        const { rows } = await c.query(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [
          `deployed_${service}_%`,
        ]);
        for (const { datname } of rows)
          await c.query(`DROP DATABASE IF EXISTS ${db.quoteDatabaseName(datname)} WITH (FORCE)`);
      })
      .catch(() => undefined);
    execFileSync('chmod', ['-R', 'u+w', work]);
    rmSync(work, { recursive: true, force: true });
  }
}

async function main() {
  if (process.getuid?.() !== 0)
    throw new Error(
      'run as root: the check hands the folder to root and runs the service as the image uid',
    );
  const wanted = process.argv.slice(2);
  const services = wanted.length ? wanted : ['health', 'training'];
  let embedded;
  let server;
  if (process.env.DATABASE_URL) {
    server = { url: process.env.DATABASE_URL };
  } else {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'deployed-pg-'));
    chmodSync(dataDir, 0o755);
    embedded = await db.startEmbeddedPostgres({
      dataDir: path.join(dataDir, 'data'),
      port: await freePort(),
      fsync: false,
    });
    server = { url: embedded.url, dataDir };
  }
  const failed = [];
  try {
    for (const service of services) {
      try {
        await checkService(service, server);
      } catch (error) {
        failed.push(service);
        process.stdout.write(`  FAIL ${service}: ${error.message}\n`);
      }
    }
  } finally {
    await embedded?.stop();
    if (server.dataDir) rmSync(server.dataDir, { recursive: true, force: true });
  }
  process.stdout.write(
    `deployed start: ${services.length - failed.length} passed, ${failed.length} failed\n`,
  );
  process.exitCode = failed.length ? 1 : 0;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
