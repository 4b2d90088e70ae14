// Undo/redo of edits: every change through `record` keeps the state before it (the editor's
// graph with its node positions).
import { useCallback, useRef, useState } from 'react';

const LIMIT = 200;

export function useHistory<T>() {
  const past = useRef<T[]>([]);
  const future = useRef<T[]>([]);
  const [, setVersion] = useState(0);
  const bump = () => setVersion((v) => v + 1);

  /** Call before replacing `current` by a new state. */
  const record = useCallback((current: T) => {
    past.current = [...past.current.slice(-LIMIT + 1), current];
    future.current = [];
    bump();
  }, []);

  /** The state to show instead of `current`, or null when there is nothing to undo. */
  const undo = useCallback((current: T): T | null => {
    const previous = past.current.at(-1);
    if (!previous) return null;
    past.current = past.current.slice(0, -1);
    future.current = [current, ...future.current];
    bump();
    return previous;
  }, []);

  const redo = useCallback((current: T): T | null => {
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
