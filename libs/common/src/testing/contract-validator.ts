import { appendFileSync } from 'node:fs';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { OpenAPIObject } from '@nestjs/swagger';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { NextFunction, Request, Response } from 'express';
import { openApiPath } from '../http/response-serializer';
import { operationsOf } from '../openapi/contract-document';
import { parseEventStream } from './event-stream';

/**
 * Contract tests: every response a test app sends is checked against the operation of the
 * OpenAPI document it answers for (status declared, content type declared, body valid against
 * the schema, a problem's `code` among the operation's codes). A text/event-stream body is
 * checked against its schema's `contentSchema` (`eventStreamSchema`): the list of its events,
 * each `data` parsed as JSON (`{ event, id?, data }`). Mode from `CONTRACT_VALIDATION`:
 * `enforce` (the default; a violation fails the test that caused it), `report` (violations are
 * appended as JSON lines to `CONTRACT_REPORT_FILE`), `off`.
 */
export type ContractMode = 'enforce' | 'report' | 'off';

export function contractMode(): ContractMode {
  const mode = process.env.CONTRACT_VALIDATION ?? 'enforce';
  if (mode !== 'enforce' && mode !== 'report' && mode !== 'off')
    throw new Error(`CONTRACT_VALIDATION must be enforce, report or off, not ${mode}`);
  return mode;
}

export interface ContractViolation {
  operation: string;
  status: number;
  problem: string;
  body?: string;
}

/**
 * Where violations are collected: one object per process, so that an application booted
 * outside a test file's module registry (the shared test apps of `app-pool`) reports into the
 * same list the file's `afterEach` reads (the Jest environment hands it over as a global).
 */
interface ViolationStore {
  list: ContractViolation[];
}
const STORE_KEY = '__contractViolationStore';

function violationStore(): ViolationStore {
  const scope = globalThis as { [STORE_KEY]?: ViolationStore };
  return (scope[STORE_KEY] ??= { list: [] });
}

/** Violations recorded since the last call (and forgets them). */
export function takeContractViolations(): ContractViolation[] {
  const store = violationStore();
  const taken = store.list;
  store.list = [];
  return taken;
}

function record(violation: ContractViolation): void {
  if (contractMode() === 'report') {
    const file = process.env.CONTRACT_REPORT_FILE ?? '/tmp/contract-violations.jsonl';
    appendFileSync(file, `${JSON.stringify(violation)}\n`);
    return;
  }
  violationStore().list.push(violation);
}

/** Compiled on the first response that needs it (most of a document's schemas never are). */
type LazyValidator = () => ValidateFunction;

function lazy(compile: () => ValidateFunction): LazyValidator {
  let compiled: ValidateFunction | undefined;
  return () => (compiled ??= compile());
}

interface CompiledOperation {
  name: string;
  responses: Map<string, Map<string, LazyValidator | null>>;
  codes: Map<string, Set<string>>;
}

type ResponseObject = { content?: Record<string, { schema?: object }> };

const EVENT_STREAM = 'text/event-stream';

/** What a body of `type` is checked against: an event stream's events, any other the body. */
function bodySchema(type: string, schema: object): object | null {
  if (type !== EVENT_STREAM) return schema;
  return (schema as { contentSchema?: object }).contentSchema ?? null;
}

/** The body as the schema sees it (undefined: not checked), or a reason it cannot be read. */
function decodeBody(type: string, body: Buffer): { value?: unknown; problem?: string } {
  const text = body.toString('utf8');
  try {
    if (type === EVENT_STREAM)
      return {
        value: parseEventStream(text).map((e) => ({ ...e, data: JSON.parse(e.data) as unknown })),
      };
    if (/json/.test(type)) return { value: JSON.parse(text) };
    return {};
  } catch {
    return {
      problem: type === EVENT_STREAM ? 'an event’s data is not JSON' : 'the body is not JSON',
    };
  }
}

/** Checks responses against one document. */
export class ContractValidator {
  private readonly operations = new Map<string, CompiledOperation>();

