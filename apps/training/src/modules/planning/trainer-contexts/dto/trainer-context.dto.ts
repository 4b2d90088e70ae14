import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { IsString, IsUUID, Length, MaxLength } from 'class-validator';
import { Nullable, Trim } from '../../dto/plan-sections.dto';
import { PageQuery } from '@sports/common';

export class CreateTrainerContextRequest {
  @ApiProperty({ minLength: 1, maxLength: 200, example: 'Kinder-Karate Dienstag' })
  @Trim()
  @IsString()
  @Length(1, 200)
  name!: string;

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: 20000 })
  @Nullable()
  @IsString()
  @MaxLength(20000)
  description?: string | null;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'a club of the trainer',
  })
  @Nullable()
  @IsUUID()
  club_id?: string | null;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'a group of club_id',
  })
  @Nullable()
  @IsUUID()
  group_id?: string | null;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  @Nullable()
  @IsUUID()
  focus_area_id?: string | null;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  @Nullable()
  @IsUUID()
  style_direction_id?: string | null;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  @Nullable()
  @IsUUID()
  training_style_id?: string | null;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true })
  @Nullable()
  @IsUUID()
  target_group_id?: string | null;
}

export class UpdateTrainerContextRequest extends PartialType(CreateTrainerContextRequest) {}

export class TrainerContextResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) profile_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true, type: String }) description!: string | null;
  @ApiProperty({ nullable: true, type: String }) club_id!: string | null;
  @ApiProperty({ nullable: true, type: String }) group_id!: string | null;
  @ApiProperty({ nullable: true, type: String }) focus_area_id!: string | null;
  @ApiProperty({ nullable: true, type: String }) style_direction_id!: string | null;
  @ApiProperty({ nullable: true, type: String }) training_style_id!: string | null;
  @ApiProperty({ nullable: true, type: String }) target_group_id!: string | null;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

export class TrainerContextListResponse {
  @ApiProperty({ type: [TrainerContextResponse] }) items!: TrainerContextResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export class TrainerContextListQuery extends PageQuery {}
