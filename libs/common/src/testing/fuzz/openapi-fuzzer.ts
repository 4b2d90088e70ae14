import { createHash } from 'node:crypto';
import fc from 'fast-check';
import type { Response } from 'supertest';
import type TestAgent from 'supertest/lib/agent';
import type { TestDb } from '../test-db';
import {
  acceptableArb,
  hostileText,
  RawJson,
  Schema,
  toJsonText,
  valueArb,
  ValueContext,
} from './fuzz-values';
import {
  OpenApiDocument,
  Operation,
  OperationParameter,
  operationsOf,
  schemaResolver,
} from './openapi-operations';
import { installRowChangeLog } from './row-change-log';

export interface FuzzCaller {
  name: string;
  /** Headers sent with every request of this caller (`Authorization`, a tenant header …). */
  headers: Record<string, string>;
  /**
   * Called after each write operation: answers new headers when the fuzzer ended this caller's
   * session or changed its role (logout, deletion, demotion), undefined while it still works.
   */
  renewIfChanged?: () => Promise<Record<string, string> | undefined>;
  /** Generated requests per operation (default 3). */
  runs?: number;
}

export interface OpenApiFuzzOptions {
  http: TestAgent;
  db: Pick<TestDb, 'query'>;
  callers: FuzzCaller[];
  seed: number;
  /**
   * Tables a refused (4xx) request may change by design, each with the reason, e.g. a log that
   * records refused uploads. Every other table must be left as it was.
   */
  writtenWhenRefused?: Record<string, string>;
  /**
   * Waits for the background work a successful request started (e.g. the jobs it queued), so
   * that their writes are not taken for those of the next request; they are discarded.
   */
  settle?: () => Promise<void>;
  /** Longest answer time before a request counts as hanging (default 20 s). */
  timeoutMs?: number;
  /**
   * Time after which each remaining operation gets one request per caller instead of `runs`,
   * so that a loaded machine shortens the run rather than failing it (default 60 s).
   */
  budgetMs?: number;
}

export interface FuzzFailure {
  operation: string;
  caller: string;
  /** What went wrong: a 5xx, a refusal that is not problem+json, a refusal that wrote rows. */
  reason: string;
  request: string;
  status: number;
  /** fast-check's seed and path of the failing run. */
  seed: number;
  path?: string;
}

export interface FuzzReport {
  requests: number;
  operations: number;
  /** Operations that answered 2xx at least once: how deep the generated requests reached. */
  succeeded: string[];
  statuses: Record<string, number>;
  failures: FuzzFailure[];
}

interface FuzzRequest {
  path: string;
  query: [string, string][];
  json?: string;
  multipart?: { fields: [string, string][]; file?: { field: string; name: string; bytes: Buffer } };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const POOL_SIZE = 40;

/** Small files for upload routes: images the sniffers accept, CSV text, and noise. */
const FILES: { name: string; bytes: Buffer }[] = [
  {
    name: 'pixel.png',
    bytes: Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    ),
  },
  { name: 'weights.csv', bytes: Buffer.from('date;weight_kg\n2026-01-01;80,5\n2026-01-02;80,1\n') },
  { name: 'nul.csv', bytes: Buffer.from('date,weight_kg,note\n2026-01-03,79.9,a\u0000b\n') },
  { name: 'x\u00fc\u2028.csv', bytes: Buffer.from('\ufeffDatum;Gewicht\n01.01.2026;80\n') },
  { name: '../../etc/passwd', bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]) },
  { name: 'empty.bin', bytes: Buffer.alloc(0) },
];

/** A seed per operation and caller, so that adding a route does not change the others' runs. */
function seedOf(seed: number, ...parts: string[]): number {
  return createHash('sha256')
    .update(`${seed}|${parts.join('|')}`)
    .digest()
    .readInt32LE(0);
}

const asText = (v: unknown): string =>
  typeof v === 'string'
    ? v
    : v instanceof RawJson
      ? v.text
      : typeof v === 'number' || typeof v === 'boolean'
        ? String(v)
        : toJsonText(v);

