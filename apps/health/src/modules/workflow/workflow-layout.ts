import { FieldError, ValidationFailedError } from '@sports/common';
import type { WorkflowLayout } from './workflow-definitions.repository';

/** Most positions one layout may hold (far more nodes than an editor can show). */
export const MAX_LAYOUT_ENTRIES = 1000;
/** Largest absolute coordinate of a position. */
export const MAX_LAYOUT_COORDINATE = 1_000_000;

/**
 * Checks a layout sent with a workflow and keeps the positions of the graph's nodes only:
 * positions of node ids the graph does not have are dropped (an editor may still hold nodes it
 * deleted), never refused. Refused with 400 VALIDATION_FAILED: a layout that is not an object,
 * has more than MAX_LAYOUT_ENTRIES entries, or a position that is not `{ x, y }` with finite
 * numbers within ±MAX_LAYOUT_COORDINATE (each bad path listed).
 */
export function checkedLayout(raw: unknown, graph: unknown): WorkflowLayout {
  if (raw === null || raw === undefined) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    throw invalid([{ path: 'layout', message: 'layout must be an object of node positions' }]);
  }
  const entries = Object.entries(raw as Record<string, unknown>);
  if (entries.length > MAX_LAYOUT_ENTRIES) {
    throw invalid([
      { path: 'layout', message: `layout must have at most ${MAX_LAYOUT_ENTRIES} entries` },
    ]);
  }
  const errors: FieldError[] = [];
  const layout: WorkflowLayout = {};
  for (const [id, position] of entries) {
    const problem = positionProblem(position);
    if (problem) errors.push({ path: `layout.${id}`, message: problem });
    else layout[id] = { x: (position as Point).x, y: (position as Point).y };
  }
  if (errors.length > 0) throw invalid(errors);
  return keepNodesOf(layout, graph);
}

/** The positions of the graph's nodes only. */
export function keepNodesOf(layout: WorkflowLayout, graph: unknown): WorkflowLayout {
  const ids = nodeIdsOf(graph);
  return Object.fromEntries(Object.entries(layout).filter(([id]) => ids.has(id)));
}

interface Point {
  x: number;
  y: number;
}

function positionProblem(position: unknown): string | null {
  if (!position || typeof position !== 'object' || Array.isArray(position)) {
    return 'a position must be an object { x, y }';
  }
  const keys = Object.keys(position);
  if (keys.some((key) => key !== 'x' && key !== 'y')) return 'a position has only x and y';
  const { x, y } = position as Record<string, unknown>;
  for (const value of [x, y]) {
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      return 'x and y must be finite numbers';
    }
    if (Math.abs(value) > MAX_LAYOUT_COORDINATE) {
      return `x and y must be between -${MAX_LAYOUT_COORDINATE} and ${MAX_LAYOUT_COORDINATE}`;
    }
  }
  return null;
}

function nodeIdsOf(graph: unknown): Set<string> {
  const nodes = (graph as { nodes?: unknown } | null)?.nodes;
  if (!Array.isArray(nodes)) return new Set();
  return new Set(
    nodes.flatMap((node) =>
      node && typeof (node as { id?: unknown }).id === 'string'
        ? [(node as { id: string }).id]
        : [],
    ),
  );
}

function invalid(errors: FieldError[]): ValidationFailedError {
  return new ValidationFailedError('The layout is invalid.', errors);
}
