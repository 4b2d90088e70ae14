// Where nodes go on the canvas: saved positions first, a free spot in the visible part of the
// canvas for new nodes (so a node added after panning or zooming is never off-screen).
import { autoLayout, type Positions } from './graph';
import type { DraftGraph } from './types';

export interface Point {
  x: number;
  y: number;
}

/** The part of the canvas on screen, in canvas coordinates. */
export interface Area extends Point {
  width: number;
  height: number;
}

/** What the canvas tells the editor about its view (GraphCanvas provides it). */
export interface CanvasView {
  visibleArea: () => Area | null;
  /** The nodes on the canvas with their measured sizes, where known. */
  nodeBoxes: () => Area[];
  /** Scrolls the canvas so that a node at this point is in view. */
  reveal: (p: Point) => void;
}

/** About the size of a node on the canvas. */
const NODE_W = 180;
const NODE_H = 100;

/** The saved positions, the automatic layout for nodes without one. */
export function loadedPositions(graph: DraftGraph, saved: Positions | undefined): Positions {
  return { ...autoLayout(graph), ...saved };
}

/** The positions saved with the workflow: those of the graph's nodes. */
export function savedLayout(graph: DraftGraph, positions: Positions): Positions {
  return Object.fromEntries(
    graph.nodes.flatMap((n) => (positions[n.id] ? [[n.id, positions[n.id]]] : [])),
  );
}

/**
 * A spot for a new node: right of `near` (the selected node) when that spot is on screen,
 * otherwise the top left of the visible area; moved down (then right) until it overlaps no node.
 * `boxes` are the nodes as drawn (measured sizes); every position also counts with the usual size.
 */
export function freeSpot(
  positions: Positions,
  area: Area | null,
  near?: Point,
  boxes: Area[] = [],
): Point {
  const gap = 20;
  const width = Math.max(NODE_W, ...boxes.map((b) => b.width));
  const height = Math.max(NODE_H, ...boxes.map((b) => b.height));
  // Nodes not measured yet (just added) count with the usual size.
  const drawn = [
    ...boxes,
    ...Object.values(positions).map((p) => ({ ...p, width: NODE_W, height: NODE_H })),
  ];
  const taken = ({ x, y }: Point) =>
    drawn.some(
      (b) =>
        x < b.x + b.width + gap &&
        b.x < x + width + gap &&
        y < b.y + b.height + gap &&
        b.y < y + height + gap,
    );
  const inside = ({ x, y }: Point) =>
    !area ||
    (x >= area.x &&
      y >= area.y &&
      x + width <= area.x + area.width &&
      y + height <= area.y + area.height);
  const maxX = Math.max(0, ...Object.values(positions).map((p) => p.x));
  let start = near ? { x: near.x + width + 2 * gap, y: near.y } : { x: maxX + 220, y: 40 };
  if (area && !inside(start)) start = { x: area.x + gap, y: area.y + gap };
  const search = (within: (p: Point) => boolean) => {
    for (let column = 0; column < 20; column += 1) {
      for (let row = 0; row < 20; row += 1) {
        const spot = { x: start.x + column * (width + gap), y: start.y + row * (height + gap) };
        if (!within(spot)) break;
        if (!taken(spot)) return spot;
      }
    }
    return null;
  };
  // A full view: the first free spot beyond it (the editor then scrolls it into view).
  return search(inside) ?? search(() => true) ?? start;
}

/** Whether a node at `p` lies wholly inside the visible area. */
export function inView(p: Point, area: Area | null): boolean {
  return (
    !area ||
    (p.x >= area.x &&
      p.y >= area.y &&
      p.x + NODE_W <= area.x + area.width &&
      p.y + NODE_H <= area.y + area.height)
  );
}
