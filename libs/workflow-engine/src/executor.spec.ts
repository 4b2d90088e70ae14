import {
  checkpointsOf,
  WorkflowExecutor,
  type NodeCheckpoint,
  type PromptRunRequest,
  type PromptRunResult,
  type PromptRunner,
  type WorkflowExecutorOptions,
} from './executor';
import { compileWorkflowGraph } from './graph';
import { inMemoryQuestionCatalog } from './questions';
import type { PromptTemplateLookup, PromptTemplateRecord } from './template-source';
import type {
  CompiledGraph,
  ExecutionResult,
  FallbackStrategy,
  NodeExecutionState,
  QuestionCatalogEntry,
  WorkflowEdge,
} from './types';

// ---------------------------------------------------------------------------------------------
// Test kit: an in-memory prompt runner (the language model is external) and graph builders.

type Handler = (request: PromptRunRequest) => PromptRunResult | Promise<PromptRunResult>;

class FakeRunner implements PromptRunner {
  readonly calls: PromptRunRequest[] = [];
  running = 0;
  maxRunning = 0;

  constructor(private readonly handlers: Record<string, Handler | string>) {}

  async run(request: PromptRunRequest): Promise<PromptRunResult> {
    this.calls.push(request);
    this.running += 1;
    this.maxRunning = Math.max(this.maxRunning, this.running);
    try {
      const handler = this.handlers[request.node_id];
      if (handler === undefined) throw new Error(`no answer scripted for ${request.node_id}`);
      return typeof handler === 'string' ? { text: handler } : await handler(request);
    } finally {
      this.running -= 1;
    }
  }

  callsFor(nodeId: string): PromptRunRequest[] {
    return this.calls.filter((call) => call.node_id === nodeId);
  }
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms); // not-a-wait: a fake model taking its time on purpose
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('aborted by engine'));
    });
  });
}

function answer(core: string, signals: Record<string, string> = {}): string {
  const lines = Object.entries(signals).map(([key, value]) => `- ${key}: ${value}`);
  return `## Analysekern\n${core}\n\n## Entscheidungsanteil\n${lines.join('\n')}\n\n## Begründungsanker\n- Daten`;
}

/** A promise a test opens: `opened` settles once `open()` was called. */
function gate(): { opened: Promise<void>; open(): void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

function slow(ms: number, text: string): Handler {
  return async (request) => {
    await wait(ms, request.signal);
    return { text };
  };
}

const catalog: QuestionCatalogEntry[] = [
  {
    key: 'risk',
    question: 'Wie hoch ist das Risiko?',
    answer_type: 'enum',
    allowed_values: ['low', 'medium', 'high'],
    synonyms: { high: ['hoch'], low: ['niedrig'] },
  },
  { key: 'weight', question: 'Gewicht?', answer_type: 'number', unit: 'kg' },
];

const prompts: Record<string, PromptTemplateRecord> = {
  weekly: {
    slug: 'weekly',
    template: 'Wochenrückblick {{weight.latest}}',
    default_question_keys: ['risk'],
  },
};

function promptLookup(): PromptTemplateLookup & { slugs: string[] } {
  const slugs: string[] = [];
  return {
    slugs,
    findBySlug: async (slug) => {
      slugs.push(slug);
      return prompts[slug] ?? null;
    },
  };
}

function executorFor(
  runner: PromptRunner,
  extra: Partial<WorkflowExecutorOptions> = {},
): WorkflowExecutor {
  return new WorkflowExecutor({
    runner,
    prompts: promptLookup(),
    questions: inMemoryQuestionCatalog(catalog),
    sleep: async () => undefined,
    ...extra,
  });
}

const analysis = (id: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  id,
  kind: 'analysis',
  inline_template: `Analysiere ${id}`,
  ...extra,
});
const edge = (from: string, to: string, branch?: WorkflowEdge['branch']): WorkflowEdge =>
  branch ? { from, to, branch } : { from, to };

function graphOf(nodes: Record<string, unknown>[], edges: WorkflowEdge[]): CompiledGraph {
  return compileWorkflowGraph({ nodes, edges });
}

function node(result: ExecutionResult, id: string): NodeExecutionState {
  const found = result.nodes.find((state) => state.node_id === id);
  if (!found) throw new Error(`no node ${id} in result`);
  return found;
}

function statesOf(result: ExecutionResult): Record<string, string> {
  return Object.fromEntries(result.nodes.map((state) => [state.node_id, state.state]));
}

// ---------------------------------------------------------------------------------------------

