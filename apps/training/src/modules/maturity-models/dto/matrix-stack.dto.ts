import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsInt,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
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

  @ApiProperty({ type: [StackSkillCategory] })
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => StackSkillCategory)
  skill_categories!: StackSkillCategory[];

  @ApiProperty({ type: [StackSkill] })
  @IsArray()
  @ArrayMaxSize(10000)
  @ValidateNested({ each: true })
  @Type(() => StackSkill)
  skills!: StackSkill[];

  @ApiProperty({ type: [ExportModel] })
  @IsArray()
  @ArrayMaxSize(1000)
  @ValidateNested({ each: true })
  @Type(() => ExportModel)
  models!: ExportModel[];

  @ApiProperty({ type: [StackBinding] })
  @IsArray()
  @ArrayMaxSize(10000)
  @ValidateNested({ each: true })
  @Type(() => StackBinding)
  bindings!: StackBinding[];
}

export class MatrixStackImportResponse {
  @ApiProperty() format!: string;
  @ApiProperty() skill_categories!: number;
  @ApiProperty() skills!: number;
  @ApiProperty() models!: number;
  @ApiProperty() bindings!: number;
}
