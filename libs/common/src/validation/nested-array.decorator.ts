import { applyDecorators, type Type as ClassRef } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsOptional,
  ValidateIf,
  ValidateNested,
} from 'class-validator';

export interface NestedArrayOptions {
  /** Most items accepted (ArrayMaxSize). */
  max?: number;
  /** Fewest items accepted (ArrayMinSize). */
  min?: number;
  /**
   * `true`: null and undefined skip validation (IsOptional). `'absent'`: only a missing field
   * skips it, so an explicit null is still refused as not an array; PATCH bodies use this where
   * null must not pass for "clear the list".
   */
  optional?: boolean | 'absent';
  description?: string;
}

/**
 * A body field holding a list of nested DTOs: documents it as an array of `type()` (with its
 * size limits as minItems/maxItems) and validates each item as that class.
 */
export function NestedArray(
  type: () => ClassRef,
  options: NestedArrayOptions = {},
): PropertyDecorator {
  const { max, min, optional = false, description } = options;
  const api = {
    type: () => [type()],
    ...(min !== undefined && { minItems: min }),
    ...(max !== undefined && { maxItems: max }),
    ...(description !== undefined && { description }),
  };
  // applyDecorators runs its list first to last, the reverse of a written stack; listing them
  // bottom-up keeps class-validator's registration order, and so the order of error messages.
  return applyDecorators(
    ...[
      Type(type),
      ValidateNested({ each: true }),
      max !== undefined && ArrayMaxSize(max),
      min !== undefined && ArrayMinSize(min),
      IsArray(),
      optional === 'absent' && ValidateIf((_o, v) => v !== undefined),
      optional === true && IsOptional(),
      optional ? ApiPropertyOptional(api) : ApiProperty(api),
    ].filter((d): d is PropertyDecorator => d !== false),
  );
}
