import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsInt, IsString, IsUUID, Length, Max, MaxLength, Min, ValidateIf } from 'class-validator';
import { NestedArray } from '@sports/common';

const trim = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim() : value;
/** Optional and nullable. */
export const Nullable = (): PropertyDecorator =>
  ValidateIf((_o, v) => v !== undefined && v !== null);
/** Optional, but `null` is not a value. */
export const Absent = (): PropertyDecorator => ValidateIf((_o, v) => v !== undefined);
export const Trim = (): PropertyDecorator => Transform(trim);

/** One entry of a section: an exercise (optionally one of its variants) or a free-text step. */
export class SectionItemRequest {
  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  @Nullable()
  @IsUUID()
  exercise_id?: string | null;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'a variant of exercise_id (exercise_id may be left out and is then derived)',
  })
  @Nullable()
  @IsUUID()
  exercise_variant_id?: string | null;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 200,
    description: 'required without exercise',
  })
  @Nullable()
  @Trim()
  @IsString()
  @Length(1, 200)
  title?: string | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 20000 })
  @Nullable()
  @IsString()
  @MaxLength(20000)
  notes?: string | null;

  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 0, maximum: 1440 })
  @Nullable()
  @IsInt()
  @Min(0)
  @Max(1440)
  duration_minutes?: number | null;
}

/** A section of a plan template or training unit (warm-up, main part, ...), items in order. */
export class SectionRequest {
  @ApiProperty({ minLength: 1, maxLength: 200, example: 'Aufwärmen' })
  @Trim()
  @IsString()
  @Length(1, 200)
  title!: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 20000 })
  @Nullable()
  @IsString()
  @MaxLength(20000)
  notes?: string | null;

  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 0, maximum: 1440 })
  @Nullable()
  @IsInt()
  @Min(0)
  @Max(1440)
  duration_minutes?: number | null;

  @NestedArray(() => SectionItemRequest, { max: 100, optional: true })
  items?: SectionItemRequest[];
}

export const SectionsField = (): PropertyDecorator =>
  NestedArray(() => SectionRequest, { max: 50, optional: 'absent' });

export class SectionItemResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() position!: number;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) exercise_id!: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) exercise_variant_id!:
    string | null;
  @ApiProperty({ nullable: true, type: String }) exercise_title!: string | null;
  @ApiProperty({ nullable: true, type: String }) title!: string | null;
  @ApiProperty({ nullable: true, type: String }) notes!: string | null;
  @ApiProperty({ nullable: true, type: Number }) duration_minutes!: number | null;
}

export class SectionResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() position!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ nullable: true, type: String }) notes!: string | null;
  @ApiProperty({ nullable: true, type: Number }) duration_minutes!: number | null;
  @ApiProperty({ type: [SectionItemResponse] }) items!: SectionItemResponse[];
}
