// Issue 10 benchmark: the pure workflow engine (libs/workflow-engine/dist), built first with
// `pnpm --filter @sports/workflow-engine build`. No service, no database.
//
// 1. Overhead: a 200-node graph (analysis, logic, join and end nodes in 18 branches) run with
//    a zero-latency prompt runner; reported as ms per node (all 200) and per executed node.
// 2. Concurrency: a fan-out of 8 analysis nodes whose runner answers after 200 ms each, joined
//    (wait_all) into the end node. Wall time as a ratio to 200 ms; goal < 1.25.
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT, writeResults } from './lib/harness.mjs';

const require = createRequire(import.meta.url);
const engine = require(path.join(ROOT, 'libs/workflow-engine/dist/index.js'));
const { WorkflowExecutor, compileWorkflowGraph, inMemoryQuestionCatalog } = engine;

const RUNS = Number(process.env.BENCH_ENGINE_RUNS ?? 50);
const FANOUT_RUNS = Number(process.env.BENCH_FANOUT_RUNS ?? 5);
const LATENCY_MS = 200;
const TARGET_NODES = 200;

const catalog = inMemoryQuestionCatalog([
  {
    key: 'risk',
    question: 'Risiko?',
    answer_type: 'enum',
    allowed_values: ['low', 'medium', 'high'],
    synonyms: { high: ['hoch'], low: ['niedrig'] },
  },
]);
const prompts = { findBySlug: async () => null };
const ANSWER =
  '## Analysekern\nAlles im Rahmen.\n\n## Entscheidungsanteil\nrisk: hoch\n\n## Begründungsanker\n- Daten';

/** 1 start node, 18 branches (analysis → logic → then/else analysis → join → chain), final join, end. */
function bigGraph(target = TARGET_NODES) {
  const nodes = [{ id: 's', kind: 'analysis', inline_template: 'Start', question_keys: ['risk'] }];
  const edges = [];
  const BRANCHES = 18;
  const fixed = 1 + BRANCHES * 5 + 2; // start, 5 per branch, final join, end
  const chainTotal = target - fixed;
  const branchEnds = [];
  for (let b = 0; b < BRANCHES; b += 1) {
    const p = `b${b}_`;
    const chain = Math.floor(chainTotal / BRANCHES) + (b < chainTotal % BRANCHES ? 1 : 0);
    nodes.push(
      { id: `${p}a`, kind: 'analysis', inline_template: `Branch ${b}`, question_keys: ['risk'] },
      {
        id: `${p}l`,
        kind: 'logic',
        condition: { op: 'EQ', signal: `${p}a.risk`, value: b % 2 === 0 ? 'high' : 'low' },
      },
      { id: `${p}t`, kind: 'analysis', inline_template: 'then' },
      { id: `${p}e`, kind: 'analysis', inline_template: 'else' },
      { id: `${p}j`, kind: 'join', join_strategy: 'wait_all', skip_handling: 'IGNORE_SKIPPED' },
    );
    edges.push(
      { from: 's', to: `${p}a` },
      { from: `${p}a`, to: `${p}l` },
      { from: `${p}l`, to: `${p}t`, branch: 'then' },
      { from: `${p}l`, to: `${p}e`, branch: 'else' },
      { from: `${p}t`, to: `${p}j` },
      { from: `${p}e`, to: `${p}j` },
    );
    let last = `${p}j`;
    for (let c = 0; c < chain; c += 1) {
      const id = `${p}c${c}`;
      nodes.push({ id, kind: 'analysis', inline_template: `chain ${c}` });
      edges.push({ from: last, to: id });
      last = id;
    }
    branchEnds.push(last);
  }
  nodes.push(
    { id: 'J', kind: 'join', join_strategy: 'wait_all', skip_handling: 'IGNORE_SKIPPED' },
    { id: 'end', kind: 'end', output_mode: 'AUTO' },
  );
  for (const from of branchEnds) edges.push({ from, to: 'J' });
  edges.push({ from: 'J', to: 'end' });
  return { nodes, edges };
}

