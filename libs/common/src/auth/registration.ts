import { DataSource, EntityManager } from 'typeorm';

/** Serialises sign-ups so that "the first registered account" is decided exactly once. */
const REGISTRATION_LOCK_KEY = 4_201_733;

export interface RegistrationContext {
  manager: EntityManager;
  /** True when `email` is the first account or listed in the administrator bootstrap setting. */
  becomesAdmin: boolean;
}

/**
 * Runs a sign-up in one transaction under an advisory lock, telling it whether the new
 * account is the first one or a bootstrap administrator.
 */
export function registerAccount<T>(
  dataSource: DataSource,
  options: {
    email: string;
    bootstrapEmails: string[];
    countAccounts: (m: EntityManager) => Promise<number>;
  },
  create: (ctx: RegistrationContext) => Promise<T>,
): Promise<T> {
  return dataSource.transaction(async (manager) => {
    await manager.query('SELECT pg_advisory_xact_lock($1)', [REGISTRATION_LOCK_KEY]);
    const first = (await options.countAccounts(manager)) === 0;
    const email = options.email.toLowerCase();
    const listed = options.bootstrapEmails.some((e) => e.toLowerCase() === email);
    return create({ manager, becomesAdmin: first || listed });
  });
}
