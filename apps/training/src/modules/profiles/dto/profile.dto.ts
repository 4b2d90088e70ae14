import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import {
  IsEmail,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  MaxLength,
  ValidateIf,
} from 'class-validator';
import { PROFILE_ROLES, PROFILE_TIERS, ProfileRole, ProfileTier } from '../profile.entity';
import { ProfileResponse } from '../profile.response';
import { EXERCISE_LIST_PREF_KEYS } from '../exercise-list-prefs';
import { PageQuery } from '@sports/common';

const trim = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? value.trim() : value;

/** Optional, but `null` is not a value (unlike @IsOptional, which lets null through). */
const Absent = (): PropertyDecorator => ValidateIf((_o, v) => v !== undefined);

const PIN_RULE = /^\d{4,8}$/;
const PIN_MESSAGE = 'pin must be 4 to 8 digits';

export class ListProfilesQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'Substring of name or email (case-insensitive)' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(200)
  search?: string;
}

export class CreateProfileRequest {
  @ApiProperty({ example: 'Anna Berg' })
  @Transform(trim)
  @IsString()
  @Length(1, 200)
  name!: string;

  @ApiProperty({ example: 'anna@example.org' })
  @Transform(trim)
  @IsEmail({}, { message: 'email must be a valid email address' })
  @MaxLength(254)
  email!: string;

  @ApiPropertyOptional({
    example: '4711',
    description: '4 to 8 digits; when absent a random 6-digit PIN is generated and returned once',
  })
  @Absent()
  @IsString()
  @Matches(PIN_RULE, { message: PIN_MESSAGE })
  pin?: string;

  @ApiPropertyOptional({ enum: PROFILE_ROLES, default: 'user' })
  @Absent()
  @IsIn(PROFILE_ROLES)
  role?: ProfileRole;

  @ApiPropertyOptional({ enum: PROFILE_TIERS, default: 'free' })
  @Absent()
  @IsIn(PROFILE_TIERS)
  tier?: ProfileTier;
}

export class UpdateProfileRequest {
  @ApiPropertyOptional()
  @Absent()
  @Transform(trim)
  @IsString()
  @Length(1, 200)
  name?: string;

  @ApiPropertyOptional()
  @Absent()
  @Transform(trim)
  @IsEmail({}, { message: 'email must be a valid email address' })
  @MaxLength(254)
  email?: string;

  @ApiPropertyOptional({ description: 'New PIN, 4 to 8 digits (the owner, or a platform admin)' })
  @Absent()
  @IsString()
  @Matches(PIN_RULE, { message: PIN_MESSAGE })
  pin?: string;

  @ApiPropertyOptional({
    example: '4711',
    description:
      "The caller's current PIN: required when the owner changes their own PIN or e-mail (403 CURRENT_SECRET_INVALID when wrong); not asked of a platform admin changing another profile",
  })
  @Absent()
  @IsString()
  @Matches(PIN_RULE, { message: 'current_pin must be 4 to 8 digits' })
  current_pin?: string;

  @ApiPropertyOptional({ enum: PROFILE_ROLES, description: 'Platform admins only' })
  @Absent()
  @IsIn(PROFILE_ROLES)
  role?: ProfileRole;

  @ApiPropertyOptional({ enum: PROFILE_TIERS, description: 'Platform admins only' })
  @Absent()
  @IsIn(PROFILE_TIERS)
  tier?: ProfileTier;

  @ApiPropertyOptional({
    format: 'uuid',
    nullable: true,
    type: String,
    description: 'A club the profile is a member of, or null',
  })
  @IsOptional()
  @IsUUID('all', { message: 'active_club_id must be a UUID or null' })
  active_club_id?: string | null;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description: `Stored default filters of the exercise list (replaces the stored set); keys: ${EXERCISE_LIST_PREF_KEYS.join(', ')}`,
  })
  @Absent()
  @IsObject({ message: 'exercise_list_prefs must be a JSON object' })
  exercise_list_prefs?: Record<string, unknown>;
}

export class ProfileListResponse {
  @ApiProperty({ type: [ProfileResponse] }) items!: ProfileResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export class CreatedProfileResponse extends ProfileResponse {
  @ApiPropertyOptional({
    description: 'The generated PIN, shown only in this response when no pin was sent',
  })
  initial_pin?: string;
}

export class ProfileClubResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: [String], example: ['trainer'] }) roles!: string[];
}

export class OwnProfileResponse extends ProfileResponse {
  @ApiProperty({ type: [ProfileClubResponse] }) clubs!: ProfileClubResponse[];
  @ApiProperty({ format: 'uuid', nullable: true, type: String }) effective_club_id!: string | null;
}
