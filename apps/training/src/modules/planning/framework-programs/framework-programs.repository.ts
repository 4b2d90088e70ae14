import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { LibraryRow } from '../library-content.repository';

export interface FrameworkProgramRow extends LibraryRow {
  focus_area_id: string | null;
  style_direction_id: string | null;
  training_type_ids: string[];
  target_group_ids: string[];
  slot_count?: number;
}

export interface SlotRow {
  id: string;
  program_id: string;
  position: number;
  title: string;
  week: number | null;
  notes: string | null;
  unit_id: string;
  unit_title: string;
  unit_notes: string | null;
  unit_duration_minutes: number | null;
}

export interface SlotValues {
  position: number;
  title: string;
  week: number | null;
  notes: string | null;
}

export interface BlueprintValues {
  title: string;
  notes: string | null;
  duration_minutes: number | null;
}

/** Queries on framework_slots and the blueprint training units of the slots. */
@Injectable()
export class FrameworkProgramsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  slots(programId: string, manager?: EntityManager): Promise<SlotRow[]> {
    return (manager ?? this.dataSource).query(
      `SELECT s.id, s.program_id, s.position, s.title, s.week, s.notes,
              u.id AS unit_id, u.title AS unit_title, u.notes AS unit_notes,
              u.duration_minutes AS unit_duration_minutes
       FROM framework_slots s JOIN training_units u ON u.framework_slot_id = s.id
       WHERE s.program_id = $1 ORDER BY s.position`,
      [programId],
    );
  }

  async slotWithProgram(
    slotId: string,
  ): Promise<{ slot_id: string; program_id: string; unit_id: string; title: string } | null> {
    const rows = await this.dataSource.query(
      `SELECT s.id AS slot_id, s.program_id, u.id AS unit_id, s.title
       FROM framework_slots s JOIN training_units u ON u.framework_slot_id = s.id WHERE s.id = $1`,
      [slotId],
    );
    return rows[0] ?? null;
  }

  async insertSlot(
    m: EntityManager,
    programId: string,
    slot: SlotValues,
    unit: BlueprintValues,
    createdBy: string,
  ): Promise<string> {
    const [{ id }] = await m.query(
      `INSERT INTO framework_slots (program_id, position, title, week, notes)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [programId, slot.position, slot.title, slot.week, slot.notes],
    );
    const [{ id: unitId }] = await m.query(
      `INSERT INTO training_units (title, notes, duration_minutes, framework_slot_id, created_by_profile_id)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [unit.title, unit.notes, unit.duration_minutes, id, createdBy],
    );
    return unitId;
  }

  async updateSlot(
    m: EntityManager,
    slotId: string,
    slot: SlotValues,
    unit: BlueprintValues,
  ): Promise<string> {
    await m.query(
      `UPDATE framework_slots SET position = $2, title = $3, week = $4, notes = $5, updated_at = now()
       WHERE id = $1`,
      [slotId, slot.position, slot.title, slot.week, slot.notes],
    );
    const [[{ id }]] = await m.query(
      `UPDATE training_units SET title = $2, notes = $3, duration_minutes = $4, updated_at = now()
       WHERE framework_slot_id = $1 RETURNING id`,
      [slotId, unit.title, unit.notes, unit.duration_minutes],
    );
    return id;
  }

  async deleteSlots(m: EntityManager, programId: string, keep: string[]): Promise<void> {
    await m.query(
      `DELETE FROM framework_slots WHERE program_id = $1 AND NOT (id = ANY($2::uuid[]))`,
      [programId, keep],
    );
  }
}
