import { HTTP_METHODS } from '../openapi/contract-document';

type Json = Record<string, unknown>;

/**
 * Verbs an operationId may start with, for both services: camelCase, verb first
 * (`listExercises`, `acceptJoinRequest`). A new kind of action adds its verb here, once.
 */
export const OPERATION_VERBS = [
  'list',
  'get',
  'create',
  'replace',
  'update',
  'delete',
  'accept',
  'reject',
  'activate',
  'deactivate',
  'analyze',
  'apply',
  'cancel',
  'change',
  'check',
  'clear',
  'copy',
  'discover',
  'download',
  'export',
  'import',
  'link',
  'login',
  'logout',
  'preview',
  'refresh',
  'register',
  'reorder',
  'reset',
  'resolve',
  'resume',
  'rotate',
  'run',
  'set',
  'sign',
  'start',
  'stream',
  'unlink',
  'upload',
  'validate',
] as const;

const OPERATION_ID = new RegExp(`^(${OPERATION_VERBS.join('|')})([A-Z][a-z0-9]*)*$`);

/** One operation of a document, as the convention checks see it. */
export interface DocumentedOperation {
  /** `GET /api/things/{id}` */
  where: string;
  operation: Json;
}

/** Every operation of an OpenAPI document, with its method and path. */
export function documentedOperations(doc: {
  paths: Record<string, Record<string, unknown>>;
}): DocumentedOperation[] {
  const found: DocumentedOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method] as Json | undefined;
      if (operation) found.push({ where: `${method.toUpperCase()} ${path}`, operation });
    }
  }
  return found;
}

/** JSON pointers of object schemas that say nothing of their members. */
export function untypedObjectSchemas(node: unknown, path = '#'): string[] {
  if (Array.isArray(node))
    return node.flatMap((item, i) => untypedObjectSchemas(item, `${path}/${i}`));
  if (!node || typeof node !== 'object') return [];
  const schema = node as Json;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const described = ['properties', 'additionalProperties', 'allOf', 'oneOf', 'anyOf', '$ref'];
  const here = types.includes('object') && !described.some((key) => key in schema) ? [path] : [];
  return [
    ...here,
    ...Object.entries(schema).flatMap(([key, value]) =>
      untypedObjectSchemas(value, `${path}/${key}`),
    ),
  ];
}

/**
 * What a document breaks of the conventions both services follow: every operation has a
 * summary and a unique verb-first camelCase operationId, path ids are `format: uuid`, and no
 * object schema leaves its members unsaid. Empty when the document keeps them all.
 */
export function operationConventionProblems(doc: {
  paths: Record<string, Record<string, unknown>>;
}): string[] {
  const problems: string[] = [];
  const ids = new Map<string, string>();
  for (const { where, operation } of documentedOperations(doc)) {
    const summary = operation.summary;
    if (typeof summary !== 'string' || !summary.trim()) problems.push(`${where}: no summary`);
    const id = typeof operation.operationId === 'string' ? operation.operationId : '';
    if (!OPERATION_ID.test(id))
      problems.push(`${where}: operationId ${id} is not verb-first camelCase`);
    if (ids.has(id)) problems.push(`${where}: operationId ${id} also names ${ids.get(id)}`);
    ids.set(id, where);
    const parameters = (operation.parameters ?? []) as {
      in: string;
      name: string;
      schema?: Json;
    }[];
    for (const p of parameters) {
      if (p.in === 'path' && /id$/i.test(p.name) && p.schema?.format !== 'uuid')
        problems.push(`${where}: path parameter ${p.name} is not format uuid`);
    }
  }
  for (const at of untypedObjectSchemas(doc))
    problems.push(`${at}: object schema without properties or additionalProperties`);
  return problems;
}
