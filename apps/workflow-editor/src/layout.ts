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
 * otherwise the top left of the visible area; moved down (then right) until it covers no node.
 */
export function freeSpot(positions: Positions, area: Area | null, near?: Point): Point {
  const taken = ({ x, y }: Point) =>
    Object.values(positions).some((p) => Math.abs(p.x - x) < NODE_W && Math.abs(p.y - y) < NODE_H);
  const inside = ({ x, y }: Point) =>
    !area ||
    (x >= area.x &&
      y >= area.y &&
      x + NODE_W <= area.x + area.width &&
      y + NODE_H <= area.y + area.height);
  const maxX = Math.max(0, ...Object.values(positions).map((p) => p.x));
  let start = near ? { x: near.x + 220, y: near.y } : { x: maxX + 220, y: 40 };
  if (area && !inside(start)) start = { x: area.x + 20, y: area.y + 20 };
  const step = 110;
  for (let column = 0; column < 20; column += 1) {
    for (let row = 0; row < 20; row += 1) {
      const spot = { x: start.x + column * (NODE_W + 20), y: start.y + row * step };
      if (!inside(spot)) break;
      if (!taken(spot)) return spot;
    }
  }
  return start;
}
