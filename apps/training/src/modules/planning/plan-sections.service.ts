import { Injectable, OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { FieldError, ValidationFailedError } from '@sports/common';
import { ExerciseUsageRegistry } from '../exercises/exercise-usage.registry';
import type { TenantContext } from '../tenant-context/tenant-context';
import type { SectionRequest, SectionResponse } from './dto/plan-sections.dto';
import { ExerciseRefInput, ExerciseRefsService } from './exercise-refs.service';
import {
  PlanSectionsRepository,
  SectionOwnerKind,
  SectionValues,
} from './plan-sections.repository';

export type { SectionValues } from './plan-sections.repository';

/**
 * What plan templates, framework slot blueprints and training units share: sections with
 * ordered items that may reference an exercise or one of its variants. Registers the usage
 * sources so that deleting a used exercise answers 409.
 */
@Injectable()
export class PlanSectionsService implements OnModuleInit {
  constructor(
    private readonly refs: ExerciseRefsService,
    private readonly sections: PlanSectionsRepository,
    private readonly usages: ExerciseUsageRegistry,
  ) {}

  onModuleInit(): void {
    this.usages.register({
      kind: 'plan_section',
      find: async (m, ids) =>
        (await this.sections.templateUsages(m, ids)).map((u) => ({ kind: 'plan_section', ...u })),
    });
    this.usages.register({
      kind: 'training_unit',
      find: async (m, ids) =>
        (await this.sections.unitUsages(m, ids)).map((u) => ({ kind: 'training_unit', ...u })),
    });
  }

  /**
   * Validates the sections of a body (items need an exercise or a title; referenced exercises
   * must be visible to the caller; a variant must belong to its exercise) and resolves the
   * exercise of variant-only items.
   */
  async prepare(
    ctx: TenantContext,
    sections: SectionRequest[],
    path = 'sections',
  ): Promise<SectionValues[]> {
    const errors: FieldError[] = [];
    const inputs: ExerciseRefInput[] = [];
    const where: [number, number][] = [];
    sections.forEach((s, si) =>
      (s.items ?? []).forEach((item, ii) => {
        const p = `${path}.${si}.items.${ii}.`;
        if (!item.exercise_id && !item.exercise_variant_id && !item.title) {
          errors.push({ path: `${p}title`, message: 'an item needs an exercise or a title' });
        }
        if (item.exercise_id || item.exercise_variant_id) {
          inputs.push({
            path: p,
            exercise_id: item.exercise_id,
            variant_id: item.exercise_variant_id,
          });
          where.push([si, ii]);
        }
      }),
    );
    if (errors.length) throw new ValidationFailedError('Some section items are empty.', errors);
    const resolved = await this.refs.check(ctx, inputs);
    const exerciseOf = new Map(where.map(([si, ii], k) => [`${si}.${ii}`, resolved[k]]));
    return sections.map((s, si) => ({
      title: s.title,
      notes: s.notes ?? null,
      duration_minutes: s.duration_minutes ?? null,
      items: (s.items ?? []).map((item, ii) => ({
        exercise_id: exerciseOf.get(`${si}.${ii}`) ?? null,
        exercise_variant_id: item.exercise_variant_id ?? null,
        title: item.title ?? null,
        notes: item.notes ?? null,
        duration_minutes: item.duration_minutes ?? null,
      })),
    }));
  }

  /**
   * Replaces the owner's sections and items (inside the caller's transaction); answers whether
   * that changed them (equal ones are no write).
   */
  replace(
    m: EntityManager,
    kind: SectionOwnerKind,
    ownerId: string,
    sections: SectionValues[],
  ): Promise<boolean> {
    return this.sections.replace(m, kind, ownerId, sections);
  }

  /** Copies the sections and items of one training unit to another (blueprint → club unit). */
  copyUnitSections(m: EntityManager, fromUnitId: string, toUnitId: string): Promise<void> {
    return this.sections.copyUnitSections(m, fromUnitId, toUnitId);
  }

  /** Sections (with items, in order) of each owner; owners without sections map to []. */
  load(
    kind: SectionOwnerKind,
    ownerIds: string[],
    manager?: EntityManager,
  ): Promise<Map<string, SectionResponse[]>> {
    return this.sections.load(kind, ownerIds, manager);
  }
}
