import { ApiProperty, ApiPropertyOptional, OmitType, PartialType } from '@nestjs/swagger';
import {
  IsInt,
  IsISO8601,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { NestedArray, PageQuery } from '@sports/common';
import { Absent, Nullable, Trim } from '../../planning/dto/plan-sections.dto';

export class ProgramUnitRequest {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  unit_id!: string;

  @ApiProperty({ minimum: 1, maximum: 104 })
  @IsInt()
  @Min(1)
  @Max(104)
  week!: number;
}

export class CreateTrainingProgramRequest {
  @ApiProperty({ minLength: 1, maxLength: 200 })
  @Trim()
  @IsString()
  @Length(1, 200)
  name!: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 20000 })
  @Nullable()
  @IsString()
  @MaxLength(20000)
  description?: string | null;

  @ApiPropertyOptional({ format: 'uuid', description: 'the effective club when absent' })
  @Absent()
  @IsUUID()
  club_id?: string;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  @Nullable()
  @IsUUID()
  group_id?: string | null;

  @ApiPropertyOptional({ minimum: 1, maximum: 104, default: 1 })
  @Absent()
  @IsInt()
  @Min(1)
  @Max(104)
  weeks?: number;

  @ApiPropertyOptional({ nullable: true, type: String, example: '2026-09-01' })
  @Nullable()
  @Matches(/^\d{4}-\d{2}-\d{2}$/)
  @IsISO8601({ strict: true })
  starts_on?: string | null;

  @NestedArray(() => ProgramUnitRequest, {
    max: 500,
    optional: 'absent',
    description: 'units of the program per week, in order; replaces all when sent',
  })
  units?: ProgramUnitRequest[];
}

export class UpdateTrainingProgramRequest extends PartialType(
  OmitType(CreateTrainingProgramRequest, ['club_id'] as const),
) {}

export class ListTrainingProgramsQuery extends PageQuery {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  club_id?: string;
}

export class ProgramUnitResponse {
  @ApiProperty({ format: 'uuid' }) unit_id!: string;
  @ApiProperty() week!: number;
  @ApiProperty() position!: number;
  @ApiProperty() title!: string;
  @ApiProperty({ nullable: true, type: String }) starts_at!: string | null;
}

export class TrainingProgramResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) club_id!: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) group_id!: string | null;
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true, type: String }) description!: string | null;
  @ApiProperty() weeks!: number;
  @ApiProperty({ nullable: true, type: String }) starts_on!: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) created_by_profile_id!:
    string | null;
  @ApiProperty({ type: [ProgramUnitResponse] }) units!: ProgramUnitResponse[];
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

export class TrainingProgramListResponse {
  @ApiProperty({ type: [TrainingProgramResponse] }) items!: TrainingProgramResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}
