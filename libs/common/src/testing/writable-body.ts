import type TestAgent from 'supertest/lib/agent';
import type { Schema } from './fuzz/fuzz-values';
import type { OpenApiDocument } from './fuzz/openapi-operations';

type Json = Record<string, unknown>;

/** The served document of each running service (one per test agent). */
const documents = new WeakMap<TestAgent, Promise<OpenApiDocument>>();

function documentOf(http: TestAgent): Promise<OpenApiDocument> {
  let doc = documents.get(http);
  if (!doc) {
    doc = http.get('/api/docs-json').then((res) => {
      if (res.status !== 200) throw new Error(`GET /api/docs-json answered ${res.status}`);
      return res.body as OpenApiDocument;
    });
    documents.set(http, doc);
  }
  return doc;
}

/**
 * The document's path template of `url` (`/api/weight/{id}` of `/api/weight/5f…`): of several
 * that match, the one with the fewest parameters (`/workflows/questions/{key}` before
 * `/workflows/{id}/{part}`).
 */
export function pathTemplateOf(doc: OpenApiDocument, url: string): string | undefined {
  const path = url.split('?')[0];
  const matching = Object.keys(doc.paths).filter((template) =>
    new RegExp(
      `^${template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`,
    ).test(path),
  );
  const params = (template: string) => (template.match(/\{/g) ?? []).length;
  return matching.sort((a, b) => params(a) - params(b))[0];
}

/** The request body schema (JSON) of `method url` in the document. */
export function requestSchemaOf(doc: OpenApiDocument, method: string, url: string): Schema {
  const template = pathTemplateOf(doc, url);
  const operation = template
    ? (doc.paths[template][method] as { requestBody?: { content: Record<string, Json> } })
    : undefined;
  const schema = operation?.requestBody?.content['application/json']?.schema as Schema | undefined;
  if (!schema) throw new Error(`${method.toUpperCase()} ${url}: no JSON request body documented`);
  return schema;
}

/** `$ref` and `allOf` resolved, and of `anyOf`/`oneOf` the first object alternative. */
function resolver(doc: OpenApiDocument): (schema: Schema) => Schema {
  const components = doc.components?.schemas ?? {};
  const resolve = (schema: Schema): Schema => {
    let s = schema;
    for (let hops = 0; s.$ref && hops < 20; hops++) {
      const { $ref, ...rest } = s;
      s = { ...components[$ref.replace('#/components/schemas/', '')], ...rest };
    }
    const alternatives = s.anyOf ?? s.oneOf;
    if (alternatives?.length) {
      const objects = alternatives.map(resolve).filter((a) => a.properties || a.items);
      if (objects.length === 1) return objects[0];
    }
    if (s.allOf?.length) {
      const { allOf, ...rest } = s;
      return allOf
        .map(resolve)
        .reduce<Schema>(
          (acc, p) => ({ ...acc, ...p, properties: { ...acc.properties, ...p.properties } }),
          rest,
        );
    }
    return s;
  };
  return resolve;
}

/** `value` with only the members `schema` declares, at any depth (free-form objects whole). */
function project(value: unknown, schema: Schema, resolve: (s: Schema) => Schema): unknown {
  if (value === null || typeof value !== 'object') return value;
  const s = resolve(schema);
  if (Array.isArray(value))
    return s.items ? value.map((v) => project(v, s.items!, resolve)) : value;
  if (!s.properties) return value;
  const out: Json = {};
  for (const [key, property] of Object.entries(s.properties)) {
    if (key in value) out[key] = project((value as Json)[key], property, resolve);
  }
  return out;
}

/**
 * The body a client writes back unchanged after reading `read`: the members of the read body
 * that the write operation's request body declares (read-only ones such as `id` or
 * `updated_at` left out), at any depth.
 */
export async function writableBody(
  http: TestAgent,
  method: string,
  url: string,
  read: unknown,
): Promise<Json> {
  const doc = await documentOf(http);
  return project(read, requestSchemaOf(doc, method, url), resolver(doc)) as Json;
}
