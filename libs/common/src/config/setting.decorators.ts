import { applyDecorators } from '@nestjs/common';
import { Transform, Type } from 'class-transformer';
import { IsBoolean, IsInt, IsNumber, IsString, Max, Min } from 'class-validator';

/*
 * Composed validators for configuration settings (environment variables are strings). Each
 * applies the same decorators, in the same order, as the stack it replaces, so the messages of a
 * refused start are unchanged. applyDecorators applies its list first to last, while stacked
 * decorators apply bottom-up: the lists below are therefore written bottom-up.
 */

/** An integer setting within `[min, max]` (no upper bound when `max` is omitted). */
export function IntSetting(min: number, max?: number): PropertyDecorator {
  return applyDecorators(
    ...(max === undefined ? [] : [Max(max)]),
    Min(min),
    IsInt(),
    Type(() => Number),
  );
}

/** A finite number setting of at least `min`. */
export function NumberSetting(min: number): PropertyDecorator {
  return applyDecorators(
    Min(min),
    IsNumber({ allowNaN: false, allowInfinity: false }),
    Type(() => Number),
  );
}

/** A boolean setting: `1`, `true`, `yes` and `on` (any case) are true, other text false. */
export function BooleanSetting(): PropertyDecorator {
  return applyDecorators(
    IsBoolean(),
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string' ? ['1', 'true', 'yes', 'on'].includes(value.toLowerCase()) : value,
    ),
  );
}

/** A comma-separated list setting, trimmed, empty entries left out. */
export function ListSetting(): PropertyDecorator {
  return applyDecorators(
    IsString({ each: true }),
    Transform(({ value }: { value: unknown }) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((v) => v.trim())
            .filter(Boolean)
        : value,
    ),
  );
}
