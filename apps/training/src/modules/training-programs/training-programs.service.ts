import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  FieldError,
  ForbiddenError,
  pageOf,
  UnprocessableError,
  withEntityTag,
  type WriteTarget,
} from '@sports/common';
import { DataSource } from 'typeorm';
import { GroupsService } from '../groups/groups.service';
import {
  hasClubRole,
  isClubMember,
  isPlatformAdmin,
  TenantContext,
} from '../tenant-context/tenant-context';
import { TrainingUnitsService } from '../training-units/training-units.service';
import type {
  CreateTrainingProgramRequest,
  ListTrainingProgramsQuery,
  TrainingProgramListResponse,
  TrainingProgramResponse,
  UpdateTrainingProgramRequest,
} from './dto/training-program.dto';
import {
  programNotFound,
  ProgramRow,
  ProgramValues,
  TrainingProgramsRepository,
} from './training-programs.repository';

const canWriteClub = (ctx: TenantContext, clubId: string): boolean =>
  isPlatformAdmin(ctx) || hasClubRole(ctx, clubId, 'club_admin', 'trainer');

/**
 * Training programs: multi-week programs of a club made of its training units. Club members
 * read; trainers, club admins and platform admins write.
 */
@Injectable()
export class TrainingProgramsService {
  constructor(
    private readonly repo: TrainingProgramsRepository,
    private readonly units: TrainingUnitsService,
    private readonly groups: GroupsService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  async list(
    ctx: TenantContext,
    query: ListTrainingProgramsQuery,
  ): Promise<TrainingProgramListResponse> {
    if (query.club_id && !isPlatformAdmin(ctx) && !isClubMember(ctx, query.club_id)) {
      throw new ForbiddenError('Only members of the club may list its training programs.');
    }
    const page = pageOf(query);
    const clubs = isPlatformAdmin(ctx) ? null : [...ctx.memberships.keys()];
    const { rows, total } = await this.repo.list(clubs, query.club_id, page);
    return { items: rows.map(toResponse), total, ...page };
  }

  /** The program with its row's version as entity tag. */
  async get(ctx: TenantContext, id: string): Promise<TrainingProgramResponse> {
    const row = await this.readable(ctx, id);
    return withEntityTag(toResponse(row), row.row_version);
  }

  async create(
    ctx: TenantContext,
    body: CreateTrainingProgramRequest,
  ): Promise<TrainingProgramResponse> {
    const clubId = body.club_id ?? ctx.effective_club_id;
    if (!clubId) {
      throw new UnprocessableError('A training program needs a club.', 'CLUB_REQUIRED', {
        errors: [{ path: 'club_id', message: 'required' }],
      });
    }
    if (!canWriteClub(ctx, clubId)) {
      throw new ForbiddenError(
        'Only trainers and club admins of the club create programs.',
        'CLUB_TRAINER_REQUIRED',
      );
    }
    const values = this.values(body, null);
    await this.check(clubId, values, body.units);
    const id = await this.dataSource.transaction(async (m) => {
      const newId = await this.repo.insert(m, clubId, values, ctx.profile_id);
      await this.repo.replaceUnits(m, newId, body.units ?? []);
      return newId;
    });
    return this.get(ctx, id);
  }

  /**
   * With `ifMatch`, only the program version it names is changed (checked in the UPDATE, which
   * the units are replaced after in the same transaction; 412 otherwise, nothing written).
   */
  async update(
    ctx: TenantContext,
    { id, ifMatch }: WriteTarget,
    body: UpdateTrainingProgramRequest,
  ): Promise<TrainingProgramResponse> {
    const current = await this.writable(ctx, id);
    const values = this.values(body, current);
    await this.check(current.club_id, values, body.units);
    await this.dataSource.transaction(async (m) => {
      // Units first: the program's version changes with them (a stale If-Match rolls them back).
      const unitsChanged = !!body.units && (await this.repo.replaceUnits(m, id, body.units));
      await this.repo.update(m, id, values, ifMatch, unitsChanged);
    });
    return this.get(ctx, id);
  }

  /** With `ifMatch`, only the program version it names is deleted (412 otherwise). */
  async remove(ctx: TenantContext, { id, ifMatch }: WriteTarget): Promise<void> {
    await this.writable(ctx, id);
    await this.repo.delete(id, ifMatch);
  }

  private async readable(ctx: TenantContext, id: string): Promise<ProgramRow> {
    const row = await this.repo.findById(id);
    if (!row || (!isPlatformAdmin(ctx) && !isClubMember(ctx, row.club_id))) {
      throw programNotFound(id)();
    }
    return row;
  }

  private async writable(ctx: TenantContext, id: string): Promise<ProgramRow> {
    const row = await this.readable(ctx, id);
    if (!canWriteClub(ctx, row.club_id)) {
      throw new ForbiddenError('Only trainers and club admins of the club change its programs.');
    }
    return row;
  }

  private values(body: UpdateTrainingProgramRequest, current: ProgramRow | null): ProgramValues {
    return {
      name: body.name ?? current?.name ?? '',
      description:
        body.description !== undefined ? body.description : (current?.description ?? null),
      group_id: body.group_id !== undefined ? body.group_id : (current?.group_id ?? null),
      weeks: body.weeks ?? current?.weeks ?? 1,
      starts_on: body.starts_on !== undefined ? body.starts_on : (current?.starts_on ?? null),
    };
  }

  /** The group and every unit belong to the program's club; unit weeks lie within the program. */
  private async check(
    clubId: string,
    v: ProgramValues,
    units: { unit_id: string; week: number }[] | undefined,
  ): Promise<void> {
    const errors: FieldError[] = [];
    if (v.group_id && !(await this.groups.findInClub(v.group_id, clubId))) {
      errors.push({ path: 'group_id', message: 'not a group of the program’s club' });
    }
    if (units) {
      const inClub = await this.units.unitIdsInClub(
        units.map((u) => u.unit_id),
        clubId,
      );
      const seen = new Set<string>();
      units.forEach((u, i) => {
        if (!inClub.has(u.unit_id)) {
          errors.push({
            path: `units.${i}.unit_id`,
            message: 'not a training unit of the program’s club',
          });
        }
        if (seen.has(u.unit_id))
          errors.push({ path: `units.${i}.unit_id`, message: 'listed twice' });
        seen.add(u.unit_id);
        if (u.week > v.weeks)
          errors.push({ path: `units.${i}.week`, message: `must be at most ${v.weeks}` });
      });
    }
    if (errors.length) {
      throw new UnprocessableError('The program does not fit its club.', 'INVALID_PROGRAM', {
        errors,
      });
    }
  }
}

function toResponse(r: ProgramRow): TrainingProgramResponse {
  return {
    id: r.id,
    club_id: r.club_id,
    group_id: r.group_id,
    name: r.name,
    description: r.description,
    weeks: r.weeks,
    starts_on: r.starts_on,
    created_by_profile_id: r.created_by_profile_id,
    units: r.units.map((u) => ({
      unit_id: u.unit_id,
      week: u.week,
      position: u.position,
      title: u.title,
      starts_at: u.starts_at ? new Date(u.starts_at).toISOString() : null,
    })),
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}
