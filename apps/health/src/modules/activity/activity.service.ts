import { Injectable } from '@nestjs/common';
import {
  FieldError,
  NotFoundError,
  ValidationFailedError,
  assertIfMatch,
  withEntityTag,
  WriteTarget,
  VersionedRow,
} from '@sports/common';
import { ActivityEntry } from './activity.entity';
import { ActivityRepository, ActivityRow, ActivityValues } from './activity.repository';
import type {
  ActivityListResponse,
  ActivityResponse,
  CreateActivityRequest,
  ListActivityQuery,
  UpdateActivityRequest,
} from './dto/activity.dto';

export const ACTIVITY_DEFAULT_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

@Injectable()
export class ActivityService {
  constructor(private readonly activities: ActivityRepository) {}

  async list(userId: string, query: ListActivityQuery): Promise<ActivityListResponse> {
    const days = query.days ?? ACTIVITY_DEFAULT_DAYS;
    const { limit, offset } = query;
    const since = new Date(Date.now() - days * DAY_MS);
    const { rows, total } = await this.activities.listSince(userId, since, { limit, offset });
    return { items: rows.map(activityRowBody), total, limit, offset, days };
  }

  async get(userId: string, id: string): Promise<ActivityResponse> {
    const row = await this.activities.findOwnedRow(userId, id);
    if (!row) throw new NotFoundError('Activity', id);
    return activityRowResponse(row);
  }

  async create(userId: string, input: CreateActivityRequest): Promise<ActivityResponse> {
    const values: ActivityValues = {
      activityType: input.activity_type,
      startedAt: new Date(input.started_at),
      durationMin: input.duration_min,
      distanceKm: input.distance_km ?? null,
      kcal: input.kcal ?? null,
      avgHr: input.avg_hr ?? null,
      maxHr: input.max_hr ?? null,
      rpe: input.rpe ?? null,
      notes: input.notes ?? null,
      source: input.source ?? 'manual',
    };
    assertPlausible(values);
    return toActivityResponse(await this.activities.insert(userId, values));
  }

  async update(
    userId: string,
    { id, ifMatch }: WriteTarget,
    input: UpdateActivityRequest,
  ): Promise<ActivityResponse> {
    const entry = await this.findOwnedOrFail(userId, id);
    assertIfMatch(ifMatch, entry.rowVersion);
    const changes: Partial<ActivityValues> = {};
    if (input.activity_type !== undefined) changes.activityType = input.activity_type;
    if (input.started_at !== undefined) changes.startedAt = new Date(input.started_at);
    if (input.duration_min !== undefined) changes.durationMin = input.duration_min;
    if (input.distance_km !== undefined) changes.distanceKm = input.distance_km;
    if (input.kcal !== undefined) changes.kcal = input.kcal;
    if (input.avg_hr !== undefined) changes.avgHr = input.avg_hr;
    if (input.max_hr !== undefined) changes.maxHr = input.max_hr;
    if (input.rpe !== undefined) changes.rpe = input.rpe;
    if (input.notes !== undefined) changes.notes = input.notes;
    if (input.source !== undefined) changes.source = input.source;
    assertPlausible({ ...entry, ...changes });
    if (Object.keys(changes).length === 0) return toActivityResponse(entry);
    return toActivityResponse(await this.activities.update(entry, changes, ifMatch));
  }

  async delete(userId: string, { id, ifMatch }: WriteTarget): Promise<void> {
    await this.activities.delete(await this.findOwnedOrFail(userId, id), ifMatch);
  }

  /** Another user's entry answers 404 like a missing one: its existence is not revealed. */
  private async findOwnedOrFail(userId: string, id: string): Promise<ActivityEntry> {
    const entry = await this.activities.findOwned(userId, id);
    if (!entry) throw new NotFoundError('Activity', id);
    return entry;
  }
}

/** Rules spanning several fields, checked on the merged state of create and update. */
function assertPlausible(values: Pick<ActivityValues, 'startedAt' | 'avgHr' | 'maxHr'>): void {
  const errors: FieldError[] = [];
  if (values.startedAt.getTime() > Date.now() + DAY_MS) {
    errors.push({ path: 'started_at', message: 'started_at must not be more than 1 day ahead' });
  }
  if (values.avgHr !== null && values.maxHr !== null && values.maxHr < values.avgHr) {
    errors.push({ path: 'max_hr', message: 'max_hr must not be below avg_hr' });
  }
  if (errors.length) throw new ValidationFailedError('The activity is not plausible.', errors);
}

export function toActivityResponse(e: ActivityEntry): ActivityResponse {
  return withEntityTag(
    {
      id: e.id,
      activity_type: e.activityType,
      started_at: e.startedAt.toISOString(),
      duration_min: e.durationMin,
      distance_km: e.distanceKm,
      kcal: e.kcal,
      avg_hr: e.avgHr,
      max_hr: e.maxHr,
      rpe: e.rpe,
      notes: e.notes,
      source: e.source,
      created_at: e.createdAt.toISOString(),
      updated_at: e.updatedAt.toISOString(),
    },
    e.rowVersion,
  );
}

/** A row read for a response as its body: a list item (no entity tag, one object per row). */
export function activityRowBody(r: ActivityRow): ActivityResponse {
  return {
    id: r.id,
    activity_type: r.activity_type,
    started_at: r.started_at,
    duration_min: r.duration_min,
    distance_km: r.distance_km,
    kcal: r.kcal,
    avg_hr: r.avg_hr,
    max_hr: r.max_hr,
    rpe: r.rpe,
    notes: r.notes,
    source: r.source,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** The response of a row read on its own (the detail read path): its body and its version. */
export function activityRowResponse(r: ActivityRow & VersionedRow): ActivityResponse {
  return withEntityTag(activityRowBody(r), r.row_version);
}
