import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  ValidateIf,
} from 'class-validator';
import type { Group } from '../group.entity';

const trim = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim() : value;

export class CreateGroupRequest {
  @ApiProperty({ minLength: 1, maxLength: 200 })
  @Transform(trim)
  @IsString()
  @Length(1, 200)
  @Matches(/\S/, { message: 'name must not be blank' })
  name!: string;

  @ApiPropertyOptional({ format: 'uuid', nullable: true, type: String })
  @ValidateIf((_o, v) => v !== null && v !== undefined)
  @IsUUID()
  default_lead_trainer_profile_id?: string | null;

  @ApiPropertyOptional({ type: [String], format: 'uuid', maxItems: 20 })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ArrayUnique()
  @IsUUID('all', { each: true })
  default_assistant_trainer_profile_ids?: string[];
}

export class UpdateGroupRequest {
  @ApiPropertyOptional({ minLength: 1, maxLength: 200 })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @Length(1, 200)
  @Matches(/\S/, { message: 'name must not be blank' })
  name?: string;

  @ApiPropertyOptional({ format: 'uuid', nullable: true, type: String })
  @ValidateIf((_o, v) => v !== null && v !== undefined)
  @IsUUID()
  default_lead_trainer_profile_id?: string | null;

  @ApiPropertyOptional({ type: [String], format: 'uuid', maxItems: 20 })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ArrayUnique()
  @IsUUID('all', { each: true })
  default_assistant_trainer_profile_ids?: string[];
}

export class GroupResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) club_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String })
  default_lead_trainer_profile_id!: string | null;
  @ApiProperty({ type: [String], format: 'uuid' }) default_assistant_trainer_profile_ids!: string[];
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

export class GroupListResponse {
  @ApiProperty({ type: [GroupResponse] }) items!: GroupResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export function toGroupResponse(g: Group): GroupResponse {
  return {
    id: g.id,
    club_id: g.clubId,
    name: g.name,
    default_lead_trainer_profile_id: g.defaultLeadTrainerProfileId,
    default_assistant_trainer_profile_ids: g.defaultAssistantTrainerProfileIds,
    created_at: g.createdAt.toISOString(),
    updated_at: g.updatedAt.toISOString(),
  };
}
