import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  assertIfMatch,
  FieldError,
  ForbiddenError,
  NotFoundError,
  pageOf,
  UnprocessableError,
  withEntityTag,
  WriteTarget,
} from '@sports/common';
import { DataSource } from 'typeorm';
import { ClubMembershipsService } from '../club-memberships/club-memberships.service';
import { GroupsService } from '../groups/groups.service';
import { FrameworkProgramsService } from '../planning/framework-programs/framework-programs.service';
import { LibraryContentService } from '../planning/library-content.service';
import { PlanSectionsService, SectionValues } from '../planning/plan-sections.service';
import {
  canAdministerClub,
  hasClubRole,
  isClubMember,
  isPlatformAdmin,
  TenantContext,
} from '../tenant-context/tenant-context';
import type {
  CreateTrainingUnitRequest,
  FromFrameworkSlotRequest,
  ListTrainingUnitsQuery,
  TrainingUnitListResponse,
  TrainingUnitResponse,
  TrainingUnitSummary,
  UpdateTrainingUnitRequest,
} from './dto/training-unit.dto';
import {
  TrainingUnitsRepository,
  UnitListCaller,
  UnitRow,
  UnitValues,
} from './training-units.repository';

/** The caller is the creator or (effectively) assigned to the unit. */
function isInvolved(ctx: TenantContext, u: UnitRow): boolean {
  return (
    u.created_by_profile_id === ctx.profile_id ||
    u.effective_lead_trainer_profile_id === ctx.profile_id ||
    u.effective_assistant_trainer_profile_ids.includes(ctx.profile_id)
  );
}

/**
 * Who may change or delete a unit (behaviour rule 5): club organisation rights (club admins of
 * the unit's club, platform admins), and the unit's creator or effective lead trainer while
 * they hold the trainer role in that club.
 */
export function canEditUnit(ctx: TenantContext, u: UnitRow): boolean {
  if (canAdministerClub(ctx, u.club_id)) return true;
  return (
    hasClubRole(ctx, u.club_id, 'trainer') &&
    (u.created_by_profile_id === ctx.profile_id ||
      u.effective_lead_trainer_profile_id === ctx.profile_id)
  );
}

/**
 * Training units of a club: trainers per unit (lead substitutes are validated against the
 * group's club; NULL assistants mean the group default), sections with exercise items, media
 * links, copies of framework-slot blueprints.
 */
