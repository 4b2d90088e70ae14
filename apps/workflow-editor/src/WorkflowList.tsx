import { FormEvent, useCallback, useEffect, useState } from 'react';
import type { Schemas } from '@sports/health-client';
import { requestGraph, starterGraph } from './graph';
import { client, errorText, fieldErrors } from './session/client';
import { withSession } from './session/relogin';
import { duplicateWorkflow, importWorkflow } from './transfer';

type Workflow = Schemas['WorkflowResponse'];

export function WorkflowList({ onOpen }: { onOpen: (id: string) => void }) {
  const [items, setItems] = useState<Workflow[] | null>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      const { data } = await withSession(() =>
        client.GET('/api/workflows', { params: { query: { limit: 100 } } }),
      );
      setItems(data?.items ?? []);
    } catch (err) {
      setError(errorText(err));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setNameError(null);
    try {
      const { data } = await withSession(() =>
        client.POST('/api/workflows', { body: { name, graph: requestGraph(starterGraph()) } }),
      );
      if (data) onOpen(data.id);
    } catch (err) {
      const field = fieldErrors(err).get('name');
      if (field) setNameError(field);
      else setError(errorText(err));
    }
  };

  const duplicate = async (wf: Workflow) => {
    setError(null);
    try {
      await duplicateWorkflow(wf.id);
      await load();
    } catch (err) {
      setError(errorText(err));
    }
  };

  const importFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    try {
      const id = await importWorkflow(file);
      if (id) onOpen(id);
    } catch (err) {
      setError(`Not imported: ${errorText(err)}`);
    }
  };

  const remove = async (wf: Workflow) => {
    if (!window.confirm(`Delete workflow "${wf.name}"?`)) return;
    try {
      await withSession(() =>
        client.DELETE('/api/workflows/{id}', { params: { path: { id: wf.id } } }),
      );
      await load();
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <section className="card list" aria-labelledby="list-title">
      <h2 id="list-title">Workflows</h2>
      <form className="row" onSubmit={create}>
        <label>
          New workflow name
          <input
            required
            maxLength={200}
            value={name}
            aria-invalid={nameError !== null}
            aria-describedby={nameError ? 'new-name-error' : undefined}
            onChange={(e) => setName(e.target.value)}
          />
          {nameError && (
            <span className="error field-error" id="new-name-error">
              {nameError}
            </span>
          )}
        </label>
        <button type="submit">Create</button>
      </form>
      <label className="import">
        Import workflow (JSON)
        <input
          type="file"
          accept="application/json,.json"
          onChange={(e) => void importFile(e.target.files?.[0])}
        />
      </label>
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
              <button type="button" onClick={() => void duplicate(wf)}>
                Duplicate <span className="sr-only">{wf.name}</span>
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
