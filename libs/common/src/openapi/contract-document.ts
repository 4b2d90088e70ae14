import type { OpenAPIObject } from '@nestjs/swagger';
import { errorCatalogueMarkdown, type ErrorCatalogue } from '../errors/error-catalogue';
import { PROBLEM_CONTENT_TYPE } from '../errors/problem-details';
import { ERROR_CODES_EXTENSION } from './api-errors.decorator';

type Json = Record<string, unknown>;
type Operation = {
  operationId?: string;
  summary?: string;
  parameters?: Json[];
  requestBody?: Json;
  security?: unknown[];
  responses: Record<string, Json>;
  [ERROR_CODES_EXTENSION]?: string[];
};

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** Code a bare error response of a status stands for, when its description names none. */
const CODE_OF_STATUS: Record<string, string> = {
  '400': 'VALIDATION_FAILED',
  '401': 'UNAUTHENTICATED',
  '403': 'FORBIDDEN',
  '404': 'NOT_FOUND',
  '409': 'CONFLICT',
  '412': 'PRECONDITION_FAILED',
  '413': 'PAYLOAD_TOO_LARGE',
  '415': 'UNSUPPORTED_MEDIA_TYPE',
  '422': 'UNPROCESSABLE',
  '429': 'RATE_LIMITED',
  '500': 'INTERNAL_ERROR',
  '501': 'NOT_IMPLEMENTED',
  '503': 'SERVICE_UNAVAILABLE',
};

const RETRY_AFTER = {
  description: 'Seconds to wait before retrying',
  schema: { type: 'integer', minimum: 1 },
};

/** Every operation of a document with its path and method. */
export function operationsOf(
  document: OpenAPIObject,
): { path: string; method: string; operation: Operation }[] {
  const found: { path: string; method: string; operation: Operation }[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = (item as Record<string, unknown>)[method] as Operation | undefined;
      if (operation) found.push({ path, method, operation });
    }
  }
  return found;
}

/**
 * Turns the document @nestjs/swagger builds from the code into the contract: OpenAPI 3.1
 * (nullability as `type: [..., "null"]`), the `ProblemDetails` schema, and per operation one
 * problem+json response per error status whose `code` enum lists exactly the codes the
 * operation may answer: those declared with `@ApiErrors`, those named by the descriptions of
 * bare error responses, and those every operation of its kind answers.
 */
export function applyContract(document: OpenAPIObject, catalogue: ErrorCatalogue): OpenAPIObject {
  document.openapi = '3.1.0';
  document.components ??= {};
  const schemas = (document.components.schemas ??= {}) as Record<string, Json>;
  Object.assign(schemas, problemSchemas(catalogue));
  for (const { path, method, operation } of operationsOf(document)) {
    // Public operations say so (an empty requirement) instead of leaving security undefined.
    operation.security ??= [];
    const codes = codesOf(operation, catalogue, `${method.toUpperCase()} ${path}`);
    for (const [status, list] of byStatus(codes, catalogue)) {
      const previous = operation.responses[status] as { description?: string } | undefined;
      operation.responses[status] = problemResponse(status, list, catalogue, previous);
    }
  }
  toOpenApi31(document);
  return document;
}

function codesOf(operation: Operation, catalogue: ErrorCatalogue, where: string): Set<string> {
  const codes = new Set<string>(operation[ERROR_CODES_EXTENSION] ?? []);
  delete operation[ERROR_CODES_EXTENSION];
  for (const code of codes) {
    if (!catalogue[code])
      throw new Error(`${where} declares error code ${code}, not in the catalogue`);
  }
  for (const [status, response] of Object.entries(operation.responses)) {
    if (!/^[45]\d\d$/.test(status)) continue;
    const named = String(response.description ?? '')
      .match(/\b[A-Z][A-Z0-9_]{2,}\b/g)
      ?.filter((word) => catalogue[word]?.status === Number(status));
    if (named?.length) named.forEach((code) => codes.add(code));
    else if (CODE_OF_STATUS[status]) codes.add(CODE_OF_STATUS[status]);
  }
  codes.add('SERVICE_UNAVAILABLE');
  if (operation.security?.length) codes.add('UNAUTHENTICATED');
  if (operation.requestBody || operation.parameters?.length) codes.add('VALIDATION_FAILED');
  if (operation.requestBody) {
    codes.add('PAYLOAD_TOO_LARGE');
    codes.add('UNSUPPORTED_MEDIA_TYPE');
  }
  return codes;
}

