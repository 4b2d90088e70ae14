// Unsaved changes: the browser asks before a reload or closing the tab (beforeunload), and the
// app asks before it leaves the editor (list, Back, logout) through `confirmDiscard`.
import { useEffect } from 'react';

let dirty = false;

export function setUnsaved(value: boolean): void {
  dirty = value;
}

export function confirmDiscard(): boolean {
  if (!dirty) return true;
  const ok = window.confirm('Discard unsaved changes?');
  if (ok) dirty = false;
  return ok;
}

export function useBeforeUnload(active: boolean): void {
  useEffect(() => {
    setUnsaved(active);
    if (!active) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      setUnsaved(false);
    };
  }, [active]);
}
