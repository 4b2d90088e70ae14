import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { SKILL_LEVELS } from '../skill-levels';
import { PageQuery } from '@sports/common';

const trim = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim() : value;

export class SkillRequest {
  @ApiProperty({ minLength: 1, maxLength: 200 })
  @Transform(trim)
  @IsString()
  @Length(1, 200)
  name!: string;

  @ApiPropertyOptional({ description: 'derived from the name when absent' })
  @ValidateIf((_o, v) => v !== undefined)
  @IsString()
  @MaxLength(100)
  @Matches(/^[a-z0-9]+(-[a-z0-9]+)*$/, { message: 'slug must be lower-case words joined by -' })
  slug?: string;

  @ApiPropertyOptional({ nullable: true, type: String })
  @ValidateIf((_o, v) => v !== undefined && v !== null)
  @IsString()
  @MaxLength(5000)
  description?: string | null;

  @ApiPropertyOptional({ nullable: true, type: String, format: 'uuid' })
  @ValidateIf((_o, v) => v !== undefined && v !== null)
  @IsUUID()
  skill_category_id?: string | null;
}

export class UpdateSkillRequest extends PartialType(SkillRequest) {}

export class ListSkillsQuery extends PageQuery {
  @ApiPropertyOptional() @IsOptional() @Transform(trim) @IsString() @MaxLength(200) q?: string;
  @ApiPropertyOptional({ format: 'uuid' }) @IsOptional() @IsUUID() skill_category_id?: string;
}

export class SkillResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() slug!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true, type: String }) description!: string | null;
  @ApiProperty({ nullable: true, type: String }) skill_category_id!: string | null;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

export class SkillListResponse {
  @ApiProperty({ type: [SkillResponse] }) items!: SkillResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export class SkillLevelResponse {
  @ApiProperty({ enum: SKILL_LEVELS }) level!: string;
  @ApiProperty({ minimum: 1, maximum: 5 }) rank!: number;
}

export class SkillLevelsResponse {
  @ApiProperty({ type: [SkillLevelResponse] }) items!: SkillLevelResponse[];
}
