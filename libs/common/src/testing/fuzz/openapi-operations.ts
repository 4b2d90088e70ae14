import type { Schema } from './fuzz-values';

export interface OperationParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

export interface Operation {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Path template of the document, e.g. `/api/clubs/{id}/members`. */
  path: string;
  /** `METHOD /path`, as skip lists name operations. */
  id: string;
  parameters: OperationParameter[];
  body?: { contentType: string; schema: Schema };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, Schema> };
}

interface RawOperation {
  parameters?: OperationParameter[];
  requestBody?: { content: Record<string, { schema?: Schema }> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * Lists first (their answers feed the pools of known ids), then creates, reads of one object,
 * updates, and deletes last, so that objects exist while they are read and changed.
 */
const rank = (op: Operation): number =>
  op.method === 'get'
    ? op.parameters.some((p) => p.in === 'path')
      ? 2
      : 0
    : { post: 1, put: 3, patch: 3, delete: 4, get: 0 }[op.method];

/** Every operation of the document, in the order above. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const raw = item[method];
      if (!raw) continue;
      const content = raw.requestBody?.content ?? {};
      const contentType = Object.keys(content)[0];
      out.push({
        method,
        path,
        id: `${method.toUpperCase()} ${path}`,
        parameters: raw.parameters ?? [],
        body: contentType ? { contentType, schema: content[contentType].schema ?? {} } : undefined,
      });
    }
  }
  return out.sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path));
}

/** `$ref` and `allOf` resolved against the document's components (one level). */
export function schemaResolver(doc: OpenApiDocument): (schema: Schema) => Schema {
  const components = doc.components?.schemas ?? {};
  const resolve = (schema: Schema): Schema => {
    let s = schema;
    for (let hops = 0; s.$ref && hops < 20; hops++) {
      const { $ref, ...rest } = s;
      s = { ...components[$ref.replace('#/components/schemas/', '')], ...rest };
    }
    if (s.allOf?.length) {
      const { allOf, ...rest } = s;
      const parts = allOf.map(resolve);
      s = parts.reduce<Schema>(
        (acc, p) => ({
          ...acc,
          ...p,
          properties: { ...acc.properties, ...p.properties },
          required: [...(acc.required ?? []), ...(p.required ?? [])],
        }),
        rest,
      );
    }
    return s;
  };
  return resolve;
}
