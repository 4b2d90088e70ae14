import { FormEvent, useCallback, useEffect, useState } from 'react';
import { api } from './api';
import { starterGraph } from './graph';
import type { Workflow } from './types';

interface Page {
  items: Workflow[];
  total: number;
}

export function WorkflowList({ onOpen }: { onOpen: (id: string) => void }) {
  const [items, setItems] = useState<Workflow[] | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const page = await api<Page>('GET', '/workflows?limit=500');
      setItems(page.items);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const wf = await api<Workflow>('POST', '/workflows', { name, graph: starterGraph() });
      onOpen(wf.id);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  const remove = async (wf: Workflow) => {
    if (!window.confirm(`Delete workflow "${wf.name}"?`)) return;
    try {
      await api('DELETE', `/workflows/${wf.id}`);
      await load();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <section className="card list" aria-labelledby="list-title">
      <h2 id="list-title">Workflows</h2>
      <form className="row" onSubmit={create}>
        <label>
          New workflow name
          <input required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
        </label>
        <button type="submit">Create</button>
      </form>
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {items === null ? (
        <p>Loading…</p>
      ) : items.length === 0 ? (
        <p>No workflows yet.</p>
      ) : (
        <ul className="workflows">
          {items.map((wf) => (
            <li key={wf.id}>
              <span className="wf-name">{wf.name}</span>
              <button type="button" onClick={() => onOpen(wf.id)}>
                Open <span className="sr-only">{wf.name}</span>
              </button>
              <button type="button" className="danger" onClick={() => void remove(wf)}>
                Delete <span className="sr-only">{wf.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
