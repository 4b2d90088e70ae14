import { createApiClient, type ApiClient, type ApiClientOptions } from '@sports/api-client';
import type { components, paths } from './schema.js';

export type { components, operations, paths } from './schema.js';
/** ProblemError, ok, memoryTokens and the option and token types. */
export * from '@sports/api-client';

/** The named schemas of the training service's document (`Schemas['ExerciseResponse']`). */
export type Schemas = components['schemas'];

/** The header naming the club a tenant-scoped training request acts in. */
export const ACTIVE_CLUB_HEADER = 'X-Active-Club-Id';

export interface TrainingClient extends ApiClient<paths> {
  /** The club sent as X-Active-Club-Id with every request from now on; undefined: none. */
  setActiveClub(clubId: string | undefined): void;
}

/**
 * A typed client of the training service: bearer token with refresh rotation, the active club
 * as X-Active-Club-Id, `ProblemError` for every answer that is not 2xx.
 */
export function createTrainingClient(
  options: ApiClientOptions & { activeClubId?: string },
): TrainingClient {
  const client = createApiClient<paths>(options);
  const setActiveClub = (clubId: string | undefined) =>
    client.setHeader(ACTIVE_CLUB_HEADER, clubId);
  setActiveClub(options.activeClubId);
  return Object.assign(client, { setActiveClub });
}
