import { Injectable } from '@nestjs/common';
import { mapUniqueViolations, NotFoundError, assertIfMatch, WriteTarget } from '@sports/common';
import type { DateRangeQuery } from '../../tracking/tracking-common';
import {
  CreateWeightRequest,
  toWeightResponse,
  UpdateWeightRequest,
  WeightListResponse,
  WeightResponse,
  weightRowBody,
  weightRowResponse,
} from './dto/weight.dto';
import { WeightEntry } from './weight-entry.entity';
import { weightConflicts } from './weight.constraints';
import { WeightRepository } from './weight.repository';

/** Weight entries: owner-only, one per user and day. */
@Injectable()
export class WeightService {
  constructor(private readonly weights: WeightRepository) {}

  async create(userId: string, input: CreateWeightRequest): Promise<WeightResponse> {
    const entry = await this.writeOnce(userId, input.date, () =>
      this.weights.insert({
        userId,
        date: input.date,
        weightKg: input.weight_kg,
        bodyFatPct: input.body_fat_pct ?? null,
        note: input.note ?? null,
        source: input.source ?? 'manual',
      }),
    );
    return toWeightResponse(entry);
  }

  async list(userId: string, query: DateRangeQuery): Promise<WeightListResponse> {
    const { rows, total } = await this.weights.list(userId, query);
    return {
      items: rows.map(weightRowBody),
      total,
      limit: query.limit,
      offset: query.offset,
    };
  }

  async get(userId: string, id: string): Promise<WeightResponse> {
    const row = await this.weights.findOwnRow(userId, id);
    if (!row) throw new NotFoundError('Weight entry', id);
    return weightRowResponse(row);
  }

  async update(
    userId: string,
    { id, ifMatch }: WriteTarget,
    input: UpdateWeightRequest,
  ): Promise<WeightResponse> {
    const entry = await this.findOwnOrFail(userId, id);
    assertIfMatch(ifMatch, entry.rowVersion);
    if (input.date !== undefined) entry.date = input.date;
    if (input.weight_kg !== undefined) entry.weightKg = input.weight_kg;
    if (input.body_fat_pct !== undefined) entry.bodyFatPct = input.body_fat_pct;
    if (input.note !== undefined) entry.note = input.note;
    if (input.source !== undefined) entry.source = input.source;
    return toWeightResponse(
      await this.writeOnce(userId, entry.date, () => this.weights.save(entry, ifMatch)),
    );
  }

  async remove(userId: string, { id, ifMatch }: WriteTarget): Promise<void> {
    await this.weights.delete(await this.findOwnOrFail(userId, id), ifMatch);
  }

  /** Another user's entry answers 404, exactly like a missing one. */
  private async findOwnOrFail(userId: string, id: string): Promise<WeightEntry> {
    const entry = await this.weights.findOwn(userId, id);
    if (!entry) throw new NotFoundError('Weight entry', id);
    return entry;
  }

  /** Runs a write; the per-day unique constraint answers 409 naming the existing entry. */
  private writeOnce(
    userId: string,
    date: string,
    write: () => Promise<WeightEntry>,
  ): Promise<WeightEntry> {
    const existingId = async () => (await this.weights.findOnDay(userId, date))?.id ?? null;
    return mapUniqueViolations(weightConflicts(date, existingId), write);
  }
}
