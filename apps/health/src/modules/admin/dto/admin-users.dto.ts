import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { MembershipResponse } from '../../membership/dto/membership.dto';
import { USER_ROLES, USER_TIERS, UserRole, UserTier } from '../../profiles/user.entity';
import { UserResponse } from '../../profiles/user.response';
import { PageQuery } from '@sports/common';

export class AdminUserQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'part of the email or display name' })
  @IsOptional()
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value))
  @IsString()
  @MaxLength(200)
  q?: string;
}

export class SetRoleRequest {
  @ApiProperty({ enum: USER_ROLES })
  @IsIn(USER_ROLES)
  role!: UserRole;
}

export class SetTierRequest {
  @ApiProperty({ enum: USER_TIERS })
  @IsIn(USER_TIERS)
  tier!: UserTier;
}

export class SetFeatureOverrideRequest {
  @ApiProperty({ description: 'true grants the feature beyond the tier, false revokes it' })
  @IsBoolean()
  granted!: boolean;
}

export class AdminUserListResponse {
  @ApiProperty({ type: [UserResponse] }) items!: UserResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export class AdminUserDetailResponse extends UserResponse {
  @ApiProperty({ type: MembershipResponse }) membership!: MembershipResponse;
}
