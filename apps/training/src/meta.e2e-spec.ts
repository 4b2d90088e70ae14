import { join } from 'node:path';
import { expectCommittedOpenApi } from '@sports/common/testing';
import { HTTP_METHODS } from '@sports/common';
import { startTrainingTestApp, TrainingTestApp } from './testing/training-test-app';

type Json = Record<string, unknown>;

/** Verbs an operationId may start with (camelCase, verb first: `listExercises`). */
const OPERATION_VERBS = [
  'list',
  'get',
  'create',
  'replace',
  'update',
  'delete',
  'accept',
  'reject',
  'import',
  'export',
  'apply',
  'run',
  'upload',
  'link',
  'unlink',
  'reorder',
  'rotate',
  'cancel',
  'discover',
  'preview',
  'start',
  'resolve',
  'register',
  'login',
  'refresh',
  'logout',
  'sign',
  'check',
];
const OPERATION_ID = new RegExp(`^(${OPERATION_VERBS.join('|')})([A-Z][a-z0-9]*)*$`);

/** Every schema of a node (components, parameters, bodies, responses), with its location. */
function schemasIn(node: unknown, at: string, found: [string, Json][] = []): [string, Json][] {
  if (Array.isArray(node)) {
    node.forEach((item, i) => schemasIn(item, `${at}/${i}`, found));
  } else if (node && typeof node === 'object') {
    const object = node as Json;
    const type = object.type;
    if (type === 'object' || (Array.isArray(type) && type.includes('object')))
      found.push([at, object]);
    for (const [key, value] of Object.entries(object)) schemasIn(value, `${at}/${key}`, found);
  }
  return found;
}

/** The version table of ../shared/spec/training-service.md, section Versioning. */
const SPEC_MODULES = {
  auth: '1.2.1',
  profiles: '1.7.0',
  tenant_context: '1.0.5',
  clubs: '0.4.1',
  club_memberships: '1.0.1',
  club_join_requests: '1.0.1',
  admin_users: '1.0.0',
  platform_media_storage: '1.0.0',
  media_assets: '1.12.1',
  groups: '0.1.0',
  skills: '0.1.0',
  methods: '0.1.0',
  exercises: '2.19.1',
  training_units: '0.2.0',
  training_programs: '0.1.0',
  planning: '0.8.1',
  import_wiki: '1.0.0',
  admin: '1.0.0',
  membership: '1.0.0',
  catalogs: '1.5.0',
  maturity_models: '1.4.0',
};

/** Modules beyond the specification's table, reported apart so that `modules` stays exact. */
const EXTENSIONS = { calendar: '1.0.0' };

describe('training service meta endpoints', () => {
  let t: TrainingTestApp;
  beforeAll(async () => {
    t = await startTrainingTestApp();
  });
  afterAll(() => t.close());

  it('answers GET /api/version with the exact release and module table of the specification', async () => {
    const res = await t.http.get('/api/version');
    expect(res.status).toBe(200);
    expect(res.headers['x-app-version']).toBe('0.8.65');
    expect(res.body).toEqual({
      service: 'training',
      app_version: '0.8.65',
      build_date: '2026-05-08',
      schema_version: '20260508049',
      modules: SPEC_MODULES,
      extensions: EXTENSIONS,
    });
  });

  it('answers GET /api/health/ready without authentication: connection, core tables, applied migrations', async () => {
    const res = await t.http.get('/api/health/ready');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'ready',
      database: { connected: true },
      core_tables: { missing: [] },
    });
    expect(res.body.core_tables.present).toEqual(
      expect.arrayContaining(['profiles', 'refresh_tokens']),
    );
    const [{ n }] = await t.db.query('SELECT count(*)::int AS n FROM migrations');
    expect(res.body.migrations.applied).toBe(n);
  });

  it('serves the committed openapi.json (after a change of the API: pnpm openapi:write)', async () => {
    await expectCommittedOpenApi(t.http, join(__dirname, '..', 'openapi.json'));
  });

  it('documents every route in OpenAPI', async () => {
    const res = await t.http.get('/api/docs-json');
    expect(Object.keys(res.body.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/version', '/api/health/ready']),
    );
  });

  it('documents every operation as a contract: ids, summaries, closed objects, uuid ids, the tenant header', async () => {
    const res = await t.http.get('/api/docs-json');
    const doc = res.body as { paths: Record<string, Record<string, Json>>; components: Json };
    const problems: string[] = [];
    const ids = new Map<string, string>();
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of HTTP_METHODS) {
        const op = item[method] as
          | {
              operationId?: string;
              summary?: string;
              security?: unknown[];
              parameters?: { name: string; in: string; schema?: Json }[];
            }
          | undefined;
        if (!op) continue;
        const where = `${method.toUpperCase()} ${path}`;
        if (!op.summary?.trim()) problems.push(`${where}: no summary`);
        const id = op.operationId ?? '';
        if (!OPERATION_ID.test(id))
          problems.push(`${where}: operationId ${id} is not verb-first camelCase`);
        if (ids.has(id)) problems.push(`${where}: operationId ${id} also names ${ids.get(id)}`);
        ids.set(id, where);
        const parameters = op.parameters ?? [];
        for (const p of parameters) {
          if (p.in === 'path' && /id$/i.test(p.name) && p.schema?.format !== 'uuid')
            problems.push(`${where}: path parameter ${p.name} is not format uuid`);
        }
        const tenantHeaders = parameters.filter(
          (p) => p.in === 'header' && p.name.toLowerCase() === 'x-active-club-id',
        );
        // Every signed-in route resolves the tenant context from the header (TenantContextHook).
        const expected = op.security?.length ? 1 : 0;
        if (tenantHeaders.length !== expected)
          problems.push(
            `${where}: X-Active-Club-Id declared ${tenantHeaders.length}×, not ${expected}×`,
          );
        if (tenantHeaders.some((h) => h.name !== 'X-Active-Club-Id' || (h as Json).required))
          problems.push(`${where}: X-Active-Club-Id misnamed or required`);
      }
    }
    for (const [at, schema] of schemasIn(doc, '#')) {
      if (!schema.properties && schema.additionalProperties === undefined)
        problems.push(`${at}: object schema without properties or additionalProperties`);
    }
    expect(problems).toEqual([]);
  });
});
