import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { NotFoundError, ValidationFailedError } from '@sports/common';
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

  async update(
    ctx: TenantContext,
    exerciseId: string,
    variantId: string,
    body: UpdateVariantRequest,
  ): Promise<VariantResponse> {
    await this.exercises.editable(ctx, exerciseId);
    await this.get(exerciseId, variantId);
    await this.dataSource.transaction(async (m) => {
      await this.repo.updateVariant(m, variantId, this.values(body));
      await this.repo.touch(m, exerciseId);
    });
    return this.get(exerciseId, variantId);
  }

  async remove(ctx: TenantContext, exerciseId: string, variantId: string): Promise<void> {
    await this.exercises.editable(ctx, exerciseId);
    await this.get(exerciseId, variantId);
    await this.dataSource.transaction(async (m) => {
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
    const v = await this.repo.findVariant(exerciseId, variantId);
    if (!v) throw new NotFoundError('Variant', variantId);
    return toVariantResponse(v);
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
