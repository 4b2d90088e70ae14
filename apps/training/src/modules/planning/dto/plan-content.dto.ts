import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, IsUUID, Length, MaxLength } from 'class-validator';
import { VISIBILITIES, Visibility } from '../../content-access/content-visibility';
import { Absent, Nullable, Trim } from './plan-sections.dto';
import { PageQuery } from '@sports/common';

/** Name, description, visibility and club: what every piece of library planning content has. */
export class PlanContentRequest {
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

  @ApiPropertyOptional({ enum: VISIBILITIES, default: 'private' })
  @Absent()
  @IsIn(VISIBILITIES)
  visibility?: Visibility;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'with visibility club; the effective club when absent',
  })
  @Absent()
  @IsUUID()
  club_id?: string;
}

export class PlanContentListQuery extends PageQuery {
  @ApiPropertyOptional({ enum: VISIBILITIES })
  @IsOptional()
  @IsIn(VISIBILITIES)
  visibility?: Visibility;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  club_id?: string;

  @ApiPropertyOptional({ description: 'case-insensitive substring of the name' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string;
}

/** Fields every planning content response carries. */
export class PlanContentResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true, type: String }) description!: string | null;
  @ApiProperty({ enum: VISIBILITIES }) visibility!: Visibility;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) club_id!: string | null;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) owner_profile_id!: string | null;
  @ApiProperty({ description: 'the caller may change or delete it' }) can_edit!: boolean;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}