  constructor(document: OpenAPIObject) {
    const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: true });
    addFormats(ajv);

    const refToDoc = (schema: object): object =>
      JSON.parse(
        JSON.stringify(schema).replace(/"#\/components\//g, '"doc#/components/'),
      ) as object;
    const components = closeObjects(JSON.parse(JSON.stringify(document.components ?? {})));
    ajv.addSchema({ $id: 'doc', components: refToDoc(components) });
    for (const { path, method, operation } of operationsOf(document)) {
      const name = `${method.toUpperCase()} ${path}`;
      const responses = new Map<string, Map<string, LazyValidator | null>>();
      const codes = new Map<string, Set<string>>();
      for (const [status, response] of Object.entries(operation.responses)) {
        const media = new Map<string, LazyValidator | null>();
        for (const [type, content] of Object.entries((response as ResponseObject).content ?? {})) {
          const schema = content.schema && bodySchema(type, content.schema);
          media.set(type, schema ? lazy(() => ajv.compile(refToDoc(schema))) : null);
          const allOf = (
            content.schema as { allOf?: { properties?: { code?: { enum?: string[] } } }[] }
          )?.allOf;
          const enumCodes = allOf?.[1]?.properties?.code?.enum;
          if (enumCodes) codes.set(status, new Set(enumCodes));
        }
        responses.set(status, media);
      }
      this.operations.set(name, { name, responses, codes });
    }
  }

  /** The problems of one response, or [] when it matches the contract. */
  check(
    method: string,
    routePath: string,
    status: number,
    contentType: string | undefined,
    body: Buffer | undefined,
  ): ContractViolation[] {
    const name = `${method.toUpperCase()} ${routePath}`;
    const operation = this.operations.get(name);
    const violation = (problem: string): ContractViolation[] => [
      { operation: name, status, problem, body: body?.toString('utf8').slice(0, 500) },
    ];
    if (!operation) return violation('the document has no such operation');
    const declared =
      operation.responses.get(String(status)) ??
      operation.responses.get(`${String(status)[0]}XX`) ??
      operation.responses.get('default');
    if (!declared) return violation(`status ${status} is not declared`);
    const type = contentType?.split(';')[0].trim().toLowerCase();
    if (status === 204 || status === 304 || !type) return [];
    if (declared.size === 0) return violation(`content type ${type} is not declared (none is)`);
    const validator = declared.has(type)
      ? declared.get(type)
      : [...declared.entries()].find(
          ([t]) => t === '*/*' || (t.endsWith('/*') && type.startsWith(t.slice(0, -1))),
        )?.[1];
    if (validator === undefined) return violation(`content type ${type} is not declared`);
    if (!validator || !body) return [];
    const validate = validator();
    const { value: parsed, problem } = decodeBody(type, body);
    if (problem) return violation(problem);
    if (parsed === undefined) return [];
    if (!validate(parsed)) {
      const errors = (validate.errors ?? [])
        .slice(0, 3)
        .map((e) => `${e.instancePath || '/'} ${e.message ?? ''}`.trim())
        .join('; ');
      return violation(`the body does not match the schema: ${errors}`);
    }
    const code = (parsed as { code?: unknown }).code;
    const codes = operation.codes.get(String(status));
    if (type === 'application/problem+json' && codes && !codes.has(String(code)))
      return violation(`code ${String(code)} is not declared for status ${status}`);
    return [];
  }
}

/**
 * Object schemas that list their properties and say nothing of others get
 * `additionalProperties: false`: a field the document does not declare fails the test (members
 * of an `allOf` stay open, the composition as a whole is checked by its other members).
 */
function closeObjects<T>(node: T, inAllOf = false): T {
  if (Array.isArray(node)) {
    node.forEach((item) => closeObjects(item, inAllOf));
    return node;
  }
  if (!node || typeof node !== 'object') return node;
  const schema = node as Record<string, unknown>;
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && value && typeof value === 'object') {
      for (const property of Object.values(value)) closeObjects(property);
    } else closeObjects(value, key === 'allOf');
  }
  if (!inAllOf && schema.properties && schema.additionalProperties === undefined)
    schema.additionalProperties = false;
  return node;
}

const MAX_CAPTURE = 4 * 1024 * 1024;

/** Installs the check on every response of a test app (before its routes are registered). */
export function installContractValidation(
  app: NestExpressApplication,
  document: OpenAPIObject,
): void {
  if (contractMode() === 'off') return;
  const validator = new ContractValidator(document);
  app.use((req: Request, res: Response, next: NextFunction) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const capture = (chunk: unknown, encoding?: unknown): void => {
      if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
      if (size > MAX_CAPTURE) return;
      const buffer = Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(
            chunk as string,
            typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
          );
      size += buffer.length;
      chunks.push(buffer);
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    res.write = ((...args: unknown[]) => {
      capture(args[0], args[1]);
      return write(...args);
    }) as Response['write'];
    res.end = ((...args: unknown[]) => {
      capture(args[0], args[1]);
      return end(...args);
    }) as Response['end'];
    res.on('finish', () => {
      const route = (req as Request & { route?: { path?: unknown } }).route;
      if (!route || typeof route.path !== 'string') return;
      if (req.path.startsWith('/api/docs')) return;
      // A path no operation matched (e.g. `/api/admin/users/{id}/features/` with an empty
      // parameter) ends at the 404 of a wildcard middleware route such as `/api{/*splat}`:
      // there is no operation to check it against. Any other status of such a route is checked
      // (and fails as an undocumented operation).
      if (route.path.includes('*') && res.statusCode === 404) return;
      const contentType = res.getHeader('content-type');
      const checked =
        typeof contentType === 'string' && /json|text\/event-stream/.test(contentType);
      for (const v of validator.check(
        req.method === 'HEAD' ? 'GET' : req.method,
        openApiPath(route.path),
        res.statusCode,
        typeof contentType === 'string' ? contentType : undefined,
        checked && size <= MAX_CAPTURE ? Buffer.concat(chunks) : undefined,
      ))
        record(v);
    });
    next();
  });
}
