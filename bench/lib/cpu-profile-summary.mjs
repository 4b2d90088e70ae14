// Summarises a V8 .cpuprofile (node --cpu-prof) by package: the share of sampled time whose
// innermost frame is in each package (node_modules/<pkg>, our libs and apps, node internals,
// GC, idle). Usage: node bench/lib/cpu-profile-summary.mjs <file.cpuprofile> [top functions]
// [window ms]: with a window, only the samples of its last that many milliseconds before the
// profile's last 300 ms count (the load, without the start-up and the shutdown).
import { readFileSync } from 'node:fs';

export function packageOf(url, functionName) {
  if (!url) {
    if (functionName === '(garbage collector)') return 'GC';
    if (functionName === '(idle)') return 'idle';
    if (functionName === '(program)') return '(program)';
    return 'native';
  }
  const nm = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (nm) return nm[1];
  if (url.startsWith('node:')) return 'node core';
  const ours = /\/(libs|apps)\/([^/]+)\//.exec(url);
  if (ours) return `${ours[1]}/${ours[2]}`;
  return url;
}

export function summarise(profile, topFunctions = 0, windowMs = 0) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const counts = new Map();
  const times = [];
  let t = 0;
  for (const delta of profile.timeDeltas) times.push((t += delta));
  const end = (times.at(-1) ?? 0) - 300_000;
  const from = windowMs ? end - windowMs * 1000 : -Infinity;
  profile.samples.forEach((id, i) => {
    if (times[i] < from || (windowMs && times[i] > end)) return;
    counts.set(id, (counts.get(id) ?? 0) + 1);
  });
  let total = 0;
  const fns = new Map();
  for (const [id, count] of counts) {
    const node = byId.get(id);
    const { url, functionName } = node.callFrame;
    const pkg = packageOf(url, functionName);
    self.set(pkg, (self.get(pkg) ?? 0) + count);
    const fn = `${functionName || '(anonymous)'} ${pkg}`;
    fns.set(fn, (fns.get(fn) ?? 0) + count);
    total += count;
  }
  const busy = total - (self.get('idle') ?? 0);
  const share = (n) => Math.round((n / busy) * 1000) / 10;
  const packages = [...self]
    .filter(([pkg]) => pkg !== 'idle')
    .sort((a, b) => b[1] - a[1])
    .map(([pkg, n]) => ({ package: pkg, busy_pct: share(n) }));
  const functions = [...fns]
    .filter(([fn]) => !fn.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, topFunctions)
    .map(([fn, n]) => ({ function: fn, busy_pct: share(n) }));
  return { packages, functions };
}

if (process.argv[2]) {
  const result = summarise(
    JSON.parse(readFileSync(process.argv[2], 'utf8')),
    Number(process.argv[3] ?? 25),
    Number(process.argv[4] ?? 0),
  );
  for (const p of result.packages.slice(0, 25)) console.log(`${p.busy_pct}%\t${p.package}`);
  console.log('---');
  for (const f of result.functions) console.log(`${f.busy_pct}%\t${f.function}`);
}
