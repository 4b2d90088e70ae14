import { Injectable } from '@nestjs/common';
import { FieldError, UnprocessableError } from '@sports/common';
import { canReadContent } from '../content-access/content-visibility';
import type { TenantContext } from '../tenant-context/tenant-context';
import { ExerciseRefsRepository } from './exercise-refs.repository';

/** One reference to check: an exercise, a variant, or both, at a body path. */
export interface ExerciseRefInput {
  path: string;
  exercise_id?: string | null;
  variant_id?: string | null;
  /** Body field name of the variant (for error paths). */
  variant_field?: string;
  exercise_field?: string;
}

/**
 * Planning content may reference only exercises the caller can read (the common visibility
 * check). Unknown and invisible exercises answer the same 422 so existence does not leak.
 */
@Injectable()
export class ExerciseRefsService {
  constructor(private readonly refs: ExerciseRefsRepository) {}

  /** Checks every reference; returns the exercise id of each (derived from the variant when absent). */
  async check(ctx: TenantContext, inputs: ExerciseRefInput[]): Promise<(string | null)[]> {
    const variantIds = inputs.map((i) => i.variant_id).filter((v): v is string => !!v);
    const variants = await this.refs.variants(variantIds);
    const resolved = inputs.map(
      (i) =>
        i.exercise_id ?? (i.variant_id ? variants.get(i.variant_id)?.exercise_id : null) ?? null,
    );
    const exercises = await this.refs.exercises(resolved.filter((v): v is string => !!v));
    const errors: FieldError[] = [];
    inputs.forEach((input, idx) => {
      const exField = `${input.path}${input.exercise_field ?? 'exercise_id'}`;
      const varField = `${input.path}${input.variant_field ?? 'exercise_variant_id'}`;
      if (input.variant_id) {
        const v = variants.get(input.variant_id);
        if (!v) {
          errors.push({ path: varField, message: 'unknown exercise variant' });
          return;
        }
        if (input.exercise_id && v.exercise_id !== input.exercise_id) {
          errors.push({ path: varField, message: 'is not a variant of this exercise' });
          return;
        }
      }
      const exId = resolved[idx];
      if (!exId) return;
      const ex = exercises.get(exId);
      if (!ex || !canReadContent(ctx, ex)) {
        errors.push({ path: exField, message: 'unknown exercise or not visible to you' });
      }
    });
    if (errors.length) {
      throw new UnprocessableError(
        'Some referenced exercises do not exist or are not visible to you.',
        'EXERCISE_NOT_VISIBLE',
        { errors },
      );
    }
    return resolved;
  }
}