/** Known values (ids, keys, codes) seen in earlier answers, for parameters and fields. */
class KnownValues {
  private readonly byName = new Map<string, string[]>();

  add(key: string, value: string): void {
    const list = this.byName.get(key) ?? [];
    if (list.includes(value)) return;
    list.push(value);
    if (list.length > POOL_SIZE) list.shift();
    this.byName.set(key, list);
  }

  get(key: string): string[] {
    return this.byName.get(key) ?? [];
  }

  /** Ids of the collection the answer came from, and every string field by its name. */
  learn(op: Operation, body: unknown): void {
    const collection = op.path.replace(/\/\{[^}]+\}$/, '');
    const top = body as { id?: unknown; items?: unknown } | null;
    const records = Array.isArray(top?.items) ? top.items : [top];
    for (const r of records) {
      const id = (r as { id?: unknown } | null)?.id;
      if (typeof id === 'string') this.add(`collection:${collection}`, id);
    }
    const stack: unknown[] = [body];
    for (let seen = 0; stack.length && seen < 2000; seen++) {
      const v = stack.pop();
      if (Array.isArray(v)) stack.push(...v.slice(0, 50));
      else if (v && typeof v === 'object') {
        for (const [k, x] of Object.entries(v)) {
          if (typeof x === 'string' && x.length <= 200) {
            this.add(`field:${k}`, x);
            if (UUID.test(x)) this.add('uuid', x);
          } else stack.push(x);
        }
      }
    }
  }
}

/**
 * Property-based fuzzing of a running service from its own OpenAPI document: for every
 * operation and caller, fast-check generates path ids, query strings and bodies (acceptable
 * values mixed with wrong types, NULs, deep nesting, huge numbers, long strings, unicode,
 * missing and extra fields) and each answer must be below 500, every refusal must be
 * problem+json, and a refused request must leave every table as it was.
 */
