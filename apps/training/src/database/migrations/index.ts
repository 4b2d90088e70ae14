import { Init1778198400000 } from './1778198400000-init';

/** Every migration of the training service, oldest first. */
export const MIGRATIONS = [Init1778198400000];

/** Tables whose presence the readiness probe checks. */
export const CORE_TABLES = ['profiles', 'refresh_tokens'];
