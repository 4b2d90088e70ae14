import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsInt,
  IsString,
  IsUUID,
  Length,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { NestedArray } from '@sports/common';
import { PlanContentRequest, PlanContentResponse } from '../../dto/plan-content.dto';
import {
  Absent,
  Nullable,
  SectionRequest,
  SectionResponse,
  SectionsField,
  Trim,
} from '../../dto/plan-sections.dto';

/** The blueprint training unit of a slot. */
export class BlueprintUnitRequest {
  @ApiPropertyOptional({ maxLength: 200, description: 'defaults to the slot title' })
  @Absent()
  @Trim()
  @IsString()
  @Length(1, 200)
  title?: string;

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

  @SectionsField()
  sections?: SectionRequest[];
}

export class FrameworkSlotRequest {
  @ApiPropertyOptional({ format: 'uuid', description: 'an existing slot of this program to keep' })
  @Absent()
  @IsUUID()
  id?: string;

  @ApiProperty({ minLength: 1, maxLength: 200 })
  @Trim()
  @IsString()
  @Length(1, 200)
  title!: string;

  @ApiPropertyOptional({ type: 'integer', nullable: true, minimum: 1, maximum: 520 })
  @Nullable()
  @IsInt()
  @Min(1)
  @Max(520)
  week?: number | null;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 20000 })
  @Nullable()
  @IsString()
  @MaxLength(20000)
  notes?: string | null;

  @ApiPropertyOptional({ type: BlueprintUnitRequest })
  @Absent()
  @ValidateNested()
  @Type(() => BlueprintUnitRequest)
  unit?: BlueprintUnitRequest;
}

export class CreateFrameworkProgramRequest extends PlanContentRequest {
  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  @Nullable()
  @IsUUID()
  focus_area_id?: string | null;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  @Nullable()
  @IsUUID()
  style_direction_id?: string | null;

  @ApiPropertyOptional({ type: [String], format: 'uuid' })
  @Absent()
  @IsArray()
  @ArrayMaxSize(50)
  @ArrayUnique()
  @IsUUID('all', { each: true })
  training_type_ids?: string[];

  @ApiPropertyOptional({ type: [String], format: 'uuid' })
  @Absent()
  @IsArray()
  @ArrayMaxSize(50)
  @ArrayUnique()
  @IsUUID('all', { each: true })
  target_group_ids?: string[];

  @NestedArray(() => FrameworkSlotRequest, {
    max: 200,
    optional: 'absent',
    description: 'replaces the slots: listed ids are kept (and updated), others are removed',
  })
  slots?: FrameworkSlotRequest[];
}

export class UpdateFrameworkProgramRequest extends PartialType(CreateFrameworkProgramRequest) {}

export class BlueprintUnitResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ nullable: true, type: String }) notes!: string | null;
  @ApiProperty({ nullable: true, type: Number }) duration_minutes!: number | null;
  @ApiProperty({ type: [SectionResponse] }) sections!: SectionResponse[];
}

export class FrameworkSlotResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() position!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ nullable: true, type: Number }) week!: number | null;
  @ApiProperty({ nullable: true, type: String }) notes!: string | null;
  @ApiProperty({ type: BlueprintUnitResponse }) unit!: BlueprintUnitResponse;
}

export class FrameworkProgramSummary extends PlanContentResponse {
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) focus_area_id!: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) style_direction_id!: string | null;
  @ApiProperty({ type: [String] }) training_type_ids!: string[];
  @ApiProperty({ type: [String] }) target_group_ids!: string[];
  @ApiProperty() slot_count!: number;
}

export class FrameworkProgramResponse extends FrameworkProgramSummary {
  @ApiProperty({ type: [FrameworkSlotResponse] }) slots!: FrameworkSlotResponse[];
}

export class FrameworkProgramListResponse {
  @ApiProperty({ type: [FrameworkProgramSummary] }) items!: FrameworkProgramSummary[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}
