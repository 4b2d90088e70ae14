import { Logger } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import fastJson, { type AnySchema, type Schema as FjsSchema } from 'fast-json-stringify';
import { operationsOf } from '../openapi/contract-document';

/** `schema`: JSON bodies written by serializers compiled from the document; `json`: JSON.stringify. */
export type ResponseSerializerMode = 'schema' | 'json';

export type Serialize = (body: unknown) => string;

/** `/api/weight/:id` (Express) as `/api/weight/{id}` (OpenAPI). */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

type Schema = Record<string, unknown>;
type ResponseObject = { content?: Record<string, { schema?: Schema }> };

/** Keywords whose value maps names (not keywords) to schemas. */
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'schemas']);

/** The external schema the `$ref`s of every compiled schema point into. */
const DOCUMENT_ID = 'doc';

/**
 * A copy of an OpenAPI 3.1 schema as fast-json-stringify reads it for writing (not checking):
 * `#/components/...` references point into the external schema `doc`; `required` is removed
 * (a missing property is left out as JSON.stringify does, instead of failing the response, and
 * properties keep their declared order); an object schema that declares no property is
 * free-form (its members are written as they are, not dropped).
 */
export function writableSchema(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(writableSchema);
  if (!node || typeof node !== 'object') return node;
  const schema: Schema = {};
  for (const [key, value] of Object.entries(node as Schema)) {
    if (key === 'required' && Array.isArray(value)) continue;
    if (key === 'example' || key === 'examples' || key === 'description') continue;
    if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/'))
      schema.$ref = `${DOCUMENT_ID}${value}`;
    else if (NAME_MAPS.has(key) && value && typeof value === 'object' && !Array.isArray(value))
      schema[key] = Object.fromEntries(
        Object.entries(value as Schema).map(([name, property]) => [name, writableSchema(property)]),
      );
    else if (key === 'enum' || key === 'const' || key === 'default') schema[key] = value;
    else schema[key] = writableSchema(value);
  }
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (
    types.includes('object') &&
    schema.properties === undefined &&
    schema.additionalProperties === undefined &&
    schema.patternProperties === undefined &&
    schema.allOf === undefined &&
    schema.anyOf === undefined &&
    schema.oneOf === undefined
  )
    schema.additionalProperties = true;
  return schema;
}

/** Per operation and status: the serializer of each JSON media type. */
type OperationSerializers = Map<number, Map<string, Serialize>>;

/**
 * The serializers of one OpenAPI document: for every operation, every 2xx status and every JSON
 * media type with a schema, a fast-json-stringify function compiled at start-up. Properties the
 * schema does not declare are not written. A schema it cannot compile is written by
 * JSON.stringify (the operations are logged once).
 */
export class ResponseSerializers {
  private readonly operations = new Map<string, OperationSerializers>();
  /** Operations whose schema could not be compiled, with the reason. */
  readonly uncompiled: { operation: string; reason: string }[] = [];

  constructor(document: OpenAPIObject) {
    const external = {
      [DOCUMENT_ID]: {
        $id: DOCUMENT_ID,
        components: writableSchema({ schemas: document.components?.schemas ?? {} }),
      },
    };
    for (const { path, method, operation } of operationsOf(document)) {
      const name = `${method.toUpperCase()} ${path}`;
      const statuses: OperationSerializers = new Map();
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (!/^2\d\d$/.test(status)) continue;
        const media = new Map<string, Serialize>();
        for (const [type, content] of Object.entries((response as ResponseObject).content ?? {})) {
          if (!/json/.test(type) || !content.schema) continue;
          try {
            media.set(
              type.toLowerCase(),
              fastJson(writableSchema(content.schema) as AnySchema, {
                schema: external as unknown as Record<string, FjsSchema>,
              }) as Serialize,
            );
          } catch (error) {
            this.uncompiled.push({
              operation: `${name} ${status} ${type}`,
              reason: error instanceof Error ? error.message : String(error),
            });
          }
        }
        if (media.size) statuses.set(Number(status), media);
      }
      if (statuses.size) this.operations.set(name, statuses);
    }
  }

  /**
   * The serializer of a response: `GET /api/weight/{id}` answering 200 with `contentType`
   * (absent: `application/json`, or the operation's only JSON media type).
   */
  find(operation: string, status: number, contentType?: string): Serialize | undefined {
    const media = this.operations.get(operation)?.get(status);
    if (!media) return undefined;
    const type = contentType?.split(';')[0].trim().toLowerCase() ?? 'application/json';
    const found = media.get(type);
    if (found || contentType !== undefined || media.size !== 1) return found;
    return media.values().next().value;
  }
}

type Route = { path?: unknown };

/**
 * Writes every `res.json` body of the application (the JSON answers of its routes) with the
 * serializer of its operation and status, so that no field the document does not declare leaves
 * the service. Bodies without a compiled serializer (undeclared status, non-JSON media type,
 * uncompilable schema) and problem details (written by ProblemDetailsFilter) keep
 * JSON.stringify. A serializer that fails on a body falls back to JSON.stringify (logged once
 * per operation).
 */
export function installResponseSerializer(
  app: NestExpressApplication,
  document: OpenAPIObject,
): ResponseSerializers {
  const log = new Logger('ResponseSerializer');
  const serializers = new ResponseSerializers(document);
  if (serializers.uncompiled.length)
    log.warn(
      `written by JSON.stringify (schema not compilable): ${serializers.uncompiled
        .map((u) => `${u.operation} (${u.reason})`)
        .join('; ')}`,
    );
  // Operation name per Express route object and method, computed once.
  const names = new WeakMap<object, Map<string, string>>();
  const failed = new Set<string>();
  const operationOf = (req: Request): string | undefined => {
    const route = (req as Request & { route?: Route }).route;
    if (!route || typeof route.path !== 'string') return undefined;
    let byMethod = names.get(route);
    if (!byMethod) names.set(route, (byMethod = new Map()));
    const method = req.method === 'HEAD' ? 'GET' : req.method;
    let name = byMethod.get(method);
    if (name === undefined) byMethod.set(method, (name = `${method} ${openApiPath(route.path)}`));
    return name;
  };

  const { response } = app.getHttpAdapter().getInstance() as { response: Response };
  const json = response.json as (this: Response, body: unknown) => Response;
  response.json = function serializedJson(this: Response, body: unknown): Response {
    const operation = operationOf(this.req);
    const contentType = this.getHeader('content-type');
    const serialize =
      operation &&
      serializers.find(
        operation,
        this.statusCode,
        typeof contentType === 'string' ? contentType : undefined,
      );
    if (!serialize) return json.call(this, body);
    let text: string;
    try {
      text = serialize(body);
    } catch (error) {
      if (!failed.has(operation)) {
        failed.add(operation);
        log.warn(
          `${operation} ${this.statusCode}: written by JSON.stringify, the schema serializer failed: ${
            error instanceof Error ? error.message : String(error)
          }`,
        );
      }
      return json.call(this, body);
    }
    if (contentType === undefined) this.setHeader('Content-Type', 'application/json');
    return this.send(text);
  };
  return serializers;
}