@Injectable()
export class TrainingUnitsService {
  constructor(
    private readonly repo: TrainingUnitsRepository,
    private readonly groups: GroupsService,
    private readonly memberships: ClubMembershipsService,
    private readonly sections: PlanSectionsService,
    private readonly library: LibraryContentService,
    private readonly frameworks: FrameworkProgramsService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async list(ctx: TenantContext, query: ListTrainingUnitsQuery): Promise<TrainingUnitListResponse> {
    const page = pageOf(query);
    if (query.club_id && !isPlatformAdmin(ctx) && !isClubMember(ctx, query.club_id)) {
      throw new ForbiddenError('Only members of the club may list its training units.');
    }
    const admin = isPlatformAdmin(ctx);
    const caller: UnitListCaller = {
      profile_id: ctx.profile_id,
      member_club_ids: admin ? null : [...ctx.memberships.keys()],
      admin_club_ids: admin
        ? null
        : [...ctx.memberships.entries()]
            .filter(([, r]) => r.includes('club_admin'))
            .map(([c]) => c),
    };
    const filter = {
      club_id: query.club_id,
      group_id: query.group_id,
      assigned_to_me: query.assigned_to_me,
      sort: query.sort,
    };
    const { rows, total } = await this.repo.list(caller, filter, page);
    return { items: rows.map((r) => this.summary(ctx, r)), total, ...page };
  }

  async get(ctx: TenantContext, id: string): Promise<TrainingUnitResponse> {
    const unit = await this.readable(ctx, id);
    const sections = (await this.sections.load('training_unit', [id])).get(id) ?? [];
    const media_asset_ids = await this.repo.mediaOf(id);
    return withEntityTag(
      { ...this.summary(ctx, unit), sections, media_asset_ids },
      unit.row_version,
    );
  }

  async create(ctx: TenantContext, body: CreateTrainingUnitRequest): Promise<TrainingUnitResponse> {
    const clubId = this.creatableClub(ctx, body.club_id);
    const values = this.values(body, null);
    await this.assertTrainers(clubId, values);
    let sections: SectionValues[] | null = body.sections
      ? await this.sections.prepare(ctx, body.sections)
      : null;
    if (values.plan_template_id) await this.assertTemplate(ctx, values.plan_template_id);
    const media = body.media_asset_ids ? await this.checkedMedia(ctx, body.media_asset_ids) : null;
    const id = await this.dataSource.transaction(async (m) => {
      const newId = await this.repo.insert(m, clubId, values, ctx.profile_id);
      if (sections) {
        await this.sections.replace(m, 'training_unit', newId, sections);
      } else if (values.plan_template_id) {
        const tpl = (await this.sections.load('plan_template', [values.plan_template_id], m)).get(
          values.plan_template_id,
        );
        sections = (tpl ?? []).map((s) => ({
          title: s.title,
          notes: s.notes,
          duration_minutes: s.duration_minutes,
          items: s.items.map((i) => ({
            exercise_id: i.exercise_id,
            exercise_variant_id: i.exercise_variant_id,
            title: i.title,
            notes: i.notes,
            duration_minutes: i.duration_minutes,
          })),
        }));
        await this.sections.replace(m, 'training_unit', newId, sections);
      }
      if (media) await this.repo.replaceMedia(m, newId, media);
      return newId;
    });
    return this.get(ctx, id);
  }

  /**
   * With If-Match, only the version it names is replaced: checked on the unit row locked for
   * the update (412 otherwise, nothing written). Sections and media links are the unit's
   * children: they change only through this write, which always gives the unit a new version.
   */
  async update(
    ctx: TenantContext,
    { id, ifMatch }: WriteTarget,
    body: UpdateTrainingUnitRequest,
  ): Promise<TrainingUnitResponse> {
    const sections = body.sections ? await this.sections.prepare(ctx, body.sections) : null;
    const media = body.media_asset_ids ? await this.checkedMedia(ctx, body.media_asset_ids) : null;
    await this.dataSource.transaction(async (m) => {
      const current = await this.repo.findById(id, m, true);
      this.assertEditable(ctx, id, current);
      assertIfMatch(ifMatch, current!.row_version);
      const values = this.values(body, current!);
      await this.assertTrainers(current!.club_id, values);
      if (values.plan_template_id && values.plan_template_id !== current!.plan_template_id) {
        await this.assertTemplate(ctx, values.plan_template_id);
      }
      // Parts first: the unit's version changes with them, and stays when nothing changed.
      const sectionsChanged =
        !!sections && (await this.sections.replace(m, 'training_unit', id, sections));
      const mediaChanged = !!media && (await this.repo.replaceMedia(m, id, media));
      await this.repo.update(m, id, values, sectionsChanged || mediaChanged);
    });
    return this.get(ctx, id);
  }

  /** With If-Match, only the version it names is deleted (checked on the locked row). */
  async remove(ctx: TenantContext, { id, ifMatch }: WriteTarget): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      const current = await this.repo.findById(id, m, true);
      this.assertEditable(ctx, id, current);
      assertIfMatch(ifMatch, current!.row_version);
      await this.repo.delete(m, id);
    });
  }

  /** Copies a framework slot's blueprint (sections and items) into a new unit of a club. */
  async fromFrameworkSlot(
    ctx: TenantContext,
    body: FromFrameworkSlotRequest,
  ): Promise<TrainingUnitResponse> {
    const slot = await this.frameworks.readableSlot(ctx, body.framework_slot_id);
    if (!slot) throw new NotFoundError('Framework slot', body.framework_slot_id);
    const blueprint = await this.repo.blueprint(slot.unit_id);
    if (!blueprint) throw new NotFoundError('Framework slot', body.framework_slot_id);
    const clubId = this.creatableClub(ctx, body.club_id);
    const values: UnitValues = {
      title: body.title ?? blueprint.title,
      notes: blueprint.notes,
      group_id: body.group_id ?? null,
      starts_at: body.starts_at ?? null,
      duration_minutes: blueprint.duration_minutes,
      location: null,
      status: 'scheduled',
      lead_trainer_profile_id: body.lead_trainer_profile_id ?? null,
      assistant_trainer_profile_ids: body.assistant_trainer_profile_ids ?? null,
      plan_template_id: null,
    };
    await this.assertTrainers(clubId, values);
    const id = await this.dataSource.transaction(async (m) => {
      const newId = await this.repo.insert(m, clubId, values, ctx.profile_id, slot.slot_id);
      await this.sections.copyUnitSections(m, slot.unit_id, newId);
      return newId;
    });
    return this.get(ctx, id);
  }

  /** For training programs: which of `ids` are units of `clubId`. */
  unitIdsInClub(ids: string[], clubId: string): Promise<Set<string>> {
    return this.repo.idsInClub(ids, clubId);
  }

  // ---- rules ----

  private async readable(ctx: TenantContext, id: string): Promise<UnitRow> {
    const unit = await this.repo.findById(id);
    if (!unit || (!isPlatformAdmin(ctx) && !isClubMember(ctx, unit.club_id))) {
      throw new NotFoundError('Training unit', id);
    }
    if (!canAdministerClub(ctx, unit.club_id) && !isInvolved(ctx, unit)) {
      throw new ForbiddenError('Only club admins and the unit’s trainers may see this unit.');
    }
    return unit;
  }

  private assertEditable(ctx: TenantContext, id: string, unit: UnitRow | null): void {
    if (!unit || (!isPlatformAdmin(ctx) && !isClubMember(ctx, unit.club_id))) {
      throw new NotFoundError('Training unit', id);
    }
    if (!canEditUnit(ctx, unit)) {
      throw new ForbiddenError(
        'Training units are changed by club admins, platform admins and their own trainers.',
      );
    }
  }

  /** The club of a new unit: the body's or the effective one; trainers and club admins create. */
  private creatableClub(ctx: TenantContext, bodyClubId: string | undefined): string {
    const clubId = bodyClubId ?? ctx.effective_club_id;
    if (!clubId) {
      throw new UnprocessableError(
        'A training unit needs a club: send club_id or choose an active club.',
        'CLUB_REQUIRED',
        { errors: [{ path: 'club_id', message: 'required' }] },
      );
    }
    if (!isPlatformAdmin(ctx) && !hasClubRole(ctx, clubId, 'trainer', 'club_admin')) {
      throw new ForbiddenError(
        'Only trainers and club admins of the club create training units.',
        'CLUB_TRAINER_REQUIRED',
        { extensions: { club_id: clubId } },
      );
    }
    return clubId;
  }

  private values(body: UpdateTrainingUnitRequest, current: UnitRow | null): UnitValues {
    const pick = <K extends keyof UnitValues>(k: K): UnitValues[K] => {
      const sent = (body as Partial<UnitValues>)[k];
      if (sent !== undefined) return sent as UnitValues[K];
      return (current ? current[k] : null) as UnitValues[K];
    };
    return {
      title: body.title ?? current?.title ?? '',
      notes: pick('notes'),
      group_id: pick('group_id'),
      starts_at: body.starts_at !== undefined ? body.starts_at : (current?.starts_at ?? null),
      duration_minutes: pick('duration_minutes'),
      location: pick('location'),
      status: body.status ?? current?.status ?? 'scheduled',
      lead_trainer_profile_id: pick('lead_trainer_profile_id'),
      assistant_trainer_profile_ids: pick('assistant_trainer_profile_ids'),
      plan_template_id: pick('plan_template_id'),
    };
  }

  /**
   * The group must belong to the unit's club, and every named trainer must be a member of that
   * club (any member may substitute as lead; behaviour rule 5). The lead is not an assistant.
   */
  private async assertTrainers(clubId: string, v: UnitValues): Promise<void> {
    const errors: FieldError[] = [];
    if (v.group_id && !(await this.groups.findInClub(v.group_id, clubId))) {
      errors.push({ path: 'group_id', message: 'not a group of the unit’s club' });
    }
    const ids = [
      ...(v.lead_trainer_profile_id ? [v.lead_trainer_profile_id] : []),
      ...(v.assistant_trainer_profile_ids ?? []),
    ];
    const roles = await this.memberships.rolesOfProfiles(clubId, ids);
    if (v.lead_trainer_profile_id && !roles.has(v.lead_trainer_profile_id)) {
      errors.push({ path: 'lead_trainer_profile_id', message: 'not a member of the group’s club' });
    }
    (v.assistant_trainer_profile_ids ?? []).forEach((id, i) => {
      if (!roles.has(id)) {
        errors.push({
          path: `assistant_trainer_profile_ids.${i}`,
          message: 'not a member of the group’s club',
        });
      } else if (id === v.lead_trainer_profile_id) {
        errors.push({
          path: `assistant_trainer_profile_ids.${i}`,
          message: 'the lead trainer cannot also be an assistant',
        });
      }
    });
    if (errors.length) {
      throw new UnprocessableError(
        'Trainers of a unit must be members of the club of its group.',
        'INVALID_UNIT_TRAINER',
        { errors },
      );
    }
  }

  private async assertTemplate(ctx: TenantContext, templateId: string): Promise<void> {
    try {
      await this.library.readable(ctx, 'plan_templates', templateId);
    } catch {
      throw new UnprocessableError('Unknown plan template.', 'UNKNOWN_PLAN_TEMPLATE', {
        errors: [{ path: 'plan_template_id', message: 'unknown or not visible plan template' }],
      });
    }
  }

  private async checkedMedia(ctx: TenantContext, ids: string[]): Promise<string[]> {
    const readable = await this.repo.readableMediaIds(
      ids,
      ctx.profile_id,
      isPlatformAdmin(ctx) ? null : [...ctx.memberships.keys()],
    );
    if (readable === null) return ids;
    const errors = ids
      .map((id, i) => ({ id, i }))
      .filter(({ id }) => !readable.has(id))
      .map(({ i }) => ({
        path: `media_asset_ids.${i}`,
        message: 'unknown or not visible media asset',
      }));
    if (errors.length) {
      throw new UnprocessableError('Some media assets are unknown.', 'UNKNOWN_MEDIA_ASSET', {
        errors,
      });
    }
    return ids;
  }

  private summary(ctx: TenantContext, u: UnitRow): TrainingUnitSummary {
    return {
      id: u.id,
      title: u.title,
      notes: u.notes,
      club_id: u.club_id,
      group_id: u.group_id,
      starts_at: u.starts_at,
      duration_minutes: u.duration_minutes,
      location: u.location,
      status: u.status,
      sequence: u.sequence,
      lead_trainer_profile_id: u.lead_trainer_profile_id,
      assistant_trainer_profile_ids: u.assistant_trainer_profile_ids,
      effective_lead_trainer_profile_id: u.effective_lead_trainer_profile_id,
      lead_trainer_name: u.lead_trainer_name,
      effective_assistant_trainer_profile_ids: u.effective_assistant_trainer_profile_ids,
      plan_template_id: u.plan_template_id,
      origin_framework_slot_id: u.origin_framework_slot_id,
      created_by_profile_id: u.created_by_profile_id,
      can_edit: canEditUnit(ctx, u),
      created_at: u.created_at,
      updated_at: u.updated_at,
    };
  }
}
