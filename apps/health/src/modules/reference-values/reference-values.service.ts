import { Injectable } from '@nestjs/common';
import {
  mapUniqueViolations,
  NotFoundError,
  UnprocessableError,
  ValidationFailedError,
  assertIfMatch,
  withEntityTag,
  WriteTarget,
  VersionedRow,
} from '@sports/common';
import { isTooFarAhead } from '../../tracking/calendar-date';
import { ReferenceValueTypesService } from '../admin-reference-value-types/reference-value-types.service';
import type {
  CreateReferenceValueRequest,
  ListReferenceValuesQuery,
  ReferenceValueListResponse,
  ReferenceValueResponse,
  UpdateReferenceValueRequest,
} from './dto/reference-value.dto';
import { ReferenceValue } from './reference-value.entity';
import {
  ReferenceValueRow,
  ReferenceValuesRepository,
  ReferenceValueValues,
} from './reference-values.repository';
import { referenceValueConflicts, referenceValueDayTaken } from './reference-values.constraints';

@Injectable()
export class ReferenceValuesService {
  constructor(
    private readonly values: ReferenceValuesRepository,
    private readonly types: ReferenceValueTypesService,
  ) {}

  async list(userId: string, query: ListReferenceValuesQuery): Promise<ReferenceValueListResponse> {
    const { limit, offset } = query;
    const { rows, total } = await this.values.list(
      userId,
      { typeKey: query.type_key, from: query.from, to: query.to },
      { limit, offset },
    );
    return { items: rows.map(referenceValueRowBody), total, limit, offset };
  }

  async get(userId: string, id: string): Promise<ReferenceValueResponse> {
    const row = await this.values.findOwnedRow(userId, id);
    if (!row) throw new NotFoundError('Reference value', id);
    return referenceValueRowResponse(row);
  }

  async create(
    userId: string,
    input: CreateReferenceValueRequest,
  ): Promise<ReferenceValueResponse> {
    const values: ReferenceValueValues = {
      typeKey: input.type_key,
      measuredOn: input.measured_on,
      measuredAt: input.measured_at ? new Date(input.measured_at) : null,
      value: input.value,
      source: input.source ?? 'manual',
      note: input.note ?? null,
    };
    await this.assertValid(userId, values);
    return toReferenceValueResponse(
      await this.writeOrConflict(values, () => this.values.insert(userId, values)),
    );
  }

  async update(
    userId: string,
    { id, ifMatch }: WriteTarget,
    input: UpdateReferenceValueRequest,
  ): Promise<ReferenceValueResponse> {
    const entry = await this.findOwnedOrFail(userId, id);
    assertIfMatch(ifMatch, entry.rowVersion);
    const changes: Partial<ReferenceValueValues> = {};
    if (input.type_key !== undefined) changes.typeKey = input.type_key;
    if (input.measured_on !== undefined) changes.measuredOn = input.measured_on;
    if (input.measured_at !== undefined)
      changes.measuredAt = input.measured_at ? new Date(input.measured_at) : null;
    if (input.value !== undefined) changes.value = input.value;
    if (input.source !== undefined) changes.source = input.source;
    if (input.note !== undefined) changes.note = input.note;
    if (Object.keys(changes).length === 0) return toReferenceValueResponse(entry);
    const merged = { ...entry, ...changes };
    await this.assertValid(userId, merged, entry.id);
    return toReferenceValueResponse(
      await this.writeOrConflict(merged, () => this.values.update(entry, changes, ifMatch)),
    );
  }

  async delete(userId: string, { id, ifMatch }: WriteTarget): Promise<void> {
    await this.values.delete(await this.findOwnedOrFail(userId, id), ifMatch);
  }

  private async findOwnedOrFail(userId: string, id: string): Promise<ReferenceValue> {
    const entry = await this.values.findOwned(userId, id);
    if (!entry) throw new NotFoundError('Reference value', id);
    return entry;
  }

  /** Type known and active (422), value inside its range and date not ahead (400), one per day (409). */
  private async assertValid(
    userId: string,
    v: Pick<ReferenceValueValues, 'typeKey' | 'measuredOn' | 'value'>,
    exceptId?: string,
  ): Promise<void> {
    const type = await this.types.findByKey(v.typeKey);
    if (!type) {
      throw new UnprocessableError(
        `Reference value type ${v.typeKey} does not exist.`,
        'REFERENCE_VALUE_TYPE_UNKNOWN',
        { hint: 'GET /api/reference-value-types lists the available types.' },
      );
    }
    if (!type.isActive) {
      throw new UnprocessableError(
        `Reference value type ${v.typeKey} is deactivated.`,
        'REFERENCE_VALUE_TYPE_INACTIVE',
        { hint: 'GET /api/reference-value-types lists the available types.' },
      );
    }
    const errors = [];
    if (v.value < type.minValue || v.value > type.maxValue) {
      errors.push({
        path: 'value',
        message: `value for ${type.key} must be between ${type.minValue} and ${type.maxValue} ${type.unit}`,
      });
    }
    if (isTooFarAhead(v.measuredOn)) {
      errors.push({ path: 'measured_on', message: 'measured_on must not be later than tomorrow' });
    }
    if (errors.length) {
      throw new ValidationFailedError(
        errors[0].path === 'value' ? errors[0].message : 'The value is not plausible.',
        errors,
      );
    }
    if (await this.values.existsOnDay(userId, v.typeKey, v.measuredOn, exceptId))
      throw referenceValueDayTaken(v.typeKey, v.measuredOn);
  }

  /** The unique constraint backs the pre-check against concurrent writers. */
  private writeOrConflict(
    v: Pick<ReferenceValueValues, 'typeKey' | 'measuredOn'>,
    write: () => Promise<ReferenceValue>,
  ): Promise<ReferenceValue> {
    return mapUniqueViolations(referenceValueConflicts(v.typeKey, v.measuredOn), write);
  }
}

export function toReferenceValueResponse(v: ReferenceValue): ReferenceValueResponse {
  return withEntityTag(
    {
      id: v.id,
      type_key: v.typeKey,
      measured_on: v.measuredOn,
      measured_at: v.measuredAt ? v.measuredAt.toISOString() : null,
      value: v.value,
      source: v.source,
      note: v.note,
      created_at: v.createdAt.toISOString(),
      updated_at: v.updatedAt.toISOString(),
    },
    v.rowVersion,
  );
}

/** A row read for a response as its body: a list item (no entity tag, one object per row). */
export function referenceValueRowBody(r: ReferenceValueRow): ReferenceValueResponse {
  return {
    id: r.id,
    type_key: r.type_key,
    measured_on: r.measured_on,
    measured_at: r.measured_at,
    value: r.value,
    source: r.source,
    note: r.note,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** The response of a row read on its own (the detail read path): its body and its version. */
export function referenceValueRowResponse(
  r: ReferenceValueRow & VersionedRow,
): ReferenceValueResponse {
  return withEntityTag(referenceValueRowBody(r), r.row_version);
}
