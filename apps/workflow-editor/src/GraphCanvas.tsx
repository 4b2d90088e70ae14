import {
  Background,
  Connection,
  Controls,
  Edge,
  Handle,
  MarkerType,
  MiniMap,
  Node,
  NodeChange,
  NodeProps,
  Position,
  ReactFlow,
} from '@xyflow/react';
import { useMemo } from 'react';
import { EDGE_BRANCHES, type EdgeBranch, type NodeExecutionState } from '@sports/workflow-engine';
import type { Positions } from './graph';
import type { DraftGraph, DraftNode } from './types';

interface NodeData extends Record<string, unknown> {
  node: DraftNode;
  state: NodeExecutionState['state'] | null;
  problems: string[];
}

type FlowNode = Node<NodeData, 'workflow'>;

function WorkflowNodeView({ data, selected }: NodeProps<FlowNode>) {
  const { node, state, problems } = data;
  const classes = ['wf-node', `kind-${node.kind}`];
  if (state) classes.push(`state-${state.toLowerCase()}`);
  if (problems.length) classes.push('has-problem');
  if (selected) classes.push('selected');
  return (
    <div className={classes.join(' ')} data-node-id={node.id} data-state={state ?? undefined}>
      <Handle type="target" position={Position.Left} />
      <div className="wf-node-kind">{node.kind}</div>
      <div className="wf-node-id">{node.label || node.id}</div>
      {node.label && <div className="wf-node-sub">{node.id}</div>}
      {state && <div className="wf-node-state">{state}</div>}
      {problems.length > 0 && (
        <div className="wf-node-problem" role="note">
          {problems[0]}
        </div>
      )}
      {node.kind === 'logic' ? (
        EDGE_BRANCHES.map((b, i) => (
          <Handle
            key={b}
            id={b}
            type="source"
            position={Position.Right}
            style={{ top: `${25 + i * 25}%` }}
            className={`branch-handle branch-${b}`}
            title={b}
            aria-label={`${b} branch`}
          >
            <span className="branch-label">{b}</span>
          </Handle>
        ))
      ) : node.kind !== 'end' ? (
        <Handle type="source" position={Position.Right} />
      ) : null}
    </div>
  );
}

const nodeTypes = { workflow: WorkflowNodeView };

export function GraphCanvas(props: {
  graph: DraftGraph;
  /** An earlier run opened from the history: nodes neither move nor connect. */
  readOnly?: boolean;
  positions: Positions;
  selectedId: string | null;
  states: Map<string, NodeExecutionState>;
  problems: Map<string, string[]>;
  onSelect: (id: string | null) => void;
  onMove: (id: string, pos: { x: number; y: number }) => void;
  onConnect: (from: string, to: string, branch: EdgeBranch | null) => void;
}) {
  const { graph, positions, selectedId, states, problems } = props;

  const nodes: FlowNode[] = useMemo(
    () =>
      graph.nodes.map((node) => ({
        id: node.id,
        type: 'workflow',
        position: positions[node.id] ?? { x: 0, y: 0 },
        selected: node.id === selectedId,
        data: {
          node,
          state: states.get(node.id)?.state ?? null,
          problems: problems.get(node.id) ?? [],
        },
        ariaLabel: `${node.kind} node ${node.id}`,
      })),
    [graph.nodes, positions, selectedId, states, problems],
  );

  const edges: Edge[] = useMemo(
    () =>
      graph.edges.map((e) => ({
        // The branch is part of the id: then and else to the same node are two edges.
        id: `${e.from}->${e.to}${e.branch ? `:${e.branch}` : ''}`,
        source: e.from,
        target: e.to,
        sourceHandle: e.branch ?? undefined,
        label: e.branch ?? undefined,
        className: e.branch ? `edge-${e.branch}` : undefined,
        markerEnd: { type: MarkerType.ArrowClosed, width: 18, height: 18 },
        // Two branches between the same nodes would draw on top of each other: bend them apart.
        type: e.branch ? 'smoothstep' : 'default',
        pathOptions: e.branch ? { offset: 20 + EDGE_BRANCHES.indexOf(e.branch) * 20 } : undefined,
      })),
    [graph.edges],
  );

  const onNodesChange = (changes: NodeChange<FlowNode>[]) => {
    for (const change of changes) {
      if (change.type === 'position' && change.position) props.onMove(change.id, change.position);
      if (change.type === 'select' && change.selected) props.onSelect(change.id);
    }
  };

  const onConnect = (c: Connection) => {
    const source = graph.nodes.find((n) => n.id === c.source);
    const branch =
      source?.kind === 'logic' && c.sourceHandle ? (c.sourceHandle as EdgeBranch) : null;
    props.onConnect(c.source, c.target, branch);
  };

  return (
    <div className="canvas" aria-label="Workflow graph">
      <ReactFlow<FlowNode, Edge>
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        onNodesChange={onNodesChange}
        onConnect={onConnect}
        onPaneClick={() => props.onSelect(null)}
        fitView
        minZoom={0.3}
        proOptions={{ hideAttribution: true }}
        deleteKeyCode={null}
        nodesDraggable={!props.readOnly}
        nodesConnectable={!props.readOnly}
      >
        <Background />
        <Controls showInteractive={false} />
        <MiniMap pannable zoomable ariaLabel="Mini map" />
      </ReactFlow>
    </div>
  );
}
