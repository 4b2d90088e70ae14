// The node palette: one entry per node kind, clicked to add a node in view or dragged onto the
// canvas to drop it at the pointer (GraphCanvas reads PALETTE_MIME on drop).
import { NODE_KINDS, type NodeKind } from '@sports/workflow-engine';

export const PALETTE_MIME = 'application/x-workflow-node-kind';

export function NodePalette({ onAdd }: { onAdd: (kind: NodeKind) => void }) {
  return (
    <div className="palette" role="group" aria-label="Node palette">
      {NODE_KINDS.map((kind) => (
        <button
          key={kind}
          type="button"
          className={`palette-item kind-${kind}`}
          draggable
          title="Click to add, or drag onto the canvas"
          onDragStart={(e) => {
            e.dataTransfer.setData(PALETTE_MIME, kind);
            e.dataTransfer.effectAllowed = 'copy';
          }}
          onClick={() => onAdd(kind)}
        >
          Add {kind}
        </button>
      ))}
    </div>
  );
}

/** The node kind a drag from the palette carries, or null for any other drag. */
export function droppedKind(data: DataTransfer): NodeKind | null {
  const kind = data.getData(PALETTE_MIME);
  return (NODE_KINDS as readonly string[]).includes(kind) ? (kind as NodeKind) : null;
}
