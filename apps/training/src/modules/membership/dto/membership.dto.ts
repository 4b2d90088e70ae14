import { ApiProperty } from '@nestjs/swagger';
import { PROFILE_TIERS, ProfileTier } from '../../profiles/profile.entity';

export class TierLimitsResponse {
  @ApiProperty({ example: 10485760 }) upload_bytes_per_file!: number;
  @ApiProperty({ example: 524288000 }) storage_quota_bytes!: number;
  @ApiProperty({ example: 50 }) max_private_exercises!: number;
}

export class MembershipResponse {
  @ApiProperty({ enum: PROFILE_TIERS }) tier!: ProfileTier;
  @ApiProperty({ type: TierLimitsResponse }) limits!: TierLimitsResponse;
}