function fanOutGraph(width = 8) {
  const nodes = [];
  const edges = [];
  for (let i = 0; i < width; i += 1) {
    nodes.push({ id: `a${i}`, kind: 'analysis', inline_template: `Analyse ${i}` });
    edges.push({ from: `a${i}`, to: 'j' });
  }
  nodes.push(
    { id: 'j', kind: 'join', join_strategy: 'wait_all', skip_handling: 'IGNORE_SKIPPED' },
    { id: 'end', kind: 'end' },
  );
  edges.push({ from: 'j', to: 'end' });
  return { nodes, edges };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const round = (value, digits = 3) => Math.round(value * 10 ** digits) / 10 ** digits;

// ---- 1. overhead --------------------------------------------------------------------------
const raw = bigGraph();
const compileTimes = [];
let graph;
for (let i = 0; i < 20; i += 1) {
  const t0 = performance.now();
  graph = compileWorkflowGraph(raw);
  compileTimes.push(performance.now() - t0);
}
const zeroLatency = new WorkflowExecutor({
  runner: { run: async () => ({ text: ANSWER, tokens_in: 1, tokens_out: 1, cost: 0 }) },
  prompts,
  questions: catalog,
});
for (let i = 0; i < 5; i += 1) await zeroLatency.execute(graph); // warm-up
const runTimes = [];
let sample;
for (let i = 0; i < RUNS; i += 1) {
  const t0 = performance.now();
  sample = await zeroLatency.execute(graph);
  runTimes.push(performance.now() - t0);
}
const executed = sample.nodes.filter((n) => n.state === 'COMPLETED').length;
const skipped = sample.nodes.filter((n) => n.state === 'SKIPPED').length;
const runMs = median(runTimes);
const overhead = {
  nodes: graph.nodes.length,
  edges: graph.edges.length,
  executed_nodes: executed,
  skipped_nodes: skipped,
  status: sample.status,
  runs: RUNS,
  compile_ms_median: round(median(compileTimes)),
  run_ms_median: round(runMs),
  run_ms_min: round(Math.min(...runTimes)),
  ms_per_node: round(runMs / graph.nodes.length, 4),
  ms_per_executed_node: round(runMs / executed, 4),
};

// ---- 2. concurrency -----------------------------------------------------------------------
const fan = compileWorkflowGraph(fanOutGraph(8));
const slow = new WorkflowExecutor({
  runner: {
    run: ({ signal }) =>
      new Promise((resolve, reject) => {
        const timer = setTimeout(() => resolve({ text: ANSWER }), LATENCY_MS);
        signal?.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(new Error('aborted'));
        });
      }),
  },
  prompts,
  questions: catalog,
});
await slow.execute(fan); // warm-up
const wallTimes = [];
let fanSample;
for (let i = 0; i < FANOUT_RUNS; i += 1) {
  const t0 = performance.now();
  fanSample = await slow.execute(fan);
  wallTimes.push(performance.now() - t0);
}
const wall = median(wallTimes);
const concurrency = {
  analysis_nodes: 8,
  model_latency_ms: LATENCY_MS,
  runs: FANOUT_RUNS,
  status: fanSample.status,
  wall_ms_median: round(wall, 1),
  wall_ms_max: round(Math.max(...wallTimes), 1),
  ratio_to_latency: round(wall / LATENCY_MS, 3),
  sequential_would_be_ms: 8 * LATENCY_MS,
  goal_ratio: 1.25,
  goal_met: wall / LATENCY_MS < 1.25,
};

const md = `# Workflow engine benchmark

Pure engine (\`libs/workflow-engine/dist\`), no service and no database; Node ${process.version}.

## Overhead with a zero-latency model

A ${overhead.nodes}-node graph (${overhead.edges} edges): one start analysis node, 18 branches of analysis → logic → then/else analysis → join → a chain of analysis nodes, a final \`wait_all\` join and an AUTO end node. The runner answers at once with a three-section answer (\`risk: hoch\`, normalized against the catalog). Median of ${overhead.runs} runs after 5 warm-up runs.

| nodes | executed (COMPLETED) | SKIPPED | compile + validate ms | run ms (median) | run ms (min) | ms per node | ms per executed node |
|---|---|---|---|---|---|---|---|
| ${overhead.nodes} | ${overhead.executed_nodes} | ${overhead.skipped_nodes} | ${overhead.compile_ms_median} | ${overhead.run_ms_median} | ${overhead.run_ms_min} | ${overhead.ms_per_node} | ${overhead.ms_per_executed_node} |

## Concurrency: fan-out of 8 analysis nodes, each answering after ${LATENCY_MS} ms

Eight start nodes joined by a \`wait_all\` join into the end node. Median of ${concurrency.runs} runs. Goal: wall time under 1.25 × ${LATENCY_MS} ms (sequential would be ${concurrency.sequential_would_be_ms} ms).

| wall ms (median) | wall ms (max) | ratio to ${LATENCY_MS} ms | goal < 1.25 |
|---|---|---|---|
| ${concurrency.wall_ms_median} | ${concurrency.wall_ms_max} | ${concurrency.ratio_to_latency} | ${concurrency.goal_met ? 'met' : 'NOT met'} |`;

writeResults('workflow-engine', { overhead, concurrency }, md);
console.log(md);
