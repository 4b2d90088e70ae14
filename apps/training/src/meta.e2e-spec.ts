import { join } from 'node:path';
import {
  documentedOperations,
  expectCommittedOpenApi,
  operationConventionProblems,
} from '@sports/common/testing';
import { startTrainingTestApp, TrainingTestApp } from './testing/training-test-app';

type Json = Record<string, unknown>;

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
    const problems = operationConventionProblems(doc);
    for (const { where, operation } of documentedOperations(doc)) {
      const parameters = (operation.parameters ?? []) as { name: string; in: string }[];
      const tenantHeaders = parameters.filter(
        (p) => p.in === 'header' && p.name.toLowerCase() === 'x-active-club-id',
      );
      // Every signed-in route resolves the tenant context from the header (TenantContextHook).
      const expected = (operation.security as unknown[] | undefined)?.length ? 1 : 0;
      if (tenantHeaders.length !== expected)
        problems.push(
          `${where}: X-Active-Club-Id declared ${tenantHeaders.length}×, not ${expected}×`,
        );
      if (tenantHeaders.some((h) => h.name !== 'X-Active-Club-Id' || (h as Json).required))
        problems.push(`${where}: X-Active-Club-Id misnamed or required`);
    }
    expect(problems).toEqual([]);
  });
});
