import fc from 'fast-check';
import type { Response } from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import type { TestDb } from './test-db';
import { acceptableArb, type Schema, toJsonText, type ValueContext } from './fuzz/fuzz-values';
import {
  type OpenApiDocument,
  type Operation,
  operationsOf,
  schemaResolver,
} from './fuzz/openapi-operations';
import { installRowChangeLog } from './fuzz/row-change-log';

/**
 * Media types a JSON body is sent with instead of the route's own (`undefined`: no
 * Content-Type at all). None of them may be read as JSON.
 */
export const OTHER_MEDIA_TYPES: (string | undefined)[] = [
  'text/plain;charset=UTF-8',
  'text/plain',
  undefined,
  'application/x-www-form-urlencoded',
  'application/xml',
  'text/json',
  'application/jsonx',
  'application/json-patch+json',
  'multipart/form-data; boundary=x',
];

export interface MediaTypeRefusalOptions {
  http: TestAgent;
  db: Pick<TestDb, 'query'>;
  /** Headers of a caller who may use (nearly) every route: an administrator. */
  headers: Record<string, string>;
  seed: number;
  /** Generated requests per operation (default 3). */
  runs?: number;
}

export interface MediaTypeRefusalReport {
  /** `METHOD /path` of every operation tried. */
  operations: string[];
  requests: number;
  /** Answers per status. */
  statuses: Record<number, number>;
  /** Operations answered 415 (the others were refused before their body was read). */
  refused: string[];
  failures: string[];
}

/** Refusals that may come before a body is read: the caller is not let through. */
const BEFORE_THE_BODY = new Set([401, 403, 404]);

/**
 * Property over the service's own OpenAPI document: for every operation whose request body is
 * JSON, a valid-looking JSON body (generated from the operation's schema) sent with any other
 * media type, or with none, is refused with 415 UNSUPPORTED_MEDIA_TYPE problem+json, or with a
 * 401/403/404 that comes before the body is read, and no table changes. Upload operations
 * (multipart/form-data) get the same body as application/json: 415 too.
 */
export async function jsonBodiesOfOtherMediaTypesAreRefused(
  options: MediaTypeRefusalOptions,
): Promise<MediaTypeRefusalReport> {
  const doc = (await options.http.get('/api/docs-json')).body as OpenApiDocument;
  const resolve = schemaResolver(doc);
  const ctx: ValueContext = { hostile: false, resolve, known: () => [] };
  const changes = await installRowChangeLog(options.db);
  const report: MediaTypeRefusalReport = {
    operations: [],
    requests: 0,
    statuses: {},
    refused: [],
    failures: [],
  };
  try {
    await changes.takeChangedTables();
    for (const op of operationsOf(doc)) {
      if (!op.body) continue;
      const json = op.body.contentType.endsWith('json');
      if (!json && op.body.contentType !== 'multipart/form-data') continue;
      report.operations.push(op.id);
      // An upload operation gets JSON as JSON: its own media type is multipart/form-data.
      const types = json ? OTHER_MEDIA_TYPES : ['application/json'];
      const bodySchema = json ? op.body.schema : {};
      const request = fc.record({
        path: pathArb(op, ctx),
        body: acceptableArb(bodySchema, ctx).map((v) => toJsonText(v ?? {})),
        type: fc.constantFrom(...types),
      });
      let failure: string | undefined;
      await fc
        .assert(
          fc.asyncProperty(request, async ({ path, body, type }) => {
            report.requests += 1;
            const res = await send(options, op, path, body, type);
            report.statuses[res.status] = (report.statuses[res.status] ?? 0) + 1;
            const changed = await changes.takeChangedTables();
            failure = judge(res, changed);
            if (failure) failure = `${op.id} as ${type ?? '(no Content-Type)'}: ${failure}`;
            else if (res.status === 415 && !report.refused.includes(op.id))
              report.refused.push(op.id);
            return failure === undefined;
          }),
          { seed: options.seed, numRuns: options.runs ?? 3, endOnFailure: true },
        )
        .catch(() => {
          report.failures.push(failure ?? `${op.id}: the property failed`);
        });
    }
  } finally {
    await changes.remove();
  }
  return report;
}

/** The operation's path with generated values for its parameters. */
function pathArb(op: Operation, ctx: ValueContext): fc.Arbitrary<string> {
  const params = op.parameters.filter((p) => p.in === 'path');
  return fc
    .tuple(...params.map((p) => acceptableArb(p.schema ?? ({ type: 'string' } as Schema), ctx)))
    .map((values) =>
      params.reduce(
        (path, p, i) => path.replace(`{${p.name}}`, encodeURIComponent(String(values[i] || 'x'))),
        op.path,
      ),
    );
}

function send(
  options: MediaTypeRefusalOptions,
  op: Operation,
  path: string,
  body: string,
  type: string | undefined,
): Promise<Response> {
  const req = options.http[op.method](path).set(options.headers);
  // A Buffer goes out as it is, with no Content-Type of superagent's choosing.
  return type === undefined
    ? req.send(Buffer.from(body))
    : req.set('Content-Type', type).send(body);
}

/** Undefined when the answer keeps the rule, else what is wrong with it. */
function judge(res: Response, changed: string[]): string | undefined {
  if (changed.length) return `answered ${res.status} but changed ${changed.join(', ')}`;
  const problem = String(res.headers['content-type'] ?? '').startsWith('application/problem+json');
  const body = res.body as { code?: unknown; status?: unknown };
  if (res.status === 415) {
    if (!problem || body.code !== 'UNSUPPORTED_MEDIA_TYPE' || body.status !== 415)
      return `415 without an UNSUPPORTED_MEDIA_TYPE problem: ${JSON.stringify(res.body)}`;
    return undefined;
  }
  if (BEFORE_THE_BODY.has(res.status) && problem) return undefined;
  return `answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`;
}
