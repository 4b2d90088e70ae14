import { Injectable } from '@nestjs/common';
import {
  mapUniqueViolations,
  NotFoundError,
  ValidationFailedError,
  assertIfMatch,
  withEntityTag,
  WriteTarget,
  VersionedRow,
} from '@sports/common';
import { isTooFarAhead, utcDate } from '../../tracking/calendar-date';
import type {
  CreateNutritionRequest,
  ListNutritionQuery,
  NutritionDailyResponse,
  NutritionListResponse,
  NutritionRangeQuery,
  NutritionResponse,
  UpdateNutritionRequest,
} from './dto/nutrition.dto';
import { dayTotalConflict, nutritionConflicts } from './nutrition.constraints';
import { NutritionEntry } from './nutrition.entity';
import {
  NutritionDayRow,
  NutritionRepository,
  NutritionRow,
  NutritionValues,
} from './nutrition.repository';

const DEFAULT_WINDOW_DAYS = 30;
const MAX_WINDOW_DAYS = 3660;
const DAY_MS = 24 * 60 * 60 * 1000;

@Injectable()
export class NutritionService {
  constructor(private readonly nutrition: NutritionRepository) {}

  async list(userId: string, query: ListNutritionQuery): Promise<NutritionListResponse> {
    const range = resolveRange(query);
    const { limit, offset } = query;
    const { rows, total } = await this.nutrition.list(userId, range, { limit, offset });
    return { items: rows.map(nutritionRowBody), total, limit, offset, ...range };
  }

  async daily(userId: string, query: NutritionRangeQuery): Promise<NutritionDailyResponse> {
    const range = resolveRange(query);
    const rows = await this.nutrition.daily(userId, range);
    return { items: rows.map(toDayResponse), ...range };
  }

  async get(userId: string, id: string): Promise<NutritionResponse> {
    const row = await this.nutrition.findOwnedRow(userId, id);
    if (!row) throw new NotFoundError('Nutrition entry', id);
    return nutritionRowResponse(row);
  }

  async create(userId: string, input: CreateNutritionRequest): Promise<NutritionResponse> {
    const values: NutritionValues = {
      date: input.date,
      meal: input.meal ?? null,
      kcal: input.kcal,
      proteinG: input.protein_g ?? null,
      carbohydrateG: input.carbohydrate_g ?? null,
      fatG: input.fat_g ?? null,
      fibreG: input.fibre_g ?? null,
      source: input.source ?? 'manual',
      note: input.note ?? null,
    };
    await this.assertAllowed(userId, values);
    return toNutritionResponse(
      await this.writeOrConflict(() => this.nutrition.insert(userId, values)),
    );
  }

  async update(
    userId: string,
    { id, ifMatch }: WriteTarget,
    input: UpdateNutritionRequest,
  ): Promise<NutritionResponse> {
    const entry = await this.findOwnedOrFail(userId, id);
    assertIfMatch(ifMatch, entry.rowVersion);
    const changes: Partial<NutritionValues> = {};
    if (input.date !== undefined) changes.date = input.date;
    if (input.meal !== undefined) changes.meal = input.meal;
    if (input.kcal !== undefined) changes.kcal = input.kcal;
    if (input.protein_g !== undefined) changes.proteinG = input.protein_g;
    if (input.carbohydrate_g !== undefined) changes.carbohydrateG = input.carbohydrate_g;
    if (input.fat_g !== undefined) changes.fatG = input.fat_g;
    if (input.fibre_g !== undefined) changes.fibreG = input.fibre_g;
    if (input.source !== undefined) changes.source = input.source;
    if (input.note !== undefined) changes.note = input.note;
    if (Object.keys(changes).length === 0) return toNutritionResponse(entry);
    await this.assertAllowed(userId, { ...entry, ...changes }, entry.id);
    return toNutritionResponse(
      await this.writeOrConflict(() => this.nutrition.update(entry, changes, ifMatch)),
    );
  }

  async delete(userId: string, { id, ifMatch }: WriteTarget): Promise<void> {
    await this.nutrition.delete(await this.findOwnedOrFail(userId, id), ifMatch);
  }

  private async findOwnedOrFail(userId: string, id: string): Promise<NutritionEntry> {
    const entry = await this.nutrition.findOwned(userId, id);
    if (!entry) throw new NotFoundError('Nutrition entry', id);
    return entry;
  }

  private async assertAllowed(
    userId: string,
    values: Pick<NutritionValues, 'date' | 'meal'>,
    exceptId?: string,
  ): Promise<void> {
    if (isTooFarAhead(values.date)) {
      throw new ValidationFailedError('The date is in the future.', [
        { path: 'date', message: 'date must not be later than tomorrow' },
      ]);
    }
    if (
      values.meal === 'day' &&
      (await this.nutrition.dayTotalExists(userId, values.date, exceptId))
    )
      throw dayTotalConflict(values.date);
  }

  /** The partial unique indexes back the pre-check against concurrent writers. */
  private writeOrConflict(write: () => Promise<NutritionEntry>): Promise<NutritionEntry> {
    return mapUniqueViolations(nutritionConflicts(), write);
  }
}

function resolveRange(query: NutritionRangeQuery): { from: string; to: string } {
  const to = query.to ?? utcDate();
  const from =
    query.from ??
    new Date(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_WINDOW_DAYS - 1) * DAY_MS)
      .toISOString()
      .slice(0, 10);
  if (from > to) {
    throw new ValidationFailedError('The range is empty.', [
      { path: 'from', message: 'from must not be after to' },
    ]);
  }
  if (Date.parse(to) - Date.parse(from) > MAX_WINDOW_DAYS * DAY_MS) {
    throw new ValidationFailedError('The range is too long.', [
      { path: 'from', message: `the range must not exceed ${MAX_WINDOW_DAYS} days` },
    ]);
  }
  return { from, to };
}

const num = (v: string | null): number | null => (v === null ? null : Number(v));

function toDayResponse(r: NutritionDayRow): NutritionDailyResponse['items'][number] {
  return {
    date: r.date,
    kcal: Number(r.kcal),
    protein_g: num(r.protein_g),
    carbohydrate_g: num(r.carbohydrate_g),
    fat_g: num(r.fat_g),
    fibre_g: num(r.fibre_g),
    entries: r.entries,
  };
}

export function toNutritionResponse(e: NutritionEntry): NutritionResponse {
  return withEntityTag(
    {
      id: e.id,
      date: e.date,
      meal: e.meal,
      kcal: e.kcal,
      protein_g: e.proteinG,
      carbohydrate_g: e.carbohydrateG,
      fat_g: e.fatG,
      fibre_g: e.fibreG,
      source: e.source,
      note: e.note,
      created_at: e.createdAt.toISOString(),
      updated_at: e.updatedAt.toISOString(),
    },
    e.rowVersion,
  );
}

/** A row read for a response as its body: a list item (no entity tag, one object per row). */
export function nutritionRowBody(r: NutritionRow): NutritionResponse {
  return {
    id: r.id,
    date: r.date,
    meal: r.meal,
    kcal: r.kcal,
    protein_g: r.protein_g,
    carbohydrate_g: r.carbohydrate_g,
    fat_g: r.fat_g,
    fibre_g: r.fibre_g,
    source: r.source,
    note: r.note,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** The response of a row read on its own (the detail read path): its body and its version. */
export function nutritionRowResponse(r: NutritionRow & VersionedRow): NutritionResponse {
  return withEntityTag(nutritionRowBody(r), r.row_version);
}
