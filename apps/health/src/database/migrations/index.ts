import { Init1775692800000 } from './1775692800000-init';

/** Every migration of the health service, oldest first. */
export const MIGRATIONS = [Init1775692800000];

/** Tables whose presence the readiness probe checks. */
export const CORE_TABLES = ['users', 'refresh_tokens'];
