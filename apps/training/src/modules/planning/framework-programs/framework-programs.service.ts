import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  FieldError,
  pageOf,
  UnprocessableError,
  withEntityTag,
  writeIfChanged,
  type WriteTarget,
} from '@sports/common';
import { DataSource, EntityManager } from 'typeorm';
import type { TenantContext } from '../../tenant-context/tenant-context';
import type { PlanContentListQuery } from '../dto/plan-content.dto';
import { LibraryContentRepository } from '../library-content.repository';
import { LibraryContentService, toPlanContentResponse } from '../library-content.service';
import { PlanSectionsRepository, SectionValues } from '../plan-sections.repository';
import { PlanSectionsService } from '../plan-sections.service';
import type {
  CreateFrameworkProgramRequest,
  FrameworkProgramListResponse,
  FrameworkProgramResponse,
  FrameworkProgramSummary,
  UpdateFrameworkProgramRequest,
} from './dto/framework-program.dto';
import { FrameworkProgramRow, FrameworkProgramsRepository } from './framework-programs.repository';

const TABLE = 'framework_programs';

/** A slot of the body, checked and ready to be written. */
interface PreparedSlot {
  id?: string;
  title: string;
  week: number | null;
  notes: string | null;
  unit: { title: string; notes: string | null; duration_minutes: number | null };
  sections: SectionValues[];
}

/**
 * Framework programs (library only): focus area, style direction, training types, target groups
 * and ordered slots, each with a blueprint training unit (sections and exercises). Read through
 * the common visibility check, written by the creator or a platform admin.
 */