describe('WorkflowExecutor', () => {
  describe('a linear workflow', () => {
    const graph = graphOf(
      [
        analysis('a1', { inline_template: null, prompt_slug: 'weekly', label: 'Woche' }),
        analysis('a2', { question_keys: ['weight'] }),
        { id: 'end', kind: 'end', output_mode: 'AUTO' },
      ],
      [edge('a1', 'a2'), edge('a2', 'end')],
    );

    it('runs every node and records state, timing, usage, prompt, answer and signals', async () => {
      let tick = Date.parse('2026-04-11T10:00:00.000Z');
      const runner = new FakeRunner({
        a1: () => ({
          text: answer('Woche ruhig.', { Risk: 'Hoch' }),
          tokens_in: 100,
          tokens_out: 40,
          cost: 0.002,
          prompt_sent: 'resolved prompt a1',
        }),
        a2: () => ({
          text: answer('Gewicht sinkt.', { weight: '79,5 kg' }),
          tokens_in: 50,
          tokens_out: 10,
        }),
      });
      const result = await executorFor(runner, { clock: { now: () => (tick += 5) } }).execute(
        graph,
      );

      expect(result.status).toBe('completed');
      expect(statesOf(result)).toEqual({ a1: 'COMPLETED', a2: 'COMPLETED', end: 'COMPLETED' });
      const a1 = node(result, 'a1');
      expect(a1).toMatchObject({
        template_mode: 'reference',
        attempts: 1,
        tokens_in: 100,
        tokens_out: 40,
        cost: 0.002,
        prompt_sent: 'resolved prompt a1',
        analysis_core: 'Woche ruhig.',
        decision_signals: { risk: { raw: 'Hoch', value: 'high', status: 'normalized' } },
        error: null,
      });
      expect(a1.answer).toContain('## Analysekern');
      expect(a1.duration_ms).toBe(Date.parse(a1.ended_at ?? '') - Date.parse(a1.started_at ?? ''));
      expect(a1.duration_ms).toBeGreaterThan(0);

      const a2 = node(result, 'a2');
      expect(a2.template_mode).toBe('inline');
      expect(a2.decision_signals).toEqual({
        weight: { raw: '79,5 kg', value: 79.5, status: 'normalized' },
      });
      expect(a2.prompt_sent).toBe(runner.callsFor('a2')[0].template);

      expect(result).toMatchObject({ tokens_in: 150, tokens_out: 50, cost: 0.002 });
      expect(result.output).toBe('## Woche\n\nWoche ruhig.\n\n## a2\n\nGewicht sinkt.');
      expect(result.order).toEqual(['a1', 'a2', 'end']);
      expect(result.edges.map((e) => e.state)).toEqual(['active', 'active']);
    });

    it('sends the augmented template, the chosen questions and the upstream results', async () => {
      const runner = new FakeRunner({
        a1: answer('Kern 1', { risk: 'low' }),
        a2: answer('Kern 2'),
      });
      await executorFor(runner).execute(graph);

      const [first] = runner.callsFor('a1');
      expect(
        first.template.startsWith('Wochenrückblick {{weight.latest}}\n\n## Antwortformat'),
      ).toBe(true);
      expect(first.questions.map((q) => q.key)).toEqual(['risk']);
      expect(first.inputs).toEqual([]);
      expect(first.signal).toBeInstanceOf(AbortSignal);

      const [second] = runner.callsFor('a2');
      expect(second.template.startsWith('Analysiere a2')).toBe(true);
      expect(second.template).toContain('`weight`');
      expect(second.questions.map((q) => q.key)).toEqual(['weight']);
      expect(second.inputs).toEqual([
        {
          node_id: 'a1',
          label: 'Woche',
          analysis_core: 'Kern 1',
          decision_signals: { risk: { raw: 'low', value: 'low', status: 'valid' } },
        },
      ]);
    });

    it('reports progress for every state change and survives a failing listener', async () => {
      const seen: string[] = [];
      const runner = new FakeRunner({ a1: answer('1'), a2: answer('2') });
      const result = await executorFor(runner).execute(graph, {
        onNodeUpdate: (state) => {
          seen.push(`${state.node_id}:${state.state}`);
          throw new Error('progress store down');
        },
      });
      expect(result.status).toBe('completed');
      expect(seen).toEqual([
        'a1:RUNNING',
        'a1:COMPLETED',
        'a2:RUNNING',
        'a2:COMPLETED',
        'end:RUNNING',
        'end:COMPLETED',
      ]);
    });
  });

  describe('templates', () => {
    it('uses inline_template over prompt_slug and passes the validation warning on', async () => {
      const lookup = promptLookup();
      const runner = new FakeRunner({ a1: answer('x') });
      const graph = graphOf(
        [
          analysis('a1', { prompt_slug: 'weekly', inline_template: 'Nur inline' }),
          { id: 'end', kind: 'end' },
        ],
        [edge('a1', 'end')],
      );
      const result = await executorFor(runner, { prompts: lookup }).execute(graph);
      expect(runner.callsFor('a1')[0].template.startsWith('Nur inline')).toBe(true);
      expect(lookup.slugs).toEqual([]);
      expect(node(result, 'a1').template_mode).toBe('inline');
      expect(result.warnings.map((w) => w.code)).toEqual(['NODE_TEMPLATE_AMBIGUOUS']);
    });

    it('fails a node whose prompt no longer exists, without calling the model', async () => {
      const runner = new FakeRunner({});
      const graph = graphOf(
        [
          analysis('a1', { inline_template: null, prompt_slug: 'deleted' }),
          { id: 'end', kind: 'end' },
        ],
        [edge('a1', 'end')],
      );
      const result = await executorFor(runner).execute(graph);
      expect(node(result, 'a1')).toMatchObject({
        state: 'FAILED',
        error: { code: 'PROMPT_NOT_FOUND' },
      });
      expect(runner.calls).toEqual([]);
      expect(result.status).toBe('failed');
    });

    it('fails a node bound to a question that is not in the catalog', async () => {
      const graph = graphOf(
        [analysis('a1', { question_keys: ['risk', 'gone'] }), { id: 'end', kind: 'end' }],
        [edge('a1', 'end')],
      );
      const result = await executorFor(new FakeRunner({ a1: answer('x') })).execute(graph);
      expect(node(result, 'a1').error).toMatchObject({ code: 'QUESTION_NOT_FOUND' });
      expect(node(result, 'a1').error?.message).toContain('gone');
    });
  });

  describe('logic nodes', () => {
    function branching(
      fallback: FallbackStrategy,
      extra: Record<string, unknown> = {},
      endNode: Record<string, unknown> = { id: 'end', kind: 'end' },
    ): CompiledGraph {
      return graphOf(
        [
          analysis('a1', { question_keys: ['risk'] }),
          {
            id: 'l1',
            kind: 'logic',
            label: 'Risikoprüfung',
            condition: { op: 'EQ', signal: 'a1.risk', value: 'high' },
            fallback_strategy: fallback,
            ...extra,
          },
          analysis('hi'),
          analysis('lo'),
          analysis('unsure'),
          endNode,
        ],
        [
          edge('a1', 'l1'),
          edge('l1', 'hi', 'then'),
          edge('l1', 'lo', 'else'),
          edge('l1', 'unsure', 'uncertain'),
          edge('hi', 'end'),
          edge('lo', 'end'),
          edge('unsure', 'end'),
        ],
      );
    }

    const runnerAnswering = (risk: string | null): FakeRunner =>
      new FakeRunner({
        a1: answer('Basis', risk === null ? {} : { risk }),
        hi: answer('Hohes Risiko'),
        lo: answer('Niedriges Risiko'),
        unsure: answer('Unklare Lage'),
      });

    it('activates the then edges when the condition is true', async () => {
      const result = await executorFor(runnerAnswering('hoch')).execute(
        branching('CONSERVATIVE_SKIP'),
      );
      expect(statesOf(result)).toMatchObject({
        l1: 'COMPLETED',
        hi: 'COMPLETED',
        lo: 'SKIPPED',
        unsure: 'SKIPPED',
      });
      expect(node(result, 'l1')).toMatchObject({ condition_result: 'true', branch_taken: 'then' });
      expect(node(result, 'lo').skip_reason).toBe('upstream_not_taken');
      expect(result.edges.filter((e) => e.from === 'l1').map((e) => [e.to, e.state])).toEqual([
        ['hi', 'active'],
        ['lo', 'inactive'],
        ['unsure', 'inactive'],
      ]);
      expect(result.undecided_conditions).toEqual([]);
    });

    it('activates the else edges when the condition is false', async () => {
      const result = await executorFor(runnerAnswering('niedrig')).execute(
        branching('CONSERVATIVE_SKIP'),
      );
      expect(statesOf(result)).toMatchObject({ hi: 'SKIPPED', lo: 'COMPLETED', unsure: 'SKIPPED' });
      expect(node(result, 'l1')).toMatchObject({ condition_result: 'false', branch_taken: 'else' });
    });

    it('CONSERVATIVE_SKIP activates no branch when the signal is unclear', async () => {
      const result = await executorFor(runnerAnswering('unklar')).execute(
        branching('CONSERVATIVE_SKIP'),
      );
      expect(statesOf(result)).toMatchObject({
        hi: 'SKIPPED',
        lo: 'SKIPPED',
        unsure: 'SKIPPED',
        end: 'COMPLETED',
      });
      expect(node(result, 'l1')).toMatchObject({
        condition_result: 'undecided',
        branch_taken: null,
      });
      expect(result.status).toBe('completed');
      expect(result.output).toBe('## a1\n\nBasis');
      expect(result.undecided_conditions).toEqual([
        {
          node_id: 'l1',
          label: 'Risikoprüfung',
          condition: 'a1.risk EQ "high"',
          fallback_strategy: 'CONSERVATIVE_SKIP',
          signals: [{ signal: 'a1.risk', reason: 'unclear' }],
        },
      ]);
    });

    it('DEFAULT_PATH takes the default branch when the signal is missing', async () => {
      const result = await executorFor(runnerAnswering(null)).execute(
        branching('DEFAULT_PATH', { default_branch: 'else' }),
      );
      expect(statesOf(result)).toMatchObject({ hi: 'SKIPPED', lo: 'COMPLETED', unsure: 'SKIPPED' });
      expect(node(result, 'l1')).toMatchObject({
        condition_result: 'undecided',
        branch_taken: 'else',
      });
      expect(result.undecided_conditions[0].signals).toEqual([
        { signal: 'a1.risk', reason: 'missing' },
      ]);
    });

    it('UNCERTAINTY_PATH takes the uncertain edges when the signal is invalid', async () => {
      const result = await executorFor(runnerAnswering('extrem')).execute(
        branching('UNCERTAINTY_PATH'),
      );
      expect(statesOf(result)).toMatchObject({ hi: 'SKIPPED', lo: 'SKIPPED', unsure: 'COMPLETED' });
      expect(node(result, 'l1').branch_taken).toBe('uncertain');
      expect(result.output).toContain('Unklare Lage');
    });

    it('DOCUMENT_ONLY activates no branch and shows the undecided condition in the output', async () => {
      const result = await executorFor(runnerAnswering('nicht entscheidbar')).execute(
        branching('DOCUMENT_ONLY'),
      );
      expect(statesOf(result)).toMatchObject({ hi: 'SKIPPED', lo: 'SKIPPED', unsure: 'SKIPPED' });
      expect(result.output).toBe(
        '## a1\n\nBasis\n\n## Nicht entschiedene Bedingungen\n\n- Risikoprüfung: `a1.risk EQ "high"` (a1.risk: not_decidable)',
      );
      expect(result.undecided_conditions.map((u) => u.fallback_strategy)).toEqual([
        'DOCUMENT_ONLY',
      ]);
    });

    it('renders an optional path in a template only when it ran', async () => {
      const endNode = {
        id: 'end',
        kind: 'end',
        output_mode: 'TEMPLATE',
        template:
          'Basis: {{ a1.analysis_core }} ({{ a1.decision_signals.risk }}){% if hi %}\nAchtung: {{ hi.analysis_core }}{% endif %}\nNiedrig:[{{ lo.analysis_core }}]',
      };
      const high = await executorFor(runnerAnswering('hoch')).execute(
        branching('CONSERVATIVE_SKIP', {}, endNode),
      );
      expect(high.output).toBe('Basis: Basis (high)\nAchtung: Hohes Risiko\nNiedrig:[]');
      const low = await executorFor(runnerAnswering('niedrig')).execute(
        branching('CONSERVATIVE_SKIP', {}, endNode),
      );
      expect(low.output).toBe('Basis: Basis (low)\nNiedrig:[Niedriges Risiko]');
    });
  });

  describe('join nodes', () => {
    it('merges parallel analyses and hands the prefixed signals downstream', async () => {
      const graph = graphOf(
        [
          analysis('a1', { question_keys: ['risk'] }),
          analysis('a2', { question_keys: ['risk'] }),
          { id: 'j1', kind: 'join', join_strategy: 'wait_all', skip_handling: 'IGNORE_SKIPPED' },
          analysis('a3'),
          { id: 'l1', kind: 'logic', condition: { op: 'EQ', signal: 'a2.risk', value: 'low' } },
          {
            id: 'end',
            kind: 'end',
            output_mode: 'TEMPLATE',
            template: '{{ j1.analysis_core }}|{{ l1.branch_taken }}',
          },
        ],
        [
          edge('a1', 'j1'),
          edge('a2', 'j1'),
          edge('j1', 'a3'),
          edge('a3', 'l1'),
          edge('l1', 'end', 'then'),
        ],
      );
      const runner = new FakeRunner({
        a1: answer('Kern 1', { risk: 'hoch' }),
        a2: answer('Kern 2', { risk: 'niedrig' }),
        a3: answer('Kern 3'),
      });
      const result = await executorFor(runner).execute(graph);
      expect(result.status).toBe('completed');
      expect(node(result, 'j1')).toMatchObject({
        state: 'COMPLETED',
        analysis_core: '### a1\n\nKern 1\n\n### a2\n\nKern 2',
        decision_signals: {
          'a1.risk': { raw: 'hoch', value: 'high', status: 'normalized' },
          'a2.risk': { raw: 'niedrig', value: 'low', status: 'normalized' },
        },
      });
      expect(runner.callsFor('a3')[0].inputs.map((input) => input.node_id)).toEqual(['a1', 'a2']);
      expect(result.output).toBe('### a1\n\nKern 1\n\n### a2\n\nKern 2|then');
    });

    it('puts a placeholder in for a branch that was not taken', async () => {
      const graph = graphOf(
        [
          analysis('a1'),
          { id: 'l1', kind: 'logic', condition: { op: 'EQ', signal: 'a1.risk', value: 'high' } },
          analysis('hi'),
          analysis('lo'),
          { id: 'j1', kind: 'join', join_strategy: 'wait_all', skip_handling: 'USE_PLACEHOLDER' },
          { id: 'end', kind: 'end', output_mode: 'TEMPLATE', template: '{{ j1.analysis_core }}' },
        ],
        [
          edge('a1', 'l1'),
          edge('l1', 'hi', 'then'),
          edge('l1', 'lo', 'else'),
          edge('hi', 'j1'),
          edge('lo', 'j1'),
          edge('j1', 'end'),
        ],
      );
      const runner = new FakeRunner({
        a1: answer('Basis', { risk: 'high' }),
        hi: answer('Hoch!'),
        lo: answer('Niedrig'),
      });
      const result = await executorFor(runner).execute(graph);
      expect(result.output).toBe(
        '### hi\n\nHoch!\n\n### lo\n\n_Kein Ergebnis: Pfad wurde nicht ausgeführt._',
      );
      expect(node(result, 'j1').join).toEqual({
        included: [{ edge_id: 'hi->j1', from: 'hi', status: 'completed' }],
        missing: [{ edge_id: 'lo->j1', from: 'lo', status: 'skipped' }],
      });
    });

    it('wait_any lets the downstream node start before the slow path has ended', async () => {
      const graph = graphOf(
        [
          analysis('fast'),
          analysis('slow'),
          { id: 'j1', kind: 'join', join_strategy: 'wait_any', skip_handling: 'IGNORE_SKIPPED' },
          analysis('next'),
          { id: 'end', kind: 'end' },
        ],
        [edge('fast', 'j1'), edge('slow', 'j1'), edge('j1', 'next'), edge('next', 'end')],
      );
      // The slow path answers only once `next` has started: waiting for it would never end.
      const nextStarted = gate();
      const runner = new FakeRunner({
        fast: answer('schnell'),
        slow: async () => {
          await nextStarted.opened;
          return { text: answer('langsam') };
        },
        next: async () => {
          nextStarted.open();
          return { text: answer('weiter') };
        },
      });
      const result = await executorFor(runner).execute(graph);
      expect(node(result, 'j1').join?.included.map((path) => path.from)).toEqual(['fast']);
      expect(runner.callsFor('next')[0].inputs.map((input) => input.node_id)).toEqual(['fast']);
      expect(statesOf(result)).toMatchObject({ slow: 'COMPLETED', end: 'COMPLETED' });
    });

    it('a join that misses its minimum fails, and the end still renders what completed', async () => {
      const graph = graphOf(
        [
          analysis('a1'),
          analysis('a2'),
          {
            id: 'j1',
            kind: 'join',
            join_strategy: 'best_effort',
            skip_handling: 'REQUIRE_MINIMUM',
            min_completed: 2,
          },
          analysis('a3'),
          { id: 'end', kind: 'end' },
        ],
        [edge('a1', 'j1'), edge('a2', 'j1'), edge('j1', 'a3'), edge('a3', 'end')],
      );
      const runner = new FakeRunner({
        a1: answer('Eins'),
        a2: () => {
          throw new Error('model overloaded');
        },
        a3: answer('Drei'),
      });
      const result = await executorFor(runner).execute(graph);
      expect(statesOf(result)).toEqual({
        a1: 'COMPLETED',
        a2: 'FAILED',
        j1: 'FAILED',
        a3: 'SKIPPED',
        end: 'COMPLETED',
      });
      expect(node(result, 'j1').error?.code).toBe('JOIN_MINIMUM_NOT_MET');
      expect(node(result, 'a3').skip_reason).toBe('upstream_failed');
      expect(result.status).toBe('partial');
      expect(result.output).toBe('## a1\n\nEins');
    });
  });

  describe('failures', () => {
    const graph = graphOf(
      [analysis('a1'), analysis('b1'), analysis('c1'), { id: 'end', kind: 'end' }],
      [edge('a1', 'end'), edge('b1', 'c1'), edge('c1', 'end')],
    );

    it('is partial when a node failed but the end rendered, and skips what depends on it', async () => {
      const runner = new FakeRunner({
        a1: answer('A'),
        b1: () => Promise.reject(new Error('HTTP 500 from model')),
        c1: answer('C'),
      });
      const result = await executorFor(runner).execute(graph);
      expect(result.status).toBe('partial');
      expect(node(result, 'b1')).toMatchObject({
        state: 'FAILED',
        error: { code: 'PROMPT_RUN_FAILED', message: 'HTTP 500 from model' },
        attempts: 1,
      });
      expect(node(result, 'c1')).toMatchObject({
        state: 'SKIPPED',
        skip_reason: 'upstream_failed',
      });
      expect(result.edges.find((e) => e.edge_id === 'b1->c1')?.state).toBe('failed');
      expect(runner.callsFor('c1')).toEqual([]);
      expect(result.output).toBe('## a1\n\nA');
    });

    it('is failed when the end could not render', async () => {
      const fail = (): never => {
        throw new Error('down');
      };
      const result = await executorFor(new FakeRunner({ a1: fail, b1: fail })).execute(graph);
      expect(result.status).toBe('failed');
      expect(node(result, 'end')).toMatchObject({
        state: 'SKIPPED',
        skip_reason: 'no_completed_analysis',
      });
      expect(result.output).toBeNull();
    });
  });

  describe('timeouts and retries', () => {
    const single = (extra: Record<string, unknown> = {}): CompiledGraph =>
      graphOf([analysis('a1', extra), { id: 'end', kind: 'end' }], [edge('a1', 'end')]);

    it('fails a node that does not answer within timeout_ms and aborts its request', async () => {
      let seenSignal: AbortSignal | undefined;
      const runner = new FakeRunner({
        a1: async (request) => {
          seenSignal = request.signal;
          // Answers only when aborted: a timeout that did not abort would never end the run.
          await wait(3_600_000, request.signal);
          return { text: answer('zu spät') };
        },
      });
      const result = await executorFor(runner).execute(single({ timeout_ms: 30 }));
      expect(node(result, 'a1')).toMatchObject({
        state: 'FAILED',
        error: { code: 'NODE_TIMEOUT' },
      });
      expect(seenSignal?.aborted).toBe(true);
    });

    it('uses the executor default timeout for nodes without their own', async () => {
      const runner = new FakeRunner({ a1: slow(2_000, answer('x')) });
      const result = await executorFor(runner, { defaultTimeoutMs: 20 }).execute(single());
      expect(node(result, 'a1').error?.code).toBe('NODE_TIMEOUT');
    });

    it('retries with exponential backoff until an attempt succeeds', async () => {
      const sleeps: number[] = [];
      let calls = 0;
      const runner = new FakeRunner({
        a1: () => {
          calls += 1;
          if (calls < 3) throw new Error(`flaky ${calls}`);
          return { text: answer('endlich'), tokens_in: 7 };
        },
      });
      const result = await executorFor(runner, {
        retryBackoffMs: 100,
        sleep: async (ms) => {
          sleeps.push(ms);
        },
      }).execute(single({ retries: 3 }));
      expect(node(result, 'a1')).toMatchObject({
        state: 'COMPLETED',
        attempts: 3,
        analysis_core: 'endlich',
        error: null,
        tokens_in: 7,
      });
      expect(sleeps).toEqual([100, 200]);
      expect(runner.calls.map((call) => call.attempt)).toEqual([1, 2, 3]);
    });

    it('fails with the last error once the retries are used up', async () => {
      let calls = 0;
      const runner = new FakeRunner({
        a1: () => {
          calls += 1;
          throw new Error(`attempt ${calls} failed`);
        },
      });
      const result = await executorFor(runner).execute(single({ retries: 1 }));
      expect(node(result, 'a1')).toMatchObject({
        state: 'FAILED',
        attempts: 2,
        error: { code: 'PROMPT_RUN_FAILED', message: 'attempt 2 failed' },
      });
    });

    it('retries an attempt that timed out', async () => {
      const runner = new FakeRunner({
        a1: async (request) => {
          if (request.attempt === 1) await wait(2_000, request.signal);
          return { text: answer('zweiter Versuch') };
        },
      });
      const result = await executorFor(runner).execute(single({ timeout_ms: 20, retries: 1 }));
      expect(node(result, 'a1')).toMatchObject({ state: 'COMPLETED', attempts: 2 });
    });

    it('uses the executor default retries for nodes without their own', async () => {
      const runner = new FakeRunner({ a1: () => Promise.reject(new Error('nope')) });
      const result = await executorFor(runner, { defaultRetries: 2 }).execute(single());
      expect(node(result, 'a1').attempts).toBe(3);
      expect(runner.calls).toHaveLength(3);
    });

    it('stops when the caller aborts the execution', async () => {
      const controller = new AbortController();
      // The caller aborts while the node's first attempt runs (once it listens for the abort).
      const runner = new FakeRunner({
        a1: (request) => {
          const answered = slow(2_000, answer('x'))(request);
          controller.abort();
          return answered;
        },
      });
      const result = await executorFor(runner).execute(single({ retries: 3 }), {
        signal: controller.signal,
      });
      expect(node(result, 'a1')).toMatchObject({
        state: 'FAILED',
        attempts: 1,
        error: { code: 'EXECUTION_ABORTED' },
      });
    });
  });

  describe('concurrency', () => {
    it('runs a fan-out of independent nodes at the same time', async () => {
      const fan = ['b1', 'b2', 'b3', 'b4', 'b5'];
      const graph = graphOf(
        [analysis('a0'), ...fan.map((id) => analysis(id)), { id: 'end', kind: 'end' }],
        [...fan.map((id) => edge('a0', id)), ...fan.map((id) => edge(id, 'end'))],
      );
      const handlers = Object.fromEntries(
        ['a0', ...fan].map((id) => [id, slow(50, answer(`Kern ${id}`))]),
      );
      const runner = new FakeRunner(handlers);
      const result = await executorFor(runner).execute(graph);

      expect(result.status).toBe('completed');
      // All five ran at once (the fake model counts the requests in flight), not one by one.
      expect(runner.maxRunning).toBe(5);
    });

    it('starts parallel start nodes together', async () => {
      const ids = ['s1', 's2', 's3', 's4'];
      const graph = graphOf(
        [...ids.map((id) => analysis(id)), { id: 'end', kind: 'end' }],
        ids.map((id) => edge(id, 'end')),
      );
      const runner = new FakeRunner(
        Object.fromEntries(ids.map((id) => [id, slow(50, answer(id))])),
      );
      await executorFor(runner).execute(graph);
      expect(runner.maxRunning).toBe(4);
    });

    it('starts a node as soon as its own inputs ended, not after the whole level', async () => {
      const graph = graphOf(
        [analysis('a1'), analysis('a2'), analysis('b1'), { id: 'end', kind: 'end' }],
        [edge('a1', 'a2'), edge('a2', 'end'), edge('b1', 'end')],
      );
      // b1 answers only once a2 has started: a2 waiting for b1's level would never end.
      const a2Started = gate();
      const runner = new FakeRunner({
        a1: answer('a1'),
        a2: async () => {
          a2Started.open();
          return { text: answer('a2') };
        },
        b1: async () => {
          await a2Started.opened;
          return { text: answer('b1') };
        },
      });
      const result = await executorFor(runner).execute(graph);
      const b1End = Date.parse(node(result, 'b1').ended_at ?? '');
      expect(Date.parse(node(result, 'end').started_at ?? '')).toBeGreaterThanOrEqual(b1End);
    });

    it('keeps to maxConcurrency', async () => {
      const ids = ['s1', 's2', 's3', 's4'];
      const graph = graphOf(
        [...ids.map((id) => analysis(id)), { id: 'end', kind: 'end' }],
        ids.map((id) => edge(id, 'end')),
      );
      const runner = new FakeRunner(
        Object.fromEntries(ids.map((id) => [id, slow(20, answer(id))])),
      );
      const result = await executorFor(runner, { maxConcurrency: 2 }).execute(graph);
      expect(result.status).toBe('completed');
      expect(runner.maxRunning).toBe(2);
    });
  });

  describe('resume', () => {
    const graph = graphOf(
      [
        analysis('a1'),
        { id: 'l1', kind: 'logic', condition: { op: 'EQ', signal: 'a1.risk', value: 'high' } },
        analysis('b1'),
        analysis('c1'),
        analysis('d1'),
        { id: 'end', kind: 'end' },
      ],
      [
        edge('a1', 'l1'),
        edge('l1', 'b1', 'then'),
        edge('l1', 'd1', 'else'),
        edge('b1', 'c1'),
        edge('c1', 'end'),
        edge('a1', 'end'),
        edge('d1', 'end'),
      ],
    );

    it('re-runs only the failed nodes and what follows them, reusing the other results', async () => {
      const first = new FakeRunner({
        a1: answer('Basis', { risk: 'high' }),
        b1: () => Promise.reject(new Error('rate limited')),
        c1: answer('C'),
      });
      const previous = await executorFor(first).execute(graph);
      expect(previous.status).toBe('partial');
      expect(statesOf(previous)).toMatchObject({ b1: 'FAILED', c1: 'SKIPPED', d1: 'SKIPPED' });

      const second = new FakeRunner({ b1: answer('B'), c1: answer('C') });
      const updates: string[] = [];
      const resumed = await executorFor(second).resume(graph, previous, {
        onNodeUpdate: (state) => {
          updates.push(`${state.node_id}:${state.state}`);
        },
      });

      expect(second.calls.map((call) => call.node_id)).toEqual(['b1', 'c1']);
      expect(resumed.status).toBe('completed');
      expect(resumed.resumed_node_ids).toEqual(['b1', 'c1', 'end']);
      expect(statesOf(resumed)).toEqual({
        a1: 'COMPLETED',
        l1: 'COMPLETED',
        b1: 'COMPLETED',
        c1: 'COMPLETED',
        d1: 'SKIPPED',
        end: 'COMPLETED',
      });
      expect(node(resumed, 'a1')).toEqual(node(previous, 'a1'));
      expect(node(resumed, 'd1')).toEqual(node(previous, 'd1'));
      expect(second.callsFor('b1')[0].inputs.map((input) => input.node_id)).toEqual(['a1']);
      expect(resumed.output).toBe('## a1\n\nBasis\n\n## b1\n\nB\n\n## c1\n\nC');
      expect(updates).not.toContain('a1:RUNNING');
    });

    it('returns the previous result unchanged when nothing failed', async () => {
      const previous = await executorFor(
        new FakeRunner({ a1: answer('Basis', { risk: 'low' }), d1: answer('D') }),
      ).execute(graph);
      const runner = new FakeRunner({});
      const resumed = await executorFor(runner).resume(graph, previous);
      expect(runner.calls).toEqual([]);
      expect(resumed).toEqual({ ...previous, resumed_node_ids: [] });
    });

    it('refuses a previous execution of a different graph', async () => {
      const previous = await executorFor(
        new FakeRunner({
          a1: answer('Basis', { risk: 'low' }),
          d1: () => Promise.reject(new Error('x')),
        }),
      ).execute(graph);
      const other = graphOf([analysis('a1'), { id: 'end', kind: 'end' }], [edge('a1', 'end')]);
      await expect(executorFor(new FakeRunner({})).resume(other, previous)).rejects.toMatchObject({
        code: 'RESUME_GRAPH_MISMATCH',
      });
    });
  });

  describe('checkpoints and continue', () => {
    const graph = graphOf(
      [
        analysis('a1'),
        { id: 'l1', kind: 'logic', condition: { op: 'EQ', signal: 'a1.risk', value: 'high' } },
        analysis('b1'),
        analysis('d1'),
        { id: 'end', kind: 'end', output_mode: 'AUTO' },
      ],
      [
        edge('a1', 'l1'),
        edge('l1', 'b1', 'then'),
        edge('l1', 'd1', 'else'),
        edge('b1', 'end'),
        edge('d1', 'end'),
      ],
    );
    const handlers = {
      a1: answer('Basis', { risk: 'unklar' }),
      b1: answer('B'),
      d1: answer('D'),
    };

    it('checkpoints every node once as it ends, with its outgoing edges, before its targets start', async () => {
      const seen: string[] = [];
      const checkpoints: NodeCheckpoint[] = [];
      const result = await executorFor(new FakeRunner(handlers)).execute(graph, {
        onNodeUpdate: (s) => void seen.push(`${s.node_id}:${s.state}`),
        onNodeEnd: (c) => {
          checkpoints.push(c);
          seen.push(`checkpoint ${c.node.node_id}`);
        },
      });
      // CONSERVATIVE_SKIP: the unclear signal takes no branch, b1 and d1 are skipped.
      expect(checkpoints.map((c) => `${c.node.node_id}:${c.node.state}`)).toEqual([
        'a1:COMPLETED',
        'l1:COMPLETED',
        'b1:SKIPPED',
        'd1:SKIPPED',
        'end:COMPLETED',
      ]);
      expect(seen.indexOf('checkpoint a1')).toBeLessThan(seen.indexOf('l1:RUNNING'));
      expect(checkpoints[1]).toMatchObject({
        edges: [
          { edge_id: expect.any(String), state: 'inactive' },
          { edge_id: expect.any(String), state: 'inactive' },
        ],
        undecided: { node_id: 'l1', fallback_strategy: 'CONSERVATIVE_SKIP' },
      });
      expect(checkpoints[4].node.answer).toBe(result.output);
      expect(checkpointsOf(result)).toEqual(checkpoints);
    });

    it('continues after the stored checkpoints: ended nodes are never run again', async () => {
      const first = new FakeRunner({ ...handlers, a1: answer('Basis', { risk: 'high' }) });
      const stored: NodeCheckpoint[] = [];
      const complete = await executorFor(first).execute(graph, {
        onNodeEnd: (c) => void stored.push(c),
      });
      // the process died after a1 and l1 had ended
      const second = new FakeRunner(handlers);
      const continued = await executorFor(second).continue(graph, stored.slice(0, 2));
      expect(second.calls.map((call) => call.node_id)).toEqual(['b1']);
      expect(statesOf(continued)).toEqual(statesOf(complete));
      expect(continued.output).toBe(complete.output);
      expect(continued.resumed_node_ids).toEqual([]);
      expect(node(continued, 'a1')).toEqual(node(complete, 'a1'));
    });

    it('takes the later checkpoint of a node and reports the nodes of a continued resume', async () => {
      const stored = checkpointsOf(
        await executorFor(
          new FakeRunner({
            ...handlers,
            a1: answer('x', { risk: 'high' }),
            b1: () => Promise.reject(new Error('down')),
          }),
        ).execute(graph),
      );
      const runner = new FakeRunner(handlers);
      const withoutB1 = stored.filter((c) => !['b1', 'end'].includes(c.node.node_id));
      const continued = await executorFor(runner).continue(graph, withoutB1, {
        resumedNodeIds: ['b1', 'end'],
      });
      expect(runner.calls.map((call) => call.node_id)).toEqual(['b1']);
      expect(continued).toMatchObject({ status: 'completed', resumed_node_ids: ['b1', 'end'] });
    });

    it('refuses checkpoints of another graph', async () => {
      const other = graphOf([analysis('a1'), { id: 'end', kind: 'end' }], [edge('a1', 'end')]);
      const stored = checkpointsOf(await executorFor(new FakeRunner(handlers)).execute(other));
      const mismatched = stored.map((c) => ({ ...c, node: { ...c.node, kind: 'join' as const } }));
      await expect(
        executorFor(new FakeRunner({})).continue(graph, mismatched),
      ).rejects.toMatchObject({ code: 'RESUME_GRAPH_MISMATCH' });
    });
  });
});
