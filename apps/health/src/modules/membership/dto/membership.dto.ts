import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsString, Matches } from 'class-validator';
import { USER_TIERS, UserTier } from '../../profiles/user.entity';

export class FeatureOverrideResponse {
  @ApiProperty({ example: 'photos' }) feature!: string;
  @ApiProperty({ description: 'true = granted beyond the tier, false = revoked' })
  granted!: boolean;
}

export class MembershipResponse {
  @ApiProperty({ enum: USER_TIERS }) tier!: UserTier;
  @ApiProperty({ type: [String], description: 'tier features + grants - revocations' })
  features!: string[];
  @ApiProperty({ type: [FeatureOverrideResponse] }) overrides!: FeatureOverrideResponse[];
}

export class TierResponse {
  @ApiProperty({ enum: USER_TIERS }) tier!: UserTier;
  @ApiProperty({ type: [String] }) features!: string[];
  @ApiProperty() updated_at!: string;
}

export class TierListResponse {
  @ApiProperty({ type: [TierResponse] }) items!: TierResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export class FeatureResponse {
  @ApiProperty({ example: 'charts.advanced' }) key!: string;
  @ApiProperty() description!: string;
}

export class FeatureListResponse {
  @ApiProperty({ type: [FeatureResponse] }) items!: FeatureResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export class UpdateTierRequest {
  @ApiProperty({ type: [String], example: ['charts.basic', 'photos'] })
  @IsArray()
  @ArrayMaxSize(100)
  @IsString({ each: true })
  @Matches(/^[a-z][a-z0-9_.]{0,63}$/, { each: true, message: 'each feature must be a feature key' })
  features!: string[];
}
