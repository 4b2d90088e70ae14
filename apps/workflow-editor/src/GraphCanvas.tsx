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
import { useMemo, useRef, useState } from 'react';
import {
  EDGE_BRANCHES,
  type EdgeBranch,
  type NodeExecutionState,
  type NodeKind,
  type WorkflowEdge,
} from '@sports/workflow-engine';
import type { Positions } from './graph';
import type { CanvasView, Point } from './layout';
import { droppedKind, PALETTE_MIME } from './palette/NodePalette';
import type { DraftGraph, DraftNode } from './types';

/** The branch is part of the id: then and else to the same node are two edges. */
export const edgeId = (e: WorkflowEdge) => `${e.from}->${e.to}${e.branch ? `:${e.branch}` : ''}`;

/** Minimap colours, as the node borders on the canvas. */
const KIND_COLORS: Record<NodeKind, string> = {
  analysis: '#1f5fbf',
  logic: '#b26a00',
  join: '#6a1b9a',
  end: '#1d232b',
};

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
  selectedEdge: string | null;
  states: Map<string, NodeExecutionState>;
  problems: Map<string, string[]>;
  onSelect: (id: string | null) => void;
  onSelectEdge: (id: string) => void;
  onDropKind: (kind: NodeKind, at: Point) => void;
  onReady: (view: CanvasView) => void;
  onMove: (id: string, pos: { x: number; y: number }) => void;
  /** A drag of nodes begins (after the pointer moved: a click is no drag). */
  onMoveStart: () => void;
  onConnect: (from: string, to: string, branch: EdgeBranch | null) => void;
}) {
  const { graph, positions, selectedId, selectedEdge, states, problems } = props;
  const wrapper = useRef<HTMLDivElement>(null);
  const toFlow = useRef<((p: Point) => Point) | null>(null);
  /** The nodes' measured sizes: the minimap draws only nodes with a size. */
  const [sizes, setSizes] = useState<Record<string, { width: number; height: number }>>({});

  const nodes: FlowNode[] = useMemo(
    () =>
      graph.nodes.map((node) => ({
        id: node.id,
        type: 'workflow',
        position: positions[node.id] ?? { x: 0, y: 0 },
        measured: sizes[node.id],
        selected: node.id === selectedId,
        data: {
          node,
          state: states.get(node.id)?.state ?? null,
          problems: problems.get(node.id) ?? [],
        },
        ariaLabel: `${node.kind} node ${node.id}`,
      })),
    [graph.nodes, positions, selectedId, states, problems, sizes],
  );

  const edges: Edge[] = useMemo(
    () =>
      graph.edges.map((e) => ({
        id: edgeId(e),
        selected: edgeId(e) === selectedEdge,
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
    [graph.edges, selectedEdge],
  );

  const onNodesChange = (changes: NodeChange<FlowNode>[]) => {
    for (const change of changes) {
      if (change.type === 'position' && change.position) props.onMove(change.id, change.position);
      if (change.type === 'select' && change.selected) props.onSelect(change.id);
      if (change.type === 'dimensions' && change.dimensions) {
        const { id, dimensions } = change;
        setSizes((s) => ({ ...s, [id]: dimensions }));
      }
    }
  };

  const onConnect = (c: Connection) => {
    const source = graph.nodes.find((n) => n.id === c.source);
    const branch =
      source?.kind === 'logic' && c.sourceHandle ? (c.sourceHandle as EdgeBranch) : null;
    props.onConnect(c.source, c.target, branch);
  };

  return (
    <div className="canvas" aria-label="Workflow graph" ref={wrapper}>
      <ReactFlow<FlowNode, Edge>
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        onNodesChange={onNodesChange}
        onNodeDragStart={() => props.onMoveStart()}
        onConnect={onConnect}
        onEdgeClick={(_, edge) => props.onSelectEdge(edge.id)}
        onInit={(flow) => {
          toFlow.current = (p) => flow.screenToFlowPosition(p);
          props.onReady({
            visibleArea: () => {
              const r = wrapper.current?.getBoundingClientRect();
              if (!r) return null;
              const a = flow.screenToFlowPosition({ x: r.left, y: r.top });
              const b = flow.screenToFlowPosition({ x: r.right, y: r.bottom });
              return { ...a, width: b.x - a.x, height: b.y - a.y };
            },
            nodeBoxes: () =>
              flow
                .getNodes()
                .flatMap((n) =>
                  n.measured?.width && n.measured.height
                    ? [{ ...n.position, width: n.measured.width, height: n.measured.height }]
                    : [],
                ),
            reveal: (p) => void flow.setCenter(p.x + 90, p.y + 50, { zoom: flow.getZoom() }),
          });
        }}
        onDragOver={(e) => {
          if (!e.dataTransfer.types.includes(PALETTE_MIME)) return;
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
        }}
        onDrop={(e) => {
          const kind = droppedKind(e.dataTransfer);
          if (!kind || !toFlow.current) return;
          e.preventDefault();
          // The node's middle under the pointer.
          const at = toFlow.current({ x: e.clientX, y: e.clientY });
          props.onDropKind(kind, { x: at.x - 70, y: at.y - 25 });
        }}
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
        <MiniMap<FlowNode>
          pannable
          zoomable
          ariaLabel="Mini map"
          nodeColor={(n) => KIND_COLORS[n.data.node.kind]}
          nodeClassName={(n) => `kind-${n.data.node.kind}`}
        />
      </ReactFlow>
    </div>
  );
}
