import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { VisibleContent } from '../content-access/content-visibility';

export interface ExerciseRef extends VisibleContent {
  id: string;
  title: string;
}

export interface VariantRef {
  id: string;
  exercise_id: string;
}

/**
 * Read-only look-ups of the exercises and variants that planning content references (the
 * columns the visibility check needs). The exercises module exports no batch look-up, and
 * one query per reference would make a 50-edge sequence 50 round trips.
 */
@Injectable()
export class ExerciseRefsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async exercises(ids: string[], manager?: EntityManager): Promise<Map<string, ExerciseRef>> {
    if (ids.length === 0) return new Map();
    const rows: ExerciseRef[] = await (manager ?? this.dataSource).query(
      `SELECT id, title, visibility, club_id, owner_profile_id FROM exercises WHERE id = ANY($1::uuid[])`,
      [[...new Set(ids)]],
    );
    return new Map(rows.map((r) => [r.id, r]));
  }

  async variants(ids: string[], manager?: EntityManager): Promise<Map<string, VariantRef>> {
    if (ids.length === 0) return new Map();
    const rows: VariantRef[] = await (manager ?? this.dataSource).query(
      `SELECT id, exercise_id FROM exercise_variants WHERE id = ANY($1::uuid[])`,
      [[...new Set(ids)]],
    );
    return new Map(rows.map((r) => [r.id, r]));
  }
}
