import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { writeIfChanged } from '@sports/common';
import { DataSource, EntityManager } from 'typeorm';
import type { SectionResponse } from './dto/plan-sections.dto';

/** Sections belong either to a plan template or to a training unit (blueprints included). */
export type SectionOwnerKind = 'plan_template' | 'training_unit';

const OWNER_COLUMN: Record<SectionOwnerKind, string> = {
  plan_template: 'plan_template_id',
  training_unit: 'training_unit_id',
};

/** A section ready to be written: items carry their resolved exercise id. */
export interface SectionValues {
  title: string;
  notes: string | null;
  duration_minutes: number | null;
  items: {
    exercise_id: string | null;
    exercise_variant_id: string | null;
    title: string | null;
    notes: string | null;
    duration_minutes: number | null;
  }[];
}

/** The only queries on plan_sections and plan_section_items. */
@Injectable()
export class PlanSectionsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Replaces the owner's sections and items with `sections` (inside the caller's transaction);
   * answers whether that changed them. Sections equal to the stored ones are no write: they
   * keep their ids (`writeIfChanged`).
   */
  replace(
    m: EntityManager,
    kind: SectionOwnerKind,
    ownerId: string,
    sections: SectionValues[],
  ): Promise<boolean> {
    return writeIfChanged(
      m,
      async () => (await this.contentOf(m, kind, [ownerId])).get(ownerId),
      () => this.write(m, kind, ownerId, sections),
    );
  }

  /** The sections and items of each owner as stored, without their generated ids. */
  async contentOf(
    m: EntityManager,
    kind: SectionOwnerKind,
    ownerIds: string[],
  ): Promise<Map<string, unknown[]>> {
    const loaded = await this.load(kind, ownerIds, m);
    return new Map(
      [...loaded].map(([owner, sections]) => [
        owner,
        sections.map(({ id: _section, items, ...section }) => ({
          ...section,
          items: items.map(({ id: _item, ...item }) => item),
        })),
      ]),
    );
  }

  private async write(
    m: EntityManager,
    kind: SectionOwnerKind,
    ownerId: string,
    sections: SectionValues[],
  ): Promise<void> {
    const col = OWNER_COLUMN[kind];
    await m.query(`DELETE FROM plan_sections WHERE ${col} = $1`, [ownerId]);
    if (sections.length === 0) return;
    const sectionRows = sections.map((s, position) => ({
      position,
      title: s.title,
      notes: s.notes,
      duration_minutes: s.duration_minutes,
    }));
    const itemRows = sections.flatMap((s, sp) =>
      s.items.map((i, position) => ({ section_position: sp, position, ...i })),
    );
    await m.query(
      `WITH s AS (
         INSERT INTO plan_sections (${col}, position, title, notes, duration_minutes)
         SELECT $1, x.position, x.title, x.notes, x.duration_minutes
         FROM jsonb_to_recordset($2::jsonb) AS x(position int, title text, notes text, duration_minutes int)
         RETURNING id, position)
       INSERT INTO plan_section_items (section_id, position, exercise_id, exercise_variant_id, title, notes, duration_minutes)
       SELECT s.id, i.position, i.exercise_id, i.exercise_variant_id, i.title, i.notes, i.duration_minutes
       FROM jsonb_to_recordset($3::jsonb) AS i(section_position int, position int, exercise_id uuid,
              exercise_variant_id uuid, title text, notes text, duration_minutes int)
       JOIN s ON s.position = i.section_position`,
      [ownerId, JSON.stringify(sectionRows), JSON.stringify(itemRows)],
    );
  }

  /** Copies the sections and items of one training unit to another (blueprint → club unit). */
  async copyUnitSections(m: EntityManager, fromUnitId: string, toUnitId: string): Promise<void> {
    await m.query(
      `WITH src AS (SELECT id, position, title, notes, duration_minutes FROM plan_sections WHERE training_unit_id = $1),
       ins AS (
         INSERT INTO plan_sections (training_unit_id, position, title, notes, duration_minutes)
         SELECT $2, position, title, notes, duration_minutes FROM src
         RETURNING id, position)
       INSERT INTO plan_section_items (section_id, position, exercise_id, exercise_variant_id, title, notes, duration_minutes)
       SELECT ins.id, i.position, i.exercise_id, i.exercise_variant_id, i.title, i.notes, i.duration_minutes
       FROM src JOIN ins ON ins.position = src.position JOIN plan_section_items i ON i.section_id = src.id`,
      [fromUnitId, toUnitId],
    );
  }

  /** Sections (with items, in order) of each owner; owners without sections map to []. */
  async load(
    kind: SectionOwnerKind,
    ownerIds: string[],
    manager?: EntityManager,
  ): Promise<Map<string, SectionResponse[]>> {
    const out = new Map<string, SectionResponse[]>(ownerIds.map((id) => [id, []]));
    if (ownerIds.length === 0) return out;
    const col = OWNER_COLUMN[kind];
    const rows: (SectionResponse & { owner_id: string })[] = await (
      manager ?? this.dataSource
    ).query(
      `SELECT s.${col} AS owner_id, s.id, s.position, s.title, s.notes, s.duration_minutes,
         COALESCE((
           SELECT json_agg(json_build_object(
             'id', i.id, 'position', i.position, 'exercise_id', i.exercise_id,
             'exercise_variant_id', i.exercise_variant_id, 'exercise_title', e.title,
             'title', i.title, 'notes', i.notes, 'duration_minutes', i.duration_minutes)
             ORDER BY i.position)
           FROM plan_section_items i LEFT JOIN exercises e ON e.id = i.exercise_id
           WHERE i.section_id = s.id), '[]'::json) AS items
       FROM plan_sections s WHERE s.${col} = ANY($1::uuid[])
       ORDER BY s.position`,
      [ownerIds],
    );
    for (const { owner_id, ...section } of rows) out.get(owner_id)?.push(section);
    return out;
  }

  /** Plan templates whose sections use the exercises (for the exercise usage registry). */
  templateUsages(
    m: EntityManager,
    exerciseIds: string[],
  ): Promise<{ exercise_id: string; id: string; label: string }[]> {
    return m.query(
      `SELECT DISTINCT i.exercise_id, t.id, t.name AS label
       FROM plan_section_items i JOIN plan_sections s ON s.id = i.section_id
       JOIN plan_templates t ON t.id = s.plan_template_id
       WHERE i.exercise_id = ANY($1::uuid[])`,
      [exerciseIds],
    );
  }

  /** Training units (blueprints of framework slots included) using the exercises. */
  unitUsages(
    m: EntityManager,
    exerciseIds: string[],
  ): Promise<{ exercise_id: string; id: string; label: string }[]> {
    return m.query(
      `SELECT DISTINCT i.exercise_id, u.id, u.title AS label
       FROM plan_section_items i JOIN plan_sections s ON s.id = i.section_id
       JOIN training_units u ON u.id = s.training_unit_id
       WHERE i.exercise_id = ANY($1::uuid[])`,
      [exerciseIds],
    );
  }
}
