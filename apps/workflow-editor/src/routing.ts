// URL routing of the single page: /editor/ is the list, /editor/workflows/<id> one workflow.
// pushState on open, popstate for Back and Forward; a reload opens the same view again.
import { useEffect, useState } from 'react';

const BASE = '/editor/';
const WORKFLOW = /^\/editor\/workflows\/([^/]+)\/?$/;

export function workflowPath(id: string): string {
  return `${BASE}workflows/${encodeURIComponent(id)}`;
}

export function listPath(): string {
  return BASE;
}

function openIdOf(pathname: string): string | null {
  const match = WORKFLOW.exec(pathname);
  return match ? decodeURIComponent(match[1]) : null;
}

/**
 * The workflow the URL names (null: the list) and `navigate`. `mayLeave` is asked before a
 * change of view (Back included); when it says no, the URL goes back to the current view.
 */
export function useRoute(mayLeave: () => boolean) {
  const [openId, setOpenId] = useState(() => openIdOf(window.location.pathname));

  useEffect(() => {
    const onPop = () => {
      const next = openIdOf(window.location.pathname);
      if (next === openId) return;
      if (!mayLeave()) {
        window.history.pushState(null, '', openId ? workflowPath(openId) : listPath());
        return;
      }
      setOpenId(next);
    };
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [openId, mayLeave]);

  const navigate = (id: string | null, { replace = false } = {}) => {
    if (id !== openId && !mayLeave()) return;
    const path = id ? workflowPath(id) : listPath();
    if (replace) window.history.replaceState(null, '', path);
    else if (window.location.pathname !== path) window.history.pushState(null, '', path);
    setOpenId(id);
  };

  return { openId, navigate };
}
