import { join } from 'node:path';
import { expectCommittedOpenApi, operationConventionProblems } from '@sports/common/testing';
import { CHART_CODES } from './modules/charts/chart-catalog';
import { startHealthTestApp, HealthTestApp } from './testing/health-test-app';

type Json = Record<string, unknown>;

/** The version table of ../shared/spec/health-service.md, section Versioning. */
const SPEC_MODULES = {
  auth: '1.2.0',
  profiles: '1.1.0',
  reference_values: '1.3.0',
  admin_reference_value_types: '1.0.0',
  weight: '1.0.3',
  circumference: '1.0.1',
  caliper: '1.0.1',
  activity: '1.2.0',
  nutrition: '1.0.2',
  photos: '1.0.0',
  insights: '1.3.0',
  prompts: '1.1.0',
  admin: '1.4.0',
  stats: '1.0.1',
  exportdata: '1.1.0',
  importdata: '1.0.0',
  membership: '2.1.0',
  workflow: '0.7.0',
  app_dashboard: '1.11.0',
  csv_import: '0.3.2',
  admin_csv_templates: '0.3.0',
};

/** Modules beyond the specification's table, reported apart so that `modules` stays exact. */
const EXTENSIONS = { fhir: '1.0.0', llm_usage: '1.0.0' };

describe('health service meta endpoints', () => {
  let t: HealthTestApp;
  beforeAll(async () => {
    // The first account of a database becomes admin: this file needs an empty one.
    t = await startHealthTestApp({}, { own: true });
  });
  afterAll(() => t.close());

  it('answers GET /api/version with the exact release and module table of the specification', async () => {
    const res = await t.http.get('/api/version');
    expect(res.status).toBe(200);
    expect(res.headers['x-app-version']).toBe('0.9q');
    expect(res.body).toEqual({
      service: 'health',
      app_version: '0.9q',
      build_date: '2026-04-11',
      schema_version: '20260409c',
      modules: SPEC_MODULES,
      extensions: EXTENSIONS,
    });
  });

  it('is ready with its core tables and applied migrations', async () => {
    const res = await t.http.get('/api/health/ready');
    expect(res.status).toBe(200);
    expect(res.body.core_tables.missing).toEqual([]);
    expect(res.body.migrations.applied).toBeGreaterThanOrEqual(1);
  });

  it('serves the committed openapi.json (after a change of the API: pnpm openapi:write)', async () => {
    await expectCommittedOpenApi(t.http, join(__dirname, '..', 'openapi.json'));
  });

  it('makes the first account and bootstrap emails admins, and signs in with email + password', async () => {
    const first = await t.http
      .post('/api/auth/register')
      .send({ email: 'first@example.org', password: 'long enough 1' });
    expect(first.status).toBe(201);
    expect(first.body.user.role).toBe('admin');
    expect(JSON.stringify(first.body)).not.toMatch(/password_hash|passwordHash|\$argon2/);
    const second = await t.http
      .post('/api/auth/register')
      .send({ email: 'second@example.org', password: 'long enough 2' });
    expect(second.body.user.role).toBe('user');
    const login = await t.http
      .post('/api/auth/login')
      .send({ email: 'second@example.org', password: 'long enough 2' });
    expect(login.status).toBe(200);
    const refreshed = await t.http
      .post('/api/auth/refresh')
      .send({ refresh_token: login.body.refresh_token });
    expect(refreshed.status).toBe(200);
    expect(
      (await t.http.post('/api/auth/refresh').send({ refresh_token: login.body.refresh_token }))
        .status,
    ).toBe(401);
  });

  it('documents every operation with a summary, a verb-first camelCase operationId, typed schemas and uuid ids', async () => {
    const res = await t.http.get('/api/docs-json');
    expect(res.status).toBe(200);
    const doc = res.body as { paths: Record<string, Record<string, Json>>; components: Json };
    expect(operationConventionProblems(doc)).toEqual([]);
    expect(Object.keys(doc.paths).length).toBeGreaterThan(80);
    const chart = doc.paths['/api/charts/{code}'].get.parameters as {
      name: string;
      schema: Json;
    }[];
    expect(chart.find((p) => p.name === 'code')?.schema.enum).toEqual([...CHART_CODES]);
  });

  it('refuses a short password with 400 and writes nothing', async () => {
    const res = await t.http
      .post('/api/auth/register')
      .send({ email: 'short@example.org', password: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([expect.objectContaining({ path: 'password' })]);
    const rows = await t.db.query(`SELECT 1 FROM users WHERE email = 'short@example.org'`);
    expect(rows).toHaveLength(0);
  });
});