export async function fuzzOpenApi(options: OpenApiFuzzOptions): Promise<FuzzReport> {
  const docRes = await options.http.get('/api/docs-json');
  const doc = docRes.body as OpenApiDocument;
  const resolve = schemaResolver(doc);
  const known = new KnownValues();
  const changes = await installRowChangeLog(options.db);
  await changes.takeChangedTables();
  const allowed = new Set(Object.keys(options.writtenWhenRefused ?? {}));
  const timeout = options.timeoutMs ?? 20_000;
  const report: FuzzReport = {
    requests: 0,
    operations: 0,
    succeeded: [],
    statuses: {},
    failures: [],
  };
  const callers = options.callers.map((c) => ({ ...c, headers: { ...c.headers } }));

  const ctx = (op: Operation, hostile: boolean): ValueContext => ({
    hostile,
    resolve,
    known: (name: string, schema: Schema) => {
      const byName = known.get(`field:${name}`);
      if (schema.format === 'uuid' || /(^|_)id$|Id$|^[a-z]id$/.test(name)) {
        const own = known.get(`collection:${op.path}`);
        return [...byName, ...own, ...known.get('uuid').slice(-10)];
      }
      return /(^|_)(key|slug|code|tier|feature)s?$/.test(name) ? byName : [];
    },
  });

  const paramArb = (
    op: Operation,
    p: OperationParameter,
    hostile: boolean,
  ): fc.Arbitrary<string> => {
    const template = op.path.slice(0, op.path.indexOf(`{${p.name}}`) - 1);
    const own = known.get(`collection:${template}`);
    const ids = own.length ? own : known.get(`field:${p.name}`);
    const schema = resolve(p.schema ?? {});
    const options: fc.WeightedArbitrary<string>[] = [
      { weight: 1, arbitrary: acceptableArb(schema, ctx(op, hostile), p.name).map(asText) },
    ];
    if (hostile) options.push({ weight: 1, arbitrary: hostileText });
    if (ids.length) options.push({ weight: 4, arbitrary: fc.constantFrom(...ids) });
    else if (/id$/i.test(p.name)) options.push({ weight: 2, arbitrary: fc.uuid() });
    return fc.oneof(...options);
  };

  const queryArb = (op: Operation, hostile: boolean): fc.Arbitrary<[string, string][]> => {
    const params = op.parameters.filter((p) => p.in === 'query');
    const each = params.map((p) =>
      fc.option(
        fc
          .oneof(
            {
              weight: 4,
              arbitrary: acceptableArb(resolve(p.schema ?? {}), ctx(op, hostile), p.name),
            },
            { weight: 1, arbitrary: hostile ? hostileText : fc.constant(undefined) },
          )
          .map((v): [string, string][] =>
            v === undefined
              ? []
              : Array.isArray(v)
                ? v.map((x) => [p.name, asText(x)])
                : [[p.name, asText(v)]],
          ),
        { freq: 3 },
      ),
    );
    if (!hostile) {
      return fc.tuple(...each).map((pairs) => pairs.flatMap((p) => p ?? []));
    }
    const extra = fc.option(
      fc.tuple(fc.constantFrom('unknown', '__proto__', 'a\u0000b', 'offset', 'limit'), hostileText),
      { freq: 5 },
    );
    return fc
      .tuple(fc.tuple(...each), extra)
      .map(([pairs, more]) => [...pairs.flatMap((p) => p ?? []), ...(more ? [more] : [])]);
  };

  const bodyArb = (
    op: Operation,
    hostile: boolean,
  ): fc.Arbitrary<Pick<FuzzRequest, 'json' | 'multipart'>> => {
    if (!op.body) return fc.constant({});
    const schema = resolve(op.body.schema);
    if (op.body.contentType === 'multipart/form-data') {
      const props = Object.entries(schema.properties ?? {});
      const fileField = props.find(([, s]) => resolve(s).format === 'binary')?.[0];
      const fields = props
        .filter(([k]) => k !== fileField)
        .map(([k, s]) =>
          fc.option(
            valueArb(s, ctx(op, hostile), k).map((v): [string, string] => [k, asText(v)]),
            {
              freq: 3,
            },
          ),
        );
      return fc
        .tuple(fc.tuple(...fields), fc.option(fc.constantFrom(...FILES), { freq: 8 }))
        .map(([fs, file]) => ({
          multipart: {
            fields: fs.filter((f): f is [string, string] => f !== null),
            file: fileField && file ? { field: fileField, ...file } : undefined,
          },
        }));
    }
    const body = hostile
      ? fc.oneof(
          { weight: 6, arbitrary: acceptableArb(schema, ctx(op, true)) },
          { weight: 1, arbitrary: valueArb({}, ctx(op, true)) },
        )
      : acceptableArb(schema, ctx(op, false));
    return body.map((v) => ({ json: toJsonText(v) }));
  };

  /** Requests of the schema's own shape (to reach deep) or with hostile parts, half each. */
  const requestArb = (op: Operation): fc.Arbitrary<FuzzRequest> =>
    fc.oneof(requestOfKind(op, false), requestOfKind(op, true));

  const requestOfKind = (op: Operation, hostile: boolean): fc.Arbitrary<FuzzRequest> => {
    const pathParams = op.parameters.filter((p) => p.in === 'path');
    return fc
      .tuple(
        fc.tuple(...pathParams.map((p) => paramArb(op, p, hostile))),
        queryArb(op, hostile),
        bodyArb(op, hostile),
      )
      .map(([values, query, body]) => {
        let path = op.path;
        pathParams.forEach((p, i) => {
          path = path.replace(`{${p.name}}`, encodeURIComponent(values[i]));
        });
        return { path, query, ...body };
      });
  };

  const send = async (
    op: Operation,
    headers: Record<string, string>,
    req: FuzzRequest,
  ): Promise<Response> => {
    const qs = req.query
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
      .join('&');
    let call = options.http[op.method](qs ? `${req.path}?${qs}` : req.path).timeout(timeout);
    for (const [k, v] of Object.entries(headers)) call = call.set(k, v);
    if (req.json !== undefined) {
      return call.set('Content-Type', op.body?.contentType ?? 'application/json').send(req.json);
    }
    if (req.multipart) {
      for (const [k, v] of req.multipart.fields) call = call.field(k, v);
      const f = req.multipart.file;
      if (f) call = call.attach(f.field, f.bytes, f.name);
    }
    return call;
  };

  const describe = (op: Operation, req: FuzzRequest): string => {
    const qs = req.query.map(([k, v]) => `${k}=${JSON.stringify(v).slice(0, 80)}`).join('&');
    const body =
      req.json !== undefined
        ? ` body=${req.json.slice(0, 400)}${req.json.length > 400 ? `… (${req.json.length} chars)` : ''}`
        : req.multipart
          ? ` multipart=${JSON.stringify(req.multipart.fields).slice(0, 300)} file=${req.multipart.file?.name ?? '-'}`
          : '';
    return `${op.method.toUpperCase()} ${req.path}${qs ? `?${qs}` : ''}${body}`;
  };

  /** Undefined when the answer keeps the rules, else what is wrong with it. */
  const judge = (res: Response, changed: string[]): string | undefined => {
    if (res.status >= 500)
      return `answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`;
    if (res.status < 400) return undefined;
    const type = String(res.headers['content-type'] ?? '');
    const body = res.body as { status?: unknown; code?: unknown };
    if (
      !type.startsWith('application/problem+json') ||
      body.status !== res.status ||
      typeof body.code !== 'string'
    )
      return `refused with ${res.status} without a problem+json body (${type})`;
    const written = changed.filter((t) => !allowed.has(t));
    if (written.length)
      return `refused with ${res.status} ${String(body.code)} but changed ${written.join(', ')}`;
    return undefined;
  };

  const started = Date.now();
  const budget = options.budgetMs ?? 60_000;
  for (const op of operationsOf(doc)) {
    report.operations += 1;
    const arb = requestArb(op);
    for (const caller of callers) {
      const seed = seedOf(options.seed, op.id, caller.name);
      let failure: Omit<FuzzFailure, 'seed' | 'path'> | undefined;
      const details = await fc.check(
        fc.asyncProperty(arb, async (req) => {
          report.requests += 1;
          let problem: string | undefined;
          let status = 0;
          try {
            const res = await send(op, caller.headers, req);
            status = res.status;
            report.statuses[status] = (report.statuses[status] ?? 0) + 1;
            problem = judge(res, await changes.takeChangedTables());
            if (status < 300) {
              if (!report.succeeded.includes(op.id)) report.succeeded.push(op.id);
              if (res.body) known.learn(op, res.body);
              if (options.settle) {
                await options.settle();
                await changes.takeChangedTables();
              }
            }
          } catch (error) {
            await changes.takeChangedTables();
            problem = `request failed: ${(error as Error).message}`;
          }
          if (problem) {
            failure = {
              operation: op.id,
              caller: caller.name,
              reason: problem,
              request: describe(op, req),
              status,
            };
            return false;
          }
          return true;
        }),
        {
          seed,
          numRuns: Date.now() - started > budget ? 1 : (caller.runs ?? 3),
          endOnFailure: true,
        },
      );
      if (details.failed && failure)
        report.failures.push({ ...failure, seed, path: details.counterexamplePath ?? undefined });
      else if (details.failed) {
        report.failures.push({
          operation: op.id,
          caller: caller.name,
          reason: `property errored: ${String(details.errorInstance)}`,
          request: '',
          status: 0,
          seed,
        });
      }
    }
    if (op.method !== 'get') {
      for (const caller of callers) {
        const headers = await caller.renewIfChanged?.();
        if (headers) {
          caller.headers = headers;
          await changes.takeChangedTables();
        }
      }
    }
  }
  await changes.remove();
  return report;
}

/** The failures of a run, one paragraph each, with what reproduces them. */
export function fuzzFailureText(report: FuzzReport, seed: number): string {
  const lines = report.failures.map(
    (f) =>
      `${f.operation} as ${f.caller}: ${f.reason}\n    ${f.request}\n    (fast-check seed ${f.seed}, path ${f.path ?? '-'})`,
  );
  return `${lines.length} failure(s) in ${report.requests} requests; FUZZ_SEED=${seed} reproduces them:\n${lines.join('\n')}`;
}
