import { ApiProperty } from '@nestjs/swagger';
import { ageOn } from '../../tracking/calendar-date';
import {
  ACTIVITY_LEVELS,
  ActivityLevel,
  SEXES,
  Sex,
  UNITS,
  Units,
  USER_ROLES,
  USER_TIERS,
  User,
  UserRole,
  UserTier,
} from './user.entity';

export class UserResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ nullable: true, type: String }) display_name!: string | null;
  @ApiProperty({ enum: USER_ROLES }) role!: UserRole;
  @ApiProperty({ enum: USER_TIERS }) tier!: UserTier;
  @ApiProperty() is_active!: boolean;
  @ApiProperty() created_at!: string;
}

/** The fields of an account that its wire form shows (what sign-in reads, without the entity). */
export type UserSummary = Pick<
  User,
  'id' | 'email' | 'displayName' | 'role' | 'tier' | 'isActive' | 'createdAt'
>;

/** The wire form of an account, built field by field so that no secret can slip through. */
export function toUserResponse(u: UserSummary): UserResponse {
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

export class ProfileResponse extends UserResponse {
  @ApiProperty({ enum: SEXES, nullable: true, type: String }) sex!: Sex | null;
  @ApiProperty({ nullable: true, type: String, example: '1990-05-17' }) birth_date!: string | null;
  @ApiProperty({ nullable: true, type: Number, description: 'today, from birth_date' })
  age_years!: number | null;
  @ApiProperty({ nullable: true, type: Number, example: 178.5 }) height_cm!: number | null;
  @ApiProperty({ nullable: true, type: Number, example: 72.5 }) goal_weight_kg!: number | null;
  @ApiProperty({ enum: ACTIVITY_LEVELS, nullable: true, type: String })
  activity_level!: ActivityLevel | null;
  @ApiProperty({ enum: UNITS }) units!: Units;
}

/** The owner's view of their account including the body fields. */
export function toProfileResponse(u: User, today: string): ProfileResponse {
  return {
    ...toUserResponse(u),
    sex: u.sex,
    birth_date: u.birthDate,
    age_years: u.birthDate ? ageOn(u.birthDate, today) : null,
    height_cm: u.heightCm,
    goal_weight_kg: u.goalWeightKg,
    activity_level: u.activityLevel,
    units: u.units,
  };
}
