import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { NestedArray } from '@sports/common';
import { ExportBinding, ExportModel, SLUG } from './maturity-model.dto';

export const MATRIX_STACK_FORMAT = 'service.matrix_stack.v1';

const Nullable = (): PropertyDecorator => ValidateIf((_o, v) => v !== undefined && v !== null);

export class StackSkillCategory {
  @ApiProperty() @IsString() @Length(1, 100) @Matches(SLUG) slug!: string;
  @ApiProperty() @IsString() @Length(1, 200) name!: string;
  @ApiProperty({ nullable: true, type: String })
  @Nullable()
  @IsString()
  @MaxLength(5000)
  description!: string | null;
  @ApiProperty() @IsInt() @Min(-100000) @Max(100000) sort_order!: number;
}

export class StackSkill {
  @ApiProperty() @IsString() @Length(1, 100) @Matches(SLUG) slug!: string;
  @ApiProperty() @IsString() @Length(1, 200) name!: string;
  @ApiProperty({ nullable: true, type: String })
  @Nullable()
  @IsString()
  @MaxLength(5000)
  description!: string | null;
  @ApiProperty({ nullable: true, type: String })
  @Nullable()
  @IsString()
  skill_category_slug!: string | null;
}

export class StackBinding extends ExportBinding {
  @ApiProperty() @IsString() model_slug!: string;
}

/** `service.matrix_stack.v1`: the skill catalog, the maturity models and their bindings. */
export class MatrixStackDocument {
  @ApiProperty({ example: MATRIX_STACK_FORMAT }) @IsString() @MaxLength(100) format!: string;
  @ApiPropertyOptional() @IsOptional() @IsString() exported_at?: string;

  @NestedArray(() => StackSkillCategory, { max: 1000 })
  skill_categories!: StackSkillCategory[];

  @NestedArray(() => StackSkill, { max: 10000 })
  skills!: StackSkill[];

  @NestedArray(() => ExportModel, { max: 1000 })
  models!: ExportModel[];

  @NestedArray(() => StackBinding, { max: 10000 })
  bindings!: StackBinding[];
}

export class MatrixStackImportResponse {
  @ApiProperty() format!: string;
  @ApiProperty() skill_categories!: number;
  @ApiProperty() skills!: number;
  @ApiProperty() models!: number;
  @ApiProperty() bindings!: number;
}
