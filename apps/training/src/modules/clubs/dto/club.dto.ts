import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { CLUB_MEMBER_ROLES, ClubMemberRole } from '../../tenant-context/club-member-role';
import type { Club } from '../club.entity';
import { PageQuery } from '@sports/common';
import { IsTimeZone } from '../time-zone';

const trim = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim() : value;

export class CreateClubRequest {
  @ApiProperty({ minLength: 1, maxLength: 200 })
  @Transform(trim)
  @IsString()
  @Length(1, 200)
  @Matches(/\S/, { message: 'name must not be blank' })
  name!: string;

  @ApiPropertyOptional({ maxLength: 5000, nullable: true, type: String })
  @IsOptional()
  @IsString()
  @MaxLength(5000)
  description?: string | null;

  @ApiPropertyOptional({ maxLength: 200, nullable: true, type: String })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(200)
  city?: string | null;

  @ApiPropertyOptional({ default: true, description: 'Shown in the public club directory' })
  @IsOptional()
  @IsBoolean()
  is_listed?: boolean;

  @ApiPropertyOptional({
    default: 'UTC',
    example: 'Europe/Berlin',
    description: "IANA time zone of the club's local times (calendar feeds)",
  })
  @IsOptional()
  @IsTimeZone()
  time_zone?: string;

  @ApiProperty({ format: 'uuid', description: 'Becomes club_admin of the new club' })
  @IsUUID()
  primary_admin_profile_id!: string;
}

export class UpdateClubRequest {
  @ApiPropertyOptional({ minLength: 1, maxLength: 200 })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @Length(1, 200)
  @Matches(/\S/, { message: 'name must not be blank' })
  name?: string;

  @ApiPropertyOptional({ maxLength: 5000, nullable: true, type: String })
  @ValidateIf((_o, v) => v !== null && v !== undefined)
  @IsString()
  @MaxLength(5000)
  description?: string | null;

  @ApiPropertyOptional({ maxLength: 200, nullable: true, type: String })
  @ValidateIf((_o, v) => v !== null && v !== undefined)
  @Transform(trim)
  @IsString()
  @MaxLength(200)
  city?: string | null;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  is_listed?: boolean;

  @ApiPropertyOptional({
    example: 'Europe/Berlin',
    description: "IANA time zone of the club's local times (calendar feeds)",
  })
  @IsOptional()
  @IsTimeZone()
  time_zone?: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Must be a member of the club; receives the club_admin role',
  })
  @IsOptional()
  @IsUUID()
  primary_admin_profile_id?: string;
}

export class ClubDirectoryQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Part of the name or city' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string;
}

export class ClubResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true, type: String }) description!: string | null;
  @ApiProperty({ nullable: true, type: String }) city!: string | null;
  @ApiProperty() is_listed!: boolean;
  @ApiProperty({ example: 'Europe/Berlin', description: 'IANA time zone' }) time_zone!: string;
  @ApiProperty({ format: 'uuid', nullable: true, type: String })
  primary_admin_profile_id!: string | null;
  @ApiProperty() member_count!: number;
  @ApiProperty({ enum: CLUB_MEMBER_ROLES, isArray: true, description: "The caller's roles" })
  my_roles!: ClubMemberRole[];
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

export class ClubListResponse {
  @ApiProperty({ type: [ClubResponse] }) items!: ClubResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export class ClubDirectoryEntry {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ nullable: true, type: String }) city!: string | null;
  @ApiProperty() member_count!: number;
}

export class ClubDirectoryResponse {
  @ApiProperty({ type: [ClubDirectoryEntry] }) items!: ClubDirectoryEntry[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export function toClubResponse(
  c: Club,
  memberCount: number,
  myRoles: readonly ClubMemberRole[],
): ClubResponse {
  return {
    id: c.id,
    name: c.name,
    description: c.description,
    city: c.city,
    is_listed: c.isListed,
    time_zone: c.timeZone,
    primary_admin_profile_id: c.primaryAdminProfileId,
    member_count: memberCount,
    my_roles: [...myRoles],
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

export function toDirectoryEntry(c: Club, memberCount: number): ClubDirectoryEntry {
  return { id: c.id, name: c.name, city: c.city, member_count: memberCount };
}
