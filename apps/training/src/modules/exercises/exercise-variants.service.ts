import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  assertIfMatch,
  lockIfMatch,
  NotFoundError,
  ValidationFailedError,
  withEntityTag,
  WriteTarget,
} from '@sports/common';
import { DataSource } from 'typeorm';
import type { TenantContext } from '../tenant-context/tenant-context';
import type {
  CreateVariantRequest,
  ReorderVariantsRequest,
  UpdateVariantRequest,
  VariantListResponse,
  VariantResponse,
} from './dto/exercise.dto';
import { ExercisesRepository, VariantJson } from './exercises.repository';
import { ExercisesService, toVariantResponse } from './exercises.service';
import { sanitizeRichFields } from './rich-text.sanitizer';

/** Sanitized rich-text fields of a variant and the length limits of their columns. */
const TEXT_LIMITS = { description: 100_000, prerequisite: 20_000, material: 2000 };

/**
 * Variants of an exercise, ordered by sequence_order then progression_level. Readers of the
 * exercise read them; its editors write them.
 */
@Injectable()
export class ExerciseVariantsService {
  constructor(
    private readonly exercises: ExercisesService,
    private readonly repo: ExercisesRepository,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async list(ctx: TenantContext, exerciseId: string): Promise<VariantListResponse> {
    await this.exercises.readable(ctx, exerciseId);
    const items = (await this.repo.variants(exerciseId)).map(toVariantResponse);
    return { items, total: items.length, limit: items.length, offset: 0 };
  }

  /** One variant, with its version as ETag. */
  async one(ctx: TenantContext, exerciseId: string, variantId: string): Promise<VariantResponse> {
    await this.exercises.readable(ctx, exerciseId);
    return this.get(exerciseId, variantId);
  }

  async create(
    ctx: TenantContext,
    exerciseId: string,
    body: CreateVariantRequest,
  ): Promise<VariantResponse> {
    await this.exercises.editable(ctx, exerciseId);
    const id = await this.dataSource.transaction(async (m) => {
      const newId = await this.repo.insertVariant(m, exerciseId, this.values(body));
      await this.repo.touch(m, exerciseId);
      return newId;
    });
    return this.get(exerciseId, id);
  }

  /**
   * With If-Match, only the variant version it names is replaced: checked on the variant row
   * locked in the write's transaction (412 otherwise, nothing written). The exercise is touched
   * as well, so that its version changes with its variants.
   */
  async update(
    ctx: TenantContext,
    exerciseId: string,
    { id: variantId, ifMatch }: WriteTarget,
    body: UpdateVariantRequest,
  ): Promise<VariantResponse> {
    await this.exercises.editable(ctx, exerciseId);
    assertIfMatch(ifMatch, (await this.findOrFail(exerciseId, variantId)).row_version);
    await this.dataSource.transaction(async (m) => {
      if (ifMatch) {
        await lockIfMatch(
          m,
          variantKey(exerciseId, variantId),
          ifMatch,
          variantNotFound(variantId),
        );
      }
      // The exercise lists its variants: its version changes with them, unless nothing changed.
      if (await this.repo.updateVariant(m, variantId, this.values(body))) {
        await this.repo.touch(m, exerciseId);
      }
    });
    return this.get(exerciseId, variantId);
  }

  /** With If-Match, only the variant version it names is deleted. */
  async remove(
    ctx: TenantContext,
    exerciseId: string,
    { id: variantId, ifMatch }: WriteTarget,
  ): Promise<void> {
    await this.exercises.editable(ctx, exerciseId);
    assertIfMatch(ifMatch, (await this.findOrFail(exerciseId, variantId)).row_version);
    await this.dataSource.transaction(async (m) => {
      if (ifMatch) {
        await lockIfMatch(
          m,
          variantKey(exerciseId, variantId),
          ifMatch,
          variantNotFound(variantId),
        );
      }
      await this.repo.deleteVariant(m, variantId);
      await this.repo.touch(m, exerciseId);
    });
  }

  /** Sets sequence_order 0..n-1 in the given order; the list must name every variant once. */
  async reorder(
    ctx: TenantContext,
    exerciseId: string,
    body: ReorderVariantsRequest,
  ): Promise<VariantListResponse> {
    await this.exercises.editable(ctx, exerciseId);
    await this.dataSource.transaction(async (m) => {
      await this.repo.findById(exerciseId, m, true);
      const current = new Set((await this.repo.variants(exerciseId, m)).map((v) => v.id));
      const given = new Set(body.variant_ids);
      const foreign = body.variant_ids.filter((id) => !current.has(id));
      const missing = [...current].filter((id) => !given.has(id));
      if (foreign.length || missing.length) {
        throw new ValidationFailedError(
          'variant_ids must list every variant of the exercise once.',
          [
            ...foreign.map((id) => ({
              path: 'variant_ids',
              message: `${id} is not a variant of it`,
            })),
            ...missing.map((id) => ({ path: 'variant_ids', message: `${id} is missing` })),
          ],
        );
      }
      await this.repo.reorderVariants(m, exerciseId, body.variant_ids);
      await this.repo.touch(m, exerciseId);
    });
    return this.list(ctx, exerciseId);
  }

  private async get(exerciseId: string, variantId: string): Promise<VariantResponse> {
    const v = await this.findOrFail(exerciseId, variantId);
    return withEntityTag(toVariantResponse(v), v.row_version);
  }

  private async findOrFail(exerciseId: string, variantId: string) {
    const v = await this.repo.findVariant(exerciseId, variantId);
    if (!v) throw variantNotFound(variantId)();
    return v;
  }

  private values(body: UpdateVariantRequest): Partial<VariantJson> {
    return {
      title: body.title ?? undefined,
      sequence_order: body.sequence_order ?? undefined,
      progression_level: body.progression_level ?? undefined,
      duration_minutes: body.duration_minutes,
      difficulty: body.difficulty,
      ...sanitizeRichFields(body, TEXT_LIMITS),
    };
  }
}

const variantKey = (exerciseId: string, id: string) => ({
  table: 'exercise_variants',
  where: { id, exercise_id: exerciseId },
});
const variantNotFound = (id: string) => () => new NotFoundError('Variant', id);
