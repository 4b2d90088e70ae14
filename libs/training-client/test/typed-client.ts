// A typed program against the training service: at least one operation of every tag of
// apps/training/openapi.json (test/tags.test.mjs checks the coverage), type-checked by
// `pnpm typecheck` and `pnpm test` (tsc). It is compiled, never run.
import {
  createTrainingClient,
  ok,
  ProblemError,
  type Schemas,
  type TrainingClient,
} from '../src/index.js';

const id = '00000000-0000-4000-8000-000000000000';

export async function signIn(baseUrl: string): Promise<TrainingClient> {
  const client = createTrainingClient({ baseUrl });
  const tokens = await ok(
    client.POST('/api/auth/login', { body: { email: 'kim@example.org', pin: '1234' } }),
  );
  client.setTokens(tokens);
  const clubs = await ok(client.GET('/api/clubs', {}));
  const club: Schemas['ClubResponse'] | undefined = clubs.items[0];
  client.setActiveClub(club?.id);
  return client;
}

export async function clubName(c: TrainingClient, clubId: string): Promise<string> {
  try {
    return (await ok(c.GET('/api/clubs/{id}', { params: { path: { id: clubId } } }))).name;
  } catch (error) {
    if (error instanceof ProblemError && error.status === 404) return '(gone)';
    throw error;
  }
}

/** One call per tag of the document. */
export const byTag = {
  admin: (c: TrainingClient) => c.GET('/api/admin/matrix-stack'),
  catalogs: (c: TrainingClient) => c.GET('/api/age-groups', {}),
  auth: (c: TrainingClient) => c.POST('/api/auth/logout', { body: { refresh_token: 'r' } }),
  calendar: (c: TrainingClient) => c.GET('/api/calendar/feeds'),
  clubs: (c: TrainingClient) => c.GET('/api/clubs', {}),
  groups: (c: TrainingClient) => c.GET('/api/clubs/{id}/groups', { params: { path: { id } } }),
  'club join requests': (c: TrainingClient) => c.GET('/api/join-requests/mine'),
  'club members': (c: TrainingClient) =>
    c.GET('/api/clubs/{id}/member-directory', { params: { path: { id } } }),
  planning: (c: TrainingClient) => c.GET('/api/exercise-progression-graphs', {}),
  exercises: (c: TrainingClient) => c.GET('/api/exercise-searches', {}),
  meta: (c: TrainingClient) => c.GET('/api/version'),
  'import-wiki': (c: TrainingClient) => c.GET('/api/import-wiki/jobs', {}),
  'maturity-models': (c: TrainingClient) => c.GET('/api/maturity-models', {}),
  'media-assets': (c: TrainingClient) => c.GET('/api/media-assets', {}),
  membership: (c: TrainingClient) => c.GET('/api/membership'),
  methods: (c: TrainingClient) => c.GET('/api/methods', {}),
  profiles: (c: TrainingClient) => c.GET('/api/profiles', {}),
  skills: (c: TrainingClient) => c.GET('/api/skills', {}),
  'training-programs': (c: TrainingClient) => c.GET('/api/training-programs', {}),
  'training-units': (c: TrainingClient) => c.GET('/api/training-units', {}),
};
