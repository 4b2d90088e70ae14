import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsOptional,
  IsUUID,
} from 'class-validator';
import { CLUB_MEMBER_ROLES, ClubMemberRole } from '../../tenant-context/club-member-role';
import type { MemberRow } from '../club-memberships.repository';
import { PageQuery } from '@sports/common';

export class CreateClubMemberRequest {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  profile_id!: string;

  @ApiProperty({ enum: CLUB_MEMBER_ROLES, isArray: true })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(3)
  @ArrayUnique()
  @IsIn(CLUB_MEMBER_ROLES, { each: true })
  roles!: ClubMemberRole[];
}

export class UpdateClubMemberRequest {
  @ApiProperty({ enum: CLUB_MEMBER_ROLES, isArray: true })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(3)
  @ArrayUnique()
  @IsIn(CLUB_MEMBER_ROLES, { each: true })
  roles!: ClubMemberRole[];
}

export class ListClubMembersQuery extends PageQuery {
  @ApiPropertyOptional({ enum: CLUB_MEMBER_ROLES })
  @IsOptional()
  @IsIn(CLUB_MEMBER_ROLES)
  role?: ClubMemberRole;
}

export class ClubMemberResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) club_id!: string;
  @ApiProperty({ format: 'uuid' }) profile_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ enum: CLUB_MEMBER_ROLES, isArray: true }) roles!: ClubMemberRole[];
  @ApiProperty() created_at!: string;
}

export class ClubMemberListResponse {
  @ApiProperty({ type: [ClubMemberResponse] }) items!: ClubMemberResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

/** One row of the member directory used to pick trainers; email only for club organisers. */
export class MemberDirectoryEntry {
  @ApiProperty({ format: 'uuid' }) profile_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ enum: CLUB_MEMBER_ROLES, isArray: true }) roles!: ClubMemberRole[];
  @ApiPropertyOptional() email?: string;
}

export class MemberDirectoryResponse {
  @ApiProperty({ type: [MemberDirectoryEntry] }) items!: MemberDirectoryEntry[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export function toClubMemberResponse(m: MemberRow): ClubMemberResponse {
  return {
    id: m.id,
    club_id: m.clubId,
    profile_id: m.profileId,
    name: m.name,
    email: m.email,
    roles: m.roles,
    created_at: m.createdAt.toISOString(),
  };
}

export function toDirectoryEntry(m: MemberRow, withEmail: boolean): MemberDirectoryEntry {
  const entry: MemberDirectoryEntry = { profile_id: m.profileId, name: m.name, roles: m.roles };
  if (withEmail) entry.email = m.email;
  return entry;
}
