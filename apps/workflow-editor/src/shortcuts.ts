// The editor's keyboard shortcuts (as in n8n, Node-RED and React Flow apps). In text fields only
// Ctrl+S applies, so typing and the fields' own undo keep working.
import { useEffect, useRef } from 'react';

export interface ShortcutActions {
  save: () => void;
  undo: () => void;
  redo: () => void;
  deleteSelected: () => void;
  copy: () => void;
  paste: () => void;
  duplicate: () => void;
}

function inTextField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  );
}

export function useShortcuts(actions: ShortcutActions): void {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const a = latest.current;
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && key === 's') {
        e.preventDefault();
        a.save();
        return;
      }
      if (inTextField(e.target)) return;
      const run = (action: () => void) => {
        e.preventDefault();
        action();
      };
      if (mod && key === 'z') run(e.shiftKey ? a.redo : a.undo);
      else if (mod && key === 'y') run(a.redo);
      else if (mod && key === 'c') run(a.copy);
      else if (mod && key === 'v') run(a.paste);
      else if (mod && key === 'd') run(a.duplicate);
      else if (!mod && (e.key === 'Delete' || e.key === 'Backspace')) run(a.deleteSelected);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
