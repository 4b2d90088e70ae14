import { Injectable } from '@nestjs/common';
import { mapUniqueViolations, NotFoundError, assertIfMatch, WriteTarget } from '@sports/common';
import { CircumferenceEntry } from './circumference-entry.entity';
import { circumferenceConflicts } from './circumference.constraints';
import { CircumferenceRepository } from './circumference.repository';
import {
  CircumferenceListResponse,
  CircumferenceQuery,
  CircumferenceResponse,
  circumferenceRowBody,
  circumferenceRowResponse,
  CreateCircumferenceRequest,
  toCircumferenceResponse,
  UpdateCircumferenceRequest,
} from './dto/circumference.dto';

/** Girth measurements: owner-only, one per user, day and site. */
@Injectable()
export class CircumferenceService {
  constructor(private readonly entries: CircumferenceRepository) {}

  async create(userId: string, input: CreateCircumferenceRequest): Promise<CircumferenceResponse> {
    const entry = await this.writeOnce(userId, input.date, input.site, () =>
      this.entries.insert({
        userId,
        date: input.date,
        site: input.site,
        valueCm: input.value_cm,
        note: input.note ?? null,
        source: input.source ?? 'manual',
      }),
    );
    return toCircumferenceResponse(entry);
  }

  async list(userId: string, query: CircumferenceQuery): Promise<CircumferenceListResponse> {
    const { rows, total } = await this.entries.list(userId, query);
    return {
      items: rows.map(circumferenceRowBody),
      total,
      limit: query.limit,
      offset: query.offset,
    };
  }

  async get(userId: string, id: string): Promise<CircumferenceResponse> {
    const row = await this.entries.findOwnRow(userId, id);
    if (!row) throw new NotFoundError('Circumference entry', id);
    return circumferenceRowResponse(row);
  }

  async update(
    userId: string,
    { id, ifMatch }: WriteTarget,
    input: UpdateCircumferenceRequest,
  ): Promise<CircumferenceResponse> {
    const entry = await this.findOwnOrFail(userId, id);
    assertIfMatch(ifMatch, entry.rowVersion);
    if (input.date !== undefined) entry.date = input.date;
    if (input.site !== undefined) entry.site = input.site;
    if (input.value_cm !== undefined) entry.valueCm = input.value_cm;
    if (input.note !== undefined) entry.note = input.note;
    if (input.source !== undefined) entry.source = input.source;
    const saved = await this.writeOnce(userId, entry.date, entry.site, () =>
      this.entries.save(entry, ifMatch),
    );
    return toCircumferenceResponse(saved);
  }

  async remove(userId: string, { id, ifMatch }: WriteTarget): Promise<void> {
    await this.entries.delete(await this.findOwnOrFail(userId, id), ifMatch);
  }

  private async findOwnOrFail(userId: string, id: string): Promise<CircumferenceEntry> {
    const entry = await this.entries.findOwn(userId, id);
    if (!entry) throw new NotFoundError('Circumference entry', id);
    return entry;
  }

  /** Runs a write; the per-day-and-site unique constraint answers 409 naming the existing entry. */
  private writeOnce(
    userId: string,
    date: string,
    site: CircumferenceEntry['site'],
    write: () => Promise<CircumferenceEntry>,
  ): Promise<CircumferenceEntry> {
    const existingId = async () => (await this.entries.findOnDay(userId, date, site))?.id ?? null;
    return mapUniqueViolations(circumferenceConflicts(date, site, existingId), write);
  }
}
