// Export and import of a workflow as a JSON file ({ name, description, graph, layout }), and
// the copy of a whole workflow: all through the API, so the server checks what is imported.
import type { Schemas } from '@sports/health-client';
import { client } from './session/client';
import { withSession } from './session/relogin';

type Create = Schemas['CreateWorkflowRequest'];

export function exportWorkflow(workflow: Create): void {
  const body = JSON.stringify(
    {
      name: workflow.name,
      description: workflow.description ?? null,
      graph: workflow.graph,
      layout: workflow.layout ?? {},
    },
    null,
    2,
  );
  const url = URL.createObjectURL(new Blob([body], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${workflow.name.replace(/[^\w.-]+/g, '_') || 'workflow'}.json`;
  link.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Creates a workflow from an exported file; the server refuses what is not a workflow. */
export async function importWorkflow(file: File): Promise<string | undefined> {
  const parsed = JSON.parse(await file.text()) as Partial<Create>;
  const body: Create = {
    name: String(parsed.name ?? file.name.replace(/\.json$/i, '')),
    description: parsed.description ?? null,
    graph: parsed.graph as Create['graph'],
    layout: parsed.layout ?? null,
  };
  const { data } = await withSession(() => client.POST('/api/workflows', { body }));
  return data?.id;
}

/** A copy of a saved workflow under "<name> (copy)". */
export async function duplicateWorkflow(id: string): Promise<string | undefined> {
  const { data: wf } = await withSession(() =>
    client.GET('/api/workflows/{id}', { params: { path: { id } } }),
  );
  if (!wf) return undefined;
  const { data } = await withSession(() =>
    client.POST('/api/workflows', {
      body: {
        name: `${wf.name} (copy)`.slice(0, 200),
        description: wf.description,
        graph: wf.graph,
      },
    }),
  );
  return data?.id;
}
