import { ConflictError, UniqueConflicts } from '@sports/common';

export function duplicateModelSlug(slug?: string): ConflictError {
  return new ConflictError(
    slug ? `A maturity model with slug ${slug} exists.` : 'A maturity model with this slug exists.',
    'SLUG_TAKEN',
  );
}

export function duplicateBinding(): ConflictError {
  return new ConflictError('This model already has this binding.', 'DUPLICATE_BINDING');
}

/** Unique constraints of the maturity model tables and what a request that hits one is answered. */
export const MATURITY_MODEL_CONFLICTS: UniqueConflicts = {
  maturity_models_slug_key: () => duplicateModelSlug(),
  maturity_model_bindings_key: duplicateBinding,
};
