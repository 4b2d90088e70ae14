import { Injectable } from '@nestjs/common';
import {
  assertIfMatch,
  IfMatch,
  isStillReferenced,
  mapUniqueViolations,
  NotFoundError,
  ResourceInUseError,
  ValidationFailedError,
  withEntityTag,
} from '@sports/common';
import type {
  CreateReferenceValueTypeRequest,
  ReferenceValueTypeListResponse,
  ReferenceValueTypeResponse,
  UpdateReferenceValueTypeRequest,
} from './dto/reference-value-type.dto';
import { ReferenceValueType } from './reference-value-type.entity';
import { ReferenceValueTypesRepository } from './reference-value-types.repository';
import {
  referenceValueTypeConflicts,
  referenceValueTypeKeyTaken,
} from './reference-value-types.constraints';

@Injectable()
export class ReferenceValueTypesService {
  constructor(private readonly types: ReferenceValueTypesRepository) {}

  /** Users see the active types; administrators every type. */
  async list(options: { activeOnly: boolean }): Promise<ReferenceValueTypeListResponse> {
    const rows = await this.types.list(options);
    return {
      items: rows.map(toReferenceValueTypeResponse),
      total: rows.length,
      limit: rows.length,
      offset: 0,
    };
  }

  async get(key: string): Promise<ReferenceValueTypeResponse> {
    return tagged(await this.findOrFail(key));
  }

  async create(input: CreateReferenceValueTypeRequest): Promise<ReferenceValueTypeResponse> {
    assertRange(input.min_value, input.max_value);
    if (await this.types.findByKey(input.key)) throw referenceValueTypeKeyTaken(input.key);
    const row = await mapUniqueViolations(referenceValueTypeConflicts(input.key), () =>
      this.types.insert({
        key: input.key,
        name: input.name,
        unit: input.unit,
        minValue: input.min_value,
        maxValue: input.max_value,
        isActive: input.is_active ?? true,
      }),
    );
    return tagged(row);
  }

  /** Narrowing the range leaves stored values as they are; it applies to new writes. */
  async update(
    key: string,
    input: UpdateReferenceValueTypeRequest,
    ifMatch?: IfMatch,
  ): Promise<ReferenceValueTypeResponse> {
    const type = await this.findOrFail(key);
    assertIfMatch(ifMatch, type.rowVersion);
    assertRange(input.min_value ?? type.minValue, input.max_value ?? type.maxValue);
    const changes: Partial<ReferenceValueType> = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.unit !== undefined) changes.unit = input.unit;
    if (input.min_value !== undefined) changes.minValue = input.min_value;
    if (input.max_value !== undefined) changes.maxValue = input.max_value;
    if (input.is_active !== undefined) changes.isActive = input.is_active;
    if (Object.keys(changes).length === 0) return tagged(type);
    return tagged(await this.types.update(key, changes, ifMatch));
  }

  async delete(key: string, ifMatch?: IfMatch): Promise<void> {
    assertIfMatch(ifMatch, (await this.findOrFail(key)).rowVersion);
    if (await this.types.isInUse(key)) throw inUse(key);
    try {
      await this.types.delete(key, ifMatch);
    } catch (err) {
      if (isStillReferenced(err)) throw inUse(key);
      throw err;
    }
  }

  /** The type with this key, active or not; null when there is none (for other modules). */
  findByKey(key: string): Promise<ReferenceValueType | null> {
    return this.types.findByKey(key);
  }

  private async findOrFail(key: string): Promise<ReferenceValueType> {
    const type = await this.types.findByKey(key);
    if (!type) throw new NotFoundError('Reference value type', key);
    return type;
  }
}

/** The response of one type, carrying its version as the ETag. */
function tagged(type: ReferenceValueType): ReferenceValueTypeResponse {
  return withEntityTag(toReferenceValueTypeResponse(type), type.rowVersion);
}

function assertRange(min: number, max: number): void {
  if (min >= max) {
    throw new ValidationFailedError('The plausible range is empty.', [
      { path: 'max_value', message: 'max_value must be greater than min_value' },
    ]);
  }
}

function inUse(key: string): ResourceInUseError {
  return new ResourceInUseError(`Reference value type ${key} is used by stored values.`, {
    hint: 'Deactivate it instead (PUT with is_active: false); stored values stay readable.',
  });
}

export function toReferenceValueTypeResponse(t: ReferenceValueType): ReferenceValueTypeResponse {
  return {
    key: t.key,
    name: t.name,
    unit: t.unit,
    min_value: t.minValue,
    max_value: t.maxValue,
    is_active: t.isActive,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}
