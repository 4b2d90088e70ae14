import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  ClubJoinRequest,
  JOIN_REQUEST_STATUSES,
  JoinRequestStatus,
} from '../club-join-request.entity';
import { PageQuery } from '@sports/common';

export class CreateJoinRequestRequest {
  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  message?: string;
}

export class ListJoinRequestsQuery extends PageQuery {
  @ApiPropertyOptional({ enum: JOIN_REQUEST_STATUSES })
  @IsOptional()
  @IsIn(JOIN_REQUEST_STATUSES)
  status?: JoinRequestStatus;
}

export class JoinRequestResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) club_id!: string;
  @ApiProperty({ format: 'uuid' }) profile_id!: string;
  @ApiProperty({ nullable: true, type: String }) message!: string | null;
  @ApiProperty({ enum: JOIN_REQUEST_STATUSES }) status!: JoinRequestStatus;
  @ApiProperty({ format: 'uuid', nullable: true, type: String })
  decided_by_profile_id!: string | null;
  @ApiProperty({ nullable: true, type: String }) decided_at!: string | null;
  @ApiProperty() created_at!: string;
}

export class JoinRequestListResponse {
  @ApiProperty({ type: [JoinRequestResponse] }) items!: JoinRequestResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export class AcceptJoinRequestResponse {
  @ApiProperty({ type: JoinRequestResponse }) request!: JoinRequestResponse;
  @ApiProperty({
    format: 'uuid',
    nullable: true,
    type: String,
    description: 'The club membership of the applicant (null when it was removed since)',
  })
  member_id!: string | null;
}

export function toJoinRequestResponse(r: ClubJoinRequest): JoinRequestResponse {
  return {
    id: r.id,
    club_id: r.clubId,
    profile_id: r.profileId,
    message: r.message,
    status: r.status,
    decided_by_profile_id: r.decidedByProfileId,
    decided_at: r.decidedAt ? r.decidedAt.toISOString() : null,
    created_at: r.createdAt.toISOString(),
  };
}
