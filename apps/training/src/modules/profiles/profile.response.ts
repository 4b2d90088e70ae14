import { ApiProperty } from '@nestjs/swagger';
import { PROFILE_ROLES, PROFILE_TIERS, Profile, ProfileRole, ProfileTier } from './profile.entity';

export class ProfileResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ enum: PROFILE_ROLES }) role!: ProfileRole;
  @ApiProperty({ enum: PROFILE_TIERS }) tier!: ProfileTier;
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) active_club_id!: string | null;
  @ApiProperty({ type: 'object', additionalProperties: true }) exercise_list_prefs!: Record<
    string,
    unknown
  >;
  @ApiProperty() created_at!: string;
  @ApiProperty() updated_at!: string;
}

/** The fields of a profile that its wire form shows (what sign-in reads, without the entity). */
export type ProfileSummary = Omit<Profile, 'rowVersion' | 'pinHash'>;

/** The wire form of a profile. Built field by field so that no secret can slip through. */
export function toProfileResponse(p: ProfileSummary): ProfileResponse {
  return {
    id: p.id,
    name: p.name,
    email: p.email,
    role: p.role,
    tier: p.tier,
    active_club_id: p.activeClubId,
    exercise_list_prefs: p.exerciseListPrefs,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}
