import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type TestAgent from 'supertest/lib/agent';
import { openApiJson } from '../openapi/openapi-json';

/**
 * Fails when the document served at /api/docs-json differs from the committed `file`
 * (apps/<service>/openapi.json), naming the first difference and the command that fixes it.
 */
export async function expectCommittedOpenApi(http: TestAgent, file: string): Promise<void> {
  const res = await http.get('/api/docs-json');
  if (res.status !== 200) throw new Error(`GET /api/docs-json answered ${res.status}`);
  const served = openApiJson(res.body);
  const name = relative(process.cwd(), file) || file;
  let committed: string;
  try {
    committed = readFileSync(file, 'utf8');
  } catch {
    throw new Error(`${name} is missing: run pnpm openapi:write and commit the file`);
  }
  if (committed === served) return;
  const at = firstDifference(JSON.parse(committed), JSON.parse(served), '');
  throw new Error(
    `${name} differs from the served /api/docs-json (first difference at ${at || 'the root'}): ` +
      'run pnpm openapi:write and commit the file',
  );
}

function firstDifference(a: unknown, b: unknown, path: string): string | undefined {
  if (a === b) return undefined;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null)
    return `${path}: committed ${JSON.stringify(a)}, served ${JSON.stringify(b)}`;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const found = firstDifference(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      `${path}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`,
    );
    if (found) return found;
  }
  return undefined;
}
