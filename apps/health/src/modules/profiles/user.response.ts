import { ApiProperty } from '@nestjs/swagger';
import { USER_ROLES, USER_TIERS, User, UserRole, UserTier } from './user.entity';

export class UserResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ nullable: true, type: String }) display_name!: string | null;
  @ApiProperty({ enum: USER_ROLES }) role!: UserRole;
  @ApiProperty({ enum: USER_TIERS }) tier!: UserTier;
  @ApiProperty() is_active!: boolean;
  @ApiProperty() created_at!: string;
}

/** The wire form of an account, built field by field so that no secret can slip through. */
export function toUserResponse(u: User): UserResponse {
  return {
    id: u.id,
    email: u.email,
    display_name: u.displayName,
    role: u.role,
    tier: u.tier,
    is_active: u.isActive,
    created_at: u.createdAt.toISOString(),
  };
}
