import { compileWorkflowGraph, downstreamOf, validateWorkflowGraph } from './graph';
import type { GraphIssue, GraphIssueCode, WorkflowEdge, WorkflowNode } from './types';
import { WorkflowGraphError } from './workflow-engine.error';

const analysis = (id: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  id,
  kind: 'analysis',
  inline_template: `Prompt ${id}`,
  ...extra,
});
const end = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  id: 'end',
  kind: 'end',
  ...extra,
});
const logic = (id: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  id,
  kind: 'logic',
  condition: { op: 'EQ', signal: 'a1.risk', value: 'high' },
  ...extra,
});
const edge = (from: string, to: string, branch?: WorkflowEdge['branch']): WorkflowEdge =>
  branch ? { from, to, branch } : { from, to };

function errorsOf(nodes: unknown[], edges: unknown[]): GraphIssue[] {
  return validateWorkflowGraph({ nodes, edges }).errors;
}

function codes(issues: GraphIssue[]): GraphIssueCode[] {
  return issues.map((issue) => issue.code);
}

describe('validateWorkflowGraph', () => {
  it('compiles a valid graph with a topological order that keeps declaration order on ties', () => {
    const result = validateWorkflowGraph({
      nodes: [end(), analysis('b1'), analysis('a1'), analysis('c1', { prompt_slug: 'p' })],
      edges: [edge('a1', 'c1'), edge('b1', 'c1'), edge('c1', 'end')],
    });
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect(result.graph?.order).toEqual(['b1', 'a1', 'c1', 'end']);
    expect(result.graph?.start_ids).toEqual(['b1', 'a1']);
    expect(result.graph?.end_id).toBe('end');
    expect(result.graph?.edges.map((e) => e.id)).toEqual(['a1->c1', 'b1->c1', 'c1->end']);
  });

  it('rejects a cycle and names the nodes on it in order', () => {
    const errors = errorsOf(
      [analysis('a1'), analysis('b1'), analysis('c1'), analysis('d1'), end()],
      [edge('a1', 'b1'), edge('b1', 'c1'), edge('c1', 'd1'), edge('d1', 'b1'), edge('d1', 'end')],
    );
    expect(errors[0]).toMatchObject({ code: 'GRAPH_CYCLE', node_ids: ['b1', 'c1', 'd1'] });
    expect(errors[0].message).toContain('b1 → c1 → d1 → b1');
  });

  it('rejects a self-loop as a cycle', () => {
    const errors = errorsOf([analysis('a1'), end()], [edge('a1', 'a1'), edge('a1', 'end')]);
    expect(errors.find((e) => e.code === 'GRAPH_CYCLE')?.node_ids).toEqual(['a1']);
  });

  it('reports nodes that no start node reaches', () => {
    // b1 ⇄ c1 has no entry from a start node.
    const errors = errorsOf(
      [analysis('a1'), analysis('b1'), analysis('c1'), end()],
      [edge('a1', 'end'), edge('b1', 'c1'), edge('c1', 'b1'), edge('c1', 'end')],
    );
    expect(errors.find((e) => e.code === 'NODE_NOT_REACHABLE_FROM_START')?.node_ids).toEqual([
      'b1',
      'c1',
    ]);
  });

  it('reports nodes that cannot reach the end node', () => {
    const errors = errorsOf(
      [analysis('a1'), analysis('a2'), analysis('dead'), end()],
      [edge('a1', 'end'), edge('a2', 'dead')],
    );
    expect(errors).toEqual([
      expect.objectContaining({ code: 'NODE_CANNOT_REACH_END', node_ids: ['a2', 'dead'] }),
    ]);
  });

  it('requires exactly one end node', () => {
    expect(codes(errorsOf([analysis('a1')], []))).toContain('END_NODE_MISSING');
    const twoEnds = errorsOf(
      [analysis('a1'), end(), { id: 'end2', kind: 'end' }],
      [edge('a1', 'end'), edge('a1', 'end2')],
    );
    expect(twoEnds[0]).toMatchObject({ code: 'END_NODE_DUPLICATE', node_ids: ['end', 'end2'] });
  });

  it('rejects outgoing edges of the end node', () => {
    const errors = errorsOf([analysis('a1'), end()], [edge('a1', 'end'), edge('end', 'a1')]);
    expect(codes(errors)).toContain('END_NODE_HAS_OUTGOING');
  });

  it('rejects an edge to an unknown node', () => {
    const errors = errorsOf([analysis('a1'), end()], [edge('a1', 'end'), edge('a1', 'ghost')]);
    expect(errors).toEqual([
      expect.objectContaining({
        code: 'EDGE_UNKNOWN_NODE',
        node_ids: ['ghost'],
        edge_id: 'a1->ghost',
      }),
    ]);
  });

  it('rejects duplicate node ids and duplicate edges', () => {
    expect(codes(errorsOf([analysis('a1'), analysis('a1'), end()], [edge('a1', 'end')]))).toEqual([
      'NODE_ID_DUPLICATE',
    ]);
    expect(
      codes(errorsOf([analysis('a1'), end()], [edge('a1', 'end'), edge('a1', 'end')])),
    ).toEqual(['EDGE_DUPLICATE']);
  });

  it.each(['a-1', '1a', 'a.b', '', 'x'.repeat(65), 'true', 'Empty', 'nil'])(
    'rejects the node id %j',
    (id) => {
      expect(codes(errorsOf([analysis(id), end()], []))).toContain('NODE_ID_INVALID');
    },
  );

  it('rejects an unknown node kind and a malformed graph', () => {
    expect(codes(errorsOf([{ id: 'x', kind: 'script' }, end()], []))).toEqual(['NODE_INVALID']);
    expect(codes(validateWorkflowGraph({ nodes: 'no' }).errors)).toEqual(['GRAPH_SHAPE_INVALID']);
    expect(codes(validateWorkflowGraph(null).errors)).toEqual(['GRAPH_SHAPE_INVALID']);
  });

  it('only lets analysis nodes start a workflow', () => {
    const errors = errorsOf(
      [
        logic('l1', { condition: { op: 'EQ', signal: 'a1.risk', value: 1 } }),
        analysis('a1'),
        end(),
      ],
      [edge('l1', 'end', 'then'), edge('a1', 'end')],
    );
    expect(codes(errors)).toContain('START_NODE_INVALID');
  });

  describe('analysis templates', () => {
    it('reports NODE_TEMPLATE_MISSING naming the node when neither field is set', () => {
      const errors = errorsOf(
        [
          analysis('a1', { inline_template: null }),
          analysis('a2', { inline_template: '  ' }),
          end(),
        ],
        [edge('a1', 'end'), edge('a2', 'end')],
      );
      expect(errors).toEqual([
        expect.objectContaining({ code: 'NODE_TEMPLATE_MISSING', node_ids: ['a1'] }),
        expect.objectContaining({ code: 'NODE_TEMPLATE_MISSING', node_ids: ['a2'] }),
      ]);
      expect(errors[0].message).toContain('"a1"');
    });

    it('accepts both fields but warns that inline_template wins', () => {
      const result = validateWorkflowGraph({
        nodes: [analysis('a1', { prompt_slug: 'weekly' }), end()],
        edges: [edge('a1', 'end')],
      });
      expect(result.valid).toBe(true);
      expect(result.warnings).toEqual([
        expect.objectContaining({
          code: 'NODE_TEMPLATE_AMBIGUOUS',
          node_ids: ['a1'],
          path: 'nodes[0].inline_template',
        }),
      ]);
    });

    it('loads a workflow stored before inline templates existed unchanged', () => {
      const graph = compileWorkflowGraph({
        nodes: [{ id: 'a1', kind: 'analysis', prompt_slug: 'weekly' }, end()],
        edges: [edge('a1', 'end')],
      });
      expect(graph.node_by_id.get('a1')).toMatchObject({
        prompt_slug: 'weekly',
        inline_template: null,
      });
    });

    it('checks timeout_ms, retries and question_keys', () => {
      const errors = errorsOf(
        [analysis('a1', { timeout_ms: 0, retries: 1.5, question_keys: [3] }), end()],
        [edge('a1', 'end')],
      );
      expect(errors.map((e) => e.path)).toEqual([
        'nodes[0].question_keys',
        'nodes[0].timeout_ms',
        'nodes[0].retries',
      ]);
    });
  });

  describe('logic nodes', () => {
    const base = (logicNode: Record<string, unknown>, edges: WorkflowEdge[]): GraphIssue[] =>
      errorsOf(
        [analysis('a1'), logicNode, analysis('a2'), analysis('a3'), end()],
        [edge('a1', 'l1'), edge('a2', 'end'), edge('a3', 'end'), ...edges],
      );

    it('accepts then/else edges', () => {
      expect(base(logic('l1'), [edge('l1', 'a2', 'then'), edge('l1', 'a3', 'else')])).toEqual([]);
    });

    it('requires a branch on edges leaving a logic node and refuses one elsewhere', () => {
      expect(codes(base(logic('l1'), [edge('l1', 'a2')]))).toContain('EDGE_BRANCH_MISSING');
      const errors = errorsOf([analysis('a1'), end()], [edge('a1', 'end', 'then')]);
      expect(codes(errors)).toEqual(['EDGE_BRANCH_UNEXPECTED']);
    });

    it('requires uncertain edges for UNCERTAINTY_PATH', () => {
      const errors = base(logic('l1', { fallback_strategy: 'UNCERTAINTY_PATH' }), [
        edge('l1', 'a2', 'then'),
        edge('l1', 'a3', 'else'),
      ]);
      expect(errors).toEqual([
        expect.objectContaining({ code: 'LOGIC_FALLBACK_EDGES_MISSING', node_ids: ['l1'] }),
      ]);
      expect(errors[0].message).toContain('uncertain');
    });

    it('requires default_branch and a matching edge for DEFAULT_PATH', () => {
      const withoutBranch = base(logic('l1', { fallback_strategy: 'DEFAULT_PATH' }), [
        edge('l1', 'a2', 'then'),
      ]);
      expect(withoutBranch[0]).toMatchObject({ code: 'LOGIC_FALLBACK_EDGES_MISSING' });
      expect(withoutBranch[0].message).toContain('default_branch');

      const withoutEdge = base(
        logic('l1', { fallback_strategy: 'DEFAULT_PATH', default_branch: 'else' }),
        [edge('l1', 'a2', 'then'), edge('l1', 'a3', 'then')],
      );
      expect(withoutEdge[0]).toMatchObject({ code: 'LOGIC_FALLBACK_EDGES_MISSING' });
      expect(withoutEdge[0].message).toContain('no else edge');

      expect(
        base(logic('l1', { fallback_strategy: 'DEFAULT_PATH', default_branch: 'else' }), [
          edge('l1', 'a2', 'then'),
          edge('l1', 'a3', 'else'),
        ]),
      ).toEqual([]);
    });

    it('warns about uncertain edges that the fallback never takes', () => {
      const result = validateWorkflowGraph({
        nodes: [analysis('a1'), logic('l1'), analysis('a2'), end()],
        edges: [
          edge('a1', 'l1'),
          edge('l1', 'a2', 'uncertain'),
          edge('l1', 'end', 'then'),
          edge('a2', 'end'),
        ],
      });
      expect(result.valid).toBe(true);
      expect(codes(result.warnings)).toEqual(['EDGE_BRANCH_UNUSED']);
    });

    it('rejects a condition that reads a node which is not upstream', () => {
      const errors = base(
        logic('l1', { condition: { op: 'EQ', signal: 'a2.risk', value: 'high' } }),
        [edge('l1', 'a2', 'then')],
      );
      expect(errors).toEqual([expect.objectContaining({ code: 'CONDITION_SIGNAL_UNKNOWN' })]);
    });

    it('rejects a malformed condition with its path', () => {
      const errors = base(logic('l1', { condition: { op: 'GT', signal: 'a1.x', value: 'viel' } }), [
        edge('l1', 'a2', 'then'),
      ]);
      expect(errors).toEqual([
        expect.objectContaining({ code: 'CONDITION_INVALID', path: 'nodes[1].condition.value' }),
      ]);
    });
  });

  describe('join nodes', () => {
    const joinGraph = (join: Record<string, unknown>): GraphIssue[] =>
      errorsOf(
        [analysis('a1'), analysis('a2'), { id: 'j1', kind: 'join', ...join }, end()],
        [edge('a1', 'j1'), edge('a2', 'j1'), edge('j1', 'end')],
      );

    it('requires a strategy and skip handling', () => {
      expect(codes(joinGraph({}))).toEqual(['JOIN_SETTINGS_INVALID', 'JOIN_SETTINGS_INVALID']);
      expect(joinGraph({ join_strategy: 'wait_all', skip_handling: 'IGNORE_SKIPPED' })).toEqual([]);
    });

    it('requires min_completed between 1 and the number of incoming paths for REQUIRE_MINIMUM', () => {
      const settings = { join_strategy: 'wait_all', skip_handling: 'REQUIRE_MINIMUM' };
      expect(codes(joinGraph(settings))).toEqual(['JOIN_SETTINGS_INVALID']);
      expect(codes(joinGraph({ ...settings, min_completed: 3 }))).toEqual([
        'JOIN_SETTINGS_INVALID',
      ]);
      expect(joinGraph({ ...settings, min_completed: 2 })).toEqual([]);
    });
  });

  describe('end node templates', () => {
    it('requires a parsable template in TEMPLATE mode', () => {
      const graph = (template: unknown): GraphIssue[] =>
        errorsOf([analysis('a1'), end({ output_mode: 'TEMPLATE', template })], [edge('a1', 'end')]);
      expect(codes(graph(undefined))).toEqual(['END_TEMPLATE_INVALID']);
      expect(codes(graph('{% if a1 %}open'))).toEqual(['END_TEMPLATE_INVALID']);
      expect(codes(graph('{% include "x" %}'))).toEqual(['END_TEMPLATE_INVALID']);
      expect(graph('{{ a1.analysis_core }}')).toEqual([]);
    });

    it('warns about template variables that are not node ids', () => {
      const result = validateWorkflowGraph({
        nodes: [
          analysis('a1'),
          end({ output_mode: 'TEMPLATE', template: '{{ a1.analysis_core }}{{ a2.x }}' }),
        ],
        edges: [edge('a1', 'end')],
      });
      expect(result.valid).toBe(true);
      expect(result.warnings).toEqual([
        expect.objectContaining({ code: 'END_TEMPLATE_UNKNOWN_NODE', node_ids: ['a2'] }),
      ]);
    });
  });
});

