// Undo/redo of graph edits: every change through `record` keeps the graph before it.
import { useCallback, useRef, useState } from 'react';
import type { DraftGraph } from './types';

const LIMIT = 200;

export function useGraphHistory() {
  const past = useRef<DraftGraph[]>([]);
  const future = useRef<DraftGraph[]>([]);
  const [, setVersion] = useState(0);
  const bump = () => setVersion((v) => v + 1);

  /** Call before replacing `current` by a new graph. */
  const record = useCallback((current: DraftGraph) => {
    past.current = [...past.current.slice(-LIMIT + 1), current];
    future.current = [];
    bump();
  }, []);

  /** The graph to show instead of `current`, or null when there is nothing to undo. */
  const undo = useCallback((current: DraftGraph): DraftGraph | null => {
    const previous = past.current.at(-1);
    if (!previous) return null;
    past.current = past.current.slice(0, -1);
    future.current = [current, ...future.current];
    bump();
    return previous;
  }, []);

  const redo = useCallback((current: DraftGraph): DraftGraph | null => {
    const next = future.current[0];
    if (!next) return null;
    future.current = future.current.slice(1);
    past.current = [...past.current, current];
    bump();
    return next;
  }, []);

  const reset = useCallback(() => {
    past.current = [];
    future.current = [];
    bump();
  }, []);

  return {
    record,
    undo,
    redo,
    reset,
    canUndo: past.current.length > 0,
    canRedo: future.current.length > 0,
  };
}