function byStatus(codes: Set<string>, catalogue: ErrorCatalogue): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const code of [...codes].sort()) {
    const status = String(catalogue[code].status);
    groups.set(status, [...(groups.get(status) ?? []), code]);
  }
  return groups;
}

function problemResponse(
  status: string,
  codes: string[],
  catalogue: ErrorCatalogue,
  previous?: { description?: string },
): Json {
  const listed = codes.map((code) => `\`${code}\` (${catalogue[code].title})`).join(', ');
  const own = previous?.description?.trim();
  return {
    description: own && own !== 'Unauthorized' ? `${own}. Codes: ${listed}` : `Codes: ${listed}`,
    ...(status === '503' || status === '429' ? { headers: { 'Retry-After': RETRY_AFTER } } : {}),
    content: {
      [PROBLEM_CONTENT_TYPE]: {
        schema: {
          allOf: [
            { $ref: '#/components/schemas/ProblemDetails' },
            { type: 'object', properties: { code: { type: 'string', enum: codes } } },
          ],
        },
      },
    },
  };
}

function problemSchemas(catalogue: ErrorCatalogue): Record<string, Json> {
  return {
    ErrorCode: {
      type: 'string',
      description: `Every code the service answers, with its status and meaning:\n\n${errorCatalogueMarkdown(catalogue)}`,
      enum: Object.keys(catalogue).sort(),
    },
    FieldError: {
      type: 'object',
      required: ['path', 'message'],
      properties: {
        path: { type: 'string', description: 'The field, e.g. `entries[2].date` or `id`' },
        message: { type: 'string' },
      },
    },
    ProblemDetails: {
      type: 'object',
      description:
        'RFC 9457 problem details. `code` is the stable machine code to switch on; other members may be added per code (e.g. `missing_features`, `retry_after_seconds`).',
      required: ['type', 'title', 'status', 'detail', 'code'],
      properties: {
        type: { type: 'string', description: 'urn:problem:<code in kebab case>' },
        title: { type: 'string' },
        status: { type: 'integer', minimum: 400, maximum: 599 },
        detail: { type: 'string' },
        code: { $ref: '#/components/schemas/ErrorCode' },
        errors: { type: 'array', items: { $ref: '#/components/schemas/FieldError' } },
        hint: { type: 'string' },
        request_id: { type: 'string' },
      },
      additionalProperties: true,
    },
  };
}

/** OpenAPI 3.0 idioms @nestjs/swagger emits, rewritten as 3.1 (JSON Schema 2020-12). */
export function toOpenApi31(node: unknown): void {
  if (Array.isArray(node)) {
    node.forEach(toOpenApi31);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  for (const value of Object.values(schema)) toOpenApi31(value);
  if (schema.nullable === true) {
    delete schema.nullable;
    // A nullable reference (@nestjs/swagger: `{ type: 'object', nullable, allOf: [$ref] }`)
    // becomes `anyOf: [ref, null]`: `type: [object, null]` beside the `allOf` would still
    // require the referenced object.
    const composed = ['$ref', 'allOf', 'oneOf', 'anyOf'].some((key) => key in schema);
    if (composed && schema.type === 'object') delete schema.type;
    if (typeof schema.type === 'string') {
      schema.type = [schema.type, 'null'];
      // A copy: @nestjs/swagger hands over the application's own enum arrays.
      if (Array.isArray(schema.enum) && !schema.enum.includes(null))
        schema.enum = [...(schema.enum as unknown[]), null];
    } else if (Array.isArray(schema.type)) {
      if (!schema.type.includes('null')) schema.type.push('null');
    } else {
      const inner: Json = {};
      for (const key of ['$ref', 'allOf', 'oneOf', 'anyOf', 'properties', 'items']) {
        if (key in schema) {
          inner[key] = schema[key];
          delete schema[key];
        }
      }
      schema.anyOf = [inner, { type: 'null' }];
    }
  } else if (schema.nullable === false) delete schema.nullable;
  // An enum that lists null allows null whatever its type says.
  if (Array.isArray(schema.enum) && schema.enum.includes(null) && typeof schema.type === 'string')
    schema.type = [schema.type, 'null'];
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof schema[flag] === 'boolean') {
      if (schema[flag] && typeof schema[bound] === 'number') {
        schema[flag] = schema[bound];
        delete schema[bound];
      } else delete schema[flag];
    }
  }
}