describe('compileWorkflowGraph', () => {
  it('throws a WorkflowGraphError whose code is the first error and which lists all issues', () => {
    let caught: unknown;
    try {
      compileWorkflowGraph({
        nodes: [analysis('a1'), analysis('b1', { inline_template: null }), analysis('c1'), end()],
        edges: [edge('a1', 'c1'), edge('c1', 'a1'), edge('c1', 'end'), edge('b1', 'end')],
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(WorkflowGraphError);
    const error = caught as WorkflowGraphError;
    expect(error.code).toBe('GRAPH_CYCLE');
    expect(codes(error.issues)).toEqual(
      expect.arrayContaining(['GRAPH_CYCLE', 'NODE_TEMPLATE_MISSING']),
    );
  });

  it('uses NODE_TEMPLATE_MISSING as the code when that is the only problem', () => {
    expect(() =>
      compileWorkflowGraph({
        nodes: [analysis('a1', { inline_template: '' }), end()],
        edges: [edge('a1', 'end')],
      }),
    ).toThrow(expect.objectContaining({ code: 'NODE_TEMPLATE_MISSING', node_id: 'a1' }));
  });
});

describe('downstreamOf', () => {
  it('returns the given nodes and everything after them', () => {
    const nodes: WorkflowNode[] = [];
    const graph = compileWorkflowGraph({
      nodes: [...nodes, analysis('a1'), analysis('a2'), analysis('a3'), end()],
      edges: [edge('a1', 'a2'), edge('a2', 'end'), edge('a3', 'end')],
    });
    expect([...downstreamOf(graph, ['a2'])].sort()).toEqual(['a2', 'end']);
  });
});
