import { createApiClient, type ApiClient, type ApiClientOptions } from '@sports/api-client';
import type { components, paths } from './schema.js';

export type { components, operations, paths } from './schema.js';
/** ProblemError, ok, memoryTokens and the option and token types. */
export * from '@sports/api-client';

/** The named schemas of the health service's document (`Schemas['WeightResponse']`). */
export type Schemas = components['schemas'];
export type HealthClient = ApiClient<paths>;

/**
 * A typed client of the health service: bearer token with refresh rotation, `ProblemError` for
 * every answer that is not 2xx. `baseUrl` is the service's origin; paths start with /api.
 */
export function createHealthClient(options: ApiClientOptions): HealthClient {
  return createApiClient<paths>(options);
}
