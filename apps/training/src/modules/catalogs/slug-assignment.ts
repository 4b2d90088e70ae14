import { ConflictError, uniqueConflictOf, violatedUniqueConstraint } from '@sports/common';
import { slugify } from './catalog-definitions';

/** Enough for a handful of clients creating entries of one name at the same moment. */
const MAX_ATTEMPTS = 20;

export function slugTaken(slug?: string): ConflictError {
  return new ConflictError(
    slug ? `The slug ${slug} is taken.` : 'The slug is taken.',
    'SLUG_TAKEN',
  );
}

/** Slugs are at most this long (the tables' CHECK). */
export const MAX_SLUG_LENGTH = 100;

/** `base-n`, the base shortened so that the whole stays within MAX_SLUG_LENGTH. */
export function numberedSlug(base: string, n: number): string {
  const suffix = `-${n}`;
  return `${base.slice(0, MAX_SLUG_LENGTH - suffix.length).replace(/-+$/, '')}${suffix}`;
}

/**
 * Inserts a row under the slug the client chose, or under one derived from its name (`base`,
 * `base-2`, ...). A derived slug that a concurrent insert took first is derived again; a
 * chosen one answers 409 SLUG_TAKEN.
 */
export async function insertWithSlug(options: {
  slug: string | undefined;
  name: string;
  /** Name of the table's unique constraint on `slug`. */
  constraint: string;
  taken: (slug: string) => Promise<boolean>;
  insert: (slug: string) => Promise<string>;
}): Promise<string> {
  const conflicts = { [options.constraint]: () => slugTaken(options.slug) };
  const base = slugify(options.name);
  for (let attempt = 1; ; attempt += 1) {
    let slug = options.slug ?? base;
    if (!options.slug)
      for (let i = 2; await options.taken(slug); i += 1) slug = numberedSlug(base, i);
    try {
      return await options.insert(slug);
    } catch (error) {
      const again =
        !options.slug &&
        attempt < MAX_ATTEMPTS &&
        violatedUniqueConstraint(error) === options.constraint;
      if (!again) throw await uniqueConflictOf(error, conflicts);
    }
  }
}
