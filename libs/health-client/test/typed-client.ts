// A typed program against the health service: at least one operation of every tag of
// apps/health/openapi.json (test/tags.test.mjs checks the coverage), type-checked by
// `pnpm typecheck` and `pnpm test` (tsc). It is compiled, never run.
import {
  createHealthClient,
  ok,
  ProblemError,
  type HealthClient,
  type Schemas,
} from '../src/index.js';

const id = '00000000-0000-4000-8000-000000000000';

export async function signIn(baseUrl: string): Promise<HealthClient> {
  const client = createHealthClient({ baseUrl });
  const tokens = await ok(
    client.POST('/api/auth/login', {
      body: { email: 'kim@example.org', password: 'long enough 1' },
    }),
  );
  client.setTokens({ access_token: tokens.access_token, refresh_token: tokens.refresh_token });
  return client;
}

export async function lastWeight(c: HealthClient): Promise<number | undefined> {
  const page = await ok(c.GET('/api/weight', {}));
  const first: Schemas['WeightResponse'] | undefined = page.items[0];
  return first?.weight_kg;
}

export async function recordWeight(c: HealthClient): Promise<string | null> {
  try {
    const created = await ok(
      c.POST('/api/weight', { body: { date: '2026-04-01', weight_kg: 78.4, note: null } }),
    );
    return created.id;
  } catch (error) {
    if (error instanceof ProblemError && error.code === 'VALIDATION_FAILED')
      return error.errors.map((e) => e.path).join(', ');
    throw error;
  }
}

/** One call per tag of the document. */
export const byTag = {
  activity: (c: HealthClient) => c.GET('/api/activity', {}),
  admin: (c: HealthClient) => c.GET('/api/admin/csv-templates'),
  'app-dashboard': (c: HealthClient) => c.GET('/api/app-dashboard'),
  auth: (c: HealthClient) => c.POST('/api/auth/refresh', { body: { refresh_token: 'r' } }),
  caliper: (c: HealthClient) => c.GET('/api/caliper', {}),
  charts: (c: HealthClient) => c.GET('/api/charts'),
  circumference: (c: HealthClient) => c.GET('/api/circumference', {}),
  'csv-import': (c: HealthClient) => c.GET('/api/csv/imports', {}),
  export: (c: HealthClient) => c.GET('/api/export', {}),
  fhir: (c: HealthClient) => c.GET('/api/fhir/Bundle', {}),
  meta: (c: HealthClient) => c.GET('/api/health/live'),
  import: async (c: HealthClient) =>
    c.POST('/api/import', { body: await ok(c.GET('/api/export', {})) }),
  insights: (c: HealthClient) => c.GET('/api/insights', {}),
  'llm-usage': (c: HealthClient) =>
    c.GET('/api/llm-usage', { params: { query: { period: 'month' } } }),
  membership: (c: HealthClient) => c.GET('/api/membership'),
  nutrition: (c: HealthClient) => c.GET('/api/nutrition', {}),
  photos: (c: HealthClient) => c.GET('/api/photos', {}),
  profiles: (c: HealthClient) => c.GET('/api/profile'),
  prompts: (c: HealthClient) => c.GET('/api/prompts', {}),
  'reference-values': (c: HealthClient) => c.GET('/api/reference-value-types'),
  stats: (c: HealthClient) => c.GET('/api/stats'),
  weight: (c: HealthClient) => c.DELETE('/api/weight/{id}', { params: { path: { id } } }),
  workflow: (c: HealthClient) => c.GET('/api/workflows', {}),
};
