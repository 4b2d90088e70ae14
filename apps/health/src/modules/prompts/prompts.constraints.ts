import { ConflictError, UniqueConflicts } from '@sports/common';

/** Unique constraints of `prompts` and what a request that hits one is answered. */
export function promptConflicts(slug: string): UniqueConflicts {
  const taken = (): ConflictError =>
    new ConflictError(`A prompt with slug "${slug}" exists already.`, 'PROMPT_SLUG_EXISTS');
  return { prompts_system_slug_key: taken, prompts_owner_slug_key: taken };
}