@Injectable()
export class FrameworkProgramsService {
  constructor(
    private readonly library: LibraryContentService,
    private readonly repo: LibraryContentRepository,
    private readonly programs: FrameworkProgramsRepository,
    private readonly sections: PlanSectionsService,
    private readonly sectionRows: PlanSectionsRepository,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async list(
    ctx: TenantContext,
    query: PlanContentListQuery,
  ): Promise<FrameworkProgramListResponse> {
    const page = pageOf(query);
    const { rows, total } = await this.repo.list<FrameworkProgramRow>(
      ctx,
      TABLE,
      query,
      page,
      `, (SELECT count(*)::int FROM framework_slots s WHERE s.program_id = c.id) AS slot_count`,
    );
    return { items: rows.map((r) => this.summary(ctx, r)), total, ...page };
  }

  async get(ctx: TenantContext, id: string): Promise<FrameworkProgramResponse> {
    const row = await this.library.readable<FrameworkProgramRow>(ctx, TABLE, id);
    const slots = await this.programs.slots(id);
    const sections = await this.sectionRows.load(
      'training_unit',
      slots.map((s) => s.unit_id),
    );
    const response: FrameworkProgramResponse = {
      ...this.summary(ctx, { ...row, slot_count: slots.length }),
      slots: slots.map((s) => ({
        id: s.id,
        position: s.position,
        title: s.title,
        week: s.week,
        notes: s.notes,
        unit: {
          id: s.unit_id,
          title: s.unit_title,
          notes: s.unit_notes,
          duration_minutes: s.unit_duration_minutes,
          sections: sections.get(s.unit_id) ?? [],
        },
      })),
    };
    return withEntityTag(response, row.row_version);
  }

  /** For POST /api/training-units/from-framework-slot: the slot when its program is readable. */
  async readableSlot(
    ctx: TenantContext,
    slotId: string,
  ): Promise<{ slot_id: string; program_id: string; unit_id: string } | null> {
    const slot = await this.programs.slotWithProgram(slotId);
    if (!slot) return null;
    try {
      await this.library.readable(ctx, TABLE, slot.program_id);
    } catch {
      return null;
    }
    return slot;
  }

  async create(
    ctx: TenantContext,
    body: CreateFrameworkProgramRequest,
  ): Promise<FrameworkProgramResponse> {
    const values = await this.library.values(ctx, body, null);
    await this.checkCatalogs(body);
    const slots = await this.prepareSlots(ctx, body.slots ?? []);
    const id = await this.dataSource.transaction(async (m) => {
      const newId = await this.repo.insert(m, TABLE, values, ctx.profile_id, {
        focus_area_id: body.focus_area_id ?? null,
        style_direction_id: body.style_direction_id ?? null,
        training_type_ids: body.training_type_ids ?? [],
        target_group_ids: body.target_group_ids ?? [],
      });
      await this.writeSlots(m, ctx, newId, slots);
      return newId;
    });
    return this.get(ctx, id);
  }

  /**
   * With If-Match only the version it names is changed (checked on the locked row; 412
   * otherwise, nothing written). The program's row is updated on every write, slots too.
   */
  async update(
    ctx: TenantContext,
    { id, ifMatch }: WriteTarget,
    body: UpdateFrameworkProgramRequest,
  ): Promise<FrameworkProgramResponse> {
    await this.checkCatalogs(body);
    const slots = body.slots ? await this.prepareSlots(ctx, body.slots) : null;
    await this.dataSource.transaction(async (m) => {
      const current = await this.library.writable<FrameworkProgramRow>(ctx, TABLE, id, m, ifMatch);
      const values = await this.library.values(ctx, body, current);
      let slotsChanged = false;
      if (slots) {
        const existing = new Set((await this.programs.slots(id, m)).map((s) => s.id));
        const errors: FieldError[] = [];
        slots.forEach((s, i) => {
          if (s.id && !existing.has(s.id)) {
            errors.push({ path: `slots.${i}.id`, message: 'not a slot of this program' });
          }
        });
        if (errors.length) {
          throw new UnprocessableError('Unknown slot ids.', 'UNKNOWN_FRAMEWORK_SLOT', { errors });
        }
        slotsChanged = await writeIfChanged(
          m,
          () => this.slotsAsStored(m, id),
          () => this.writeSlots(m, ctx, id, slots),
        );
      }
      await this.repo.update(
        m,
        TABLE,
        id,
        {
          ...values,
          focus_area_id: body.focus_area_id,
          style_direction_id: body.style_direction_id,
          training_type_ids: body.training_type_ids ?? undefined,
          target_group_ids: body.target_group_ids ?? undefined,
        },
        slotsChanged,
      );
    });
    return this.get(ctx, id);
  }

  /** With If-Match only the version it names is deleted. */
  async remove(ctx: TenantContext, { id, ifMatch }: WriteTarget): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await this.library.writable(ctx, TABLE, id, m, ifMatch);
      await this.repo.delete(m, TABLE, id);
    });
  }

  private async checkCatalogs(body: UpdateFrameworkProgramRequest): Promise<void> {
    await this.library.assertCatalogIds([
      {
        path: 'focus_area_id',
        table: 'focus_areas',
        ids: body.focus_area_id ? [body.focus_area_id] : [],
      },
      {
        path: 'style_direction_id',
        table: 'style_directions',
        ids: body.style_direction_id ? [body.style_direction_id] : [],
      },
      { path: 'training_type_ids', table: 'training_types', ids: body.training_type_ids ?? [] },
      { path: 'target_group_ids', table: 'target_groups', ids: body.target_group_ids ?? [] },
    ]);
  }

  private async prepareSlots(
    ctx: TenantContext,
    slots: NonNullable<CreateFrameworkProgramRequest['slots']>,
  ): Promise<PreparedSlot[]> {
    const out: PreparedSlot[] = [];
    for (const [i, s] of slots.entries()) {
      out.push({
        id: s.id,
        title: s.title,
        week: s.week ?? null,
        notes: s.notes ?? null,
        unit: {
          title: s.unit?.title ?? s.title,
          notes: s.unit?.notes ?? null,
          duration_minutes: s.unit?.duration_minutes ?? null,
        },
        sections: await this.sections.prepare(
          ctx,
          s.unit?.sections ?? [],
          `slots.${i}.unit.sections`,
        ),
      });
    }
    return out;
  }

  /** Keeps listed slots (updated in place), inserts new ones and removes the rest. */
  /** The program's slots with their blueprints as stored, without generated ids. */
  private async slotsAsStored(m: EntityManager, programId: string): Promise<unknown[]> {
    const slots = await this.programs.slots(programId, m);
    const sections = await this.sectionRows.contentOf(
      m,
      'training_unit',
      slots.map((s) => s.unit_id),
    );
    return slots.map(({ unit_id, ...slot }) => ({ ...slot, sections: sections.get(unit_id) }));
  }

  private async writeSlots(
    m: EntityManager,
    ctx: TenantContext,
    programId: string,
    slots: PreparedSlot[],
  ): Promise<void> {
    await this.programs.deleteSlots(
      m,
      programId,
      slots.map((s) => s.id).filter((v): v is string => !!v),
    );
    for (const [position, s] of slots.entries()) {
      const slotValues = { position, title: s.title, week: s.week, notes: s.notes };
      const unitId = s.id
        ? await this.programs.updateSlot(m, s.id, slotValues, s.unit)
        : await this.programs.insertSlot(m, programId, slotValues, s.unit, ctx.profile_id);
      await this.sectionRows.replace(m, 'training_unit', unitId, s.sections);
    }
  }

  private summary(ctx: TenantContext, r: FrameworkProgramRow): FrameworkProgramSummary {
    return {
      ...toPlanContentResponse(ctx, r),
      focus_area_id: r.focus_area_id,
      style_direction_id: r.style_direction_id,
      training_type_ids: r.training_type_ids,
      target_group_ids: r.target_group_ids,
      slot_count: r.slot_count ?? 0,
    };
  }
}
