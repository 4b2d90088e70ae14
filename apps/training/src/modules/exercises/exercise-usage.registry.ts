import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** One place an exercise is used, e.g. a plan section or a progression edge. */
export interface ExerciseUsage {
  /** Kind of the using record: `plan_section`, `training_block`, `progression_edge`, ... */
  kind: string;
  id: string;
  /** A human label of the using record (plan name, graph name, ...). */
  label: string | null;
}

/**
 * A source of usages. `find` answers the usages of the given exercises inside the caller's
 * transaction (so a delete cannot race with a new usage when the source locks or the FK holds).
 */
export interface ExerciseUsageSource {
  kind: string;
  find(
    manager: EntityManager,
    exerciseIds: string[],
  ): Promise<(ExerciseUsage & { exercise_id: string })[]>;
}

/**
 * Modules that reference exercises (planning: plan sections and blocks; progression graphs:
 * edges) register a usage source here in `onModuleInit`. Deleting an exercise asks every
 * source and is refused with 409 RESOURCE_IN_USE naming the usages when any answers.
 */
@Injectable()
export class ExerciseUsageRegistry {
  private readonly sources = new Map<string, ExerciseUsageSource>();

  register(source: ExerciseUsageSource): void {
    this.sources.set(source.kind, source);
  }

  unregister(kind: string): void {
    this.sources.delete(kind);
  }

  kinds(): string[] {
    return [...this.sources.keys()];
  }

  /** Usages of the exercises, grouped by exercise id (exercises without usages are absent). */
  async usagesOf(
    manager: EntityManager,
    exerciseIds: string[],
  ): Promise<Map<string, ExerciseUsage[]>> {
    const out = new Map<string, ExerciseUsage[]>();
    if (exerciseIds.length === 0) return out;
    for (const source of this.sources.values()) {
      for (const { exercise_id, ...usage } of await source.find(manager, exerciseIds)) {
        const list = out.get(exercise_id) ?? [];
        list.push(usage);
        out.set(exercise_id, list);
      }
    }
    return out;
  }
}
