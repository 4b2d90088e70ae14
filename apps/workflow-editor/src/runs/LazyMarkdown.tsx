import { lazy, Suspense } from 'react';

// The renderer and its parser are a chunk of their own, fetched once output is shown.
const Markdown = lazy(() => import('./Markdown'));

/** Markdown output; "Loading…" while the renderer is fetched (the test id comes with it). */
export function LazyMarkdown(props: { text: string; testId?: string }) {
  return (
    <Suspense fallback={<p className="loading">Loading…</p>}>
      <Markdown {...props} />
    </Suspense>
  );
}
