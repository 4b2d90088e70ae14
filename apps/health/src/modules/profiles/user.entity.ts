import { RowVersionColumn } from '@sports/common';
import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { numericColumn } from '../../tracking/persistence';

export type UserRole = 'user' | 'admin';
export type UserTier = 'free' | 'plus' | 'pro';

export const USER_ROLES: readonly UserRole[] = ['user', 'admin'];
export const USER_TIERS: readonly UserTier[] = ['free', 'plus', 'pro'];
export type Sex = 'female' | 'male';
export type ActivityLevel = 'sedentary' | 'light' | 'moderate' | 'active' | 'very_active';
export type Units = 'metric' | 'imperial';

export const SEXES: readonly Sex[] = ['female', 'male'];
export const ACTIVITY_LEVELS: readonly ActivityLevel[] = [
  'sedentary',
  'light',
  'moderate',
  'active',
  'very_active',
];
export const UNITS: readonly Units[] = ['metric', 'imperial'];
export const ROLE_RANKS: Record<UserRole, number> = { user: 0, admin: 1 };

@Entity('users')
export class User {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @RowVersionColumn() rowVersion!: string;
  @Column() email!: string;
  /** argon2id hash; never serialised (responses are built by toUserResponse). */
  @Column({ select: false }) passwordHash!: string;
  @Column({ type: 'text', nullable: true }) displayName!: string | null;
  @Column({ type: 'text' }) role!: UserRole;
  @Column({ type: 'text' }) tier!: UserTier;
  @Column() isActive!: boolean;
  @Column({ type: 'text', nullable: true }) sex!: Sex | null;
  @Column({ type: 'date', nullable: true }) birthDate!: string | null;
  @Column({ type: 'numeric', nullable: true, transformer: numericColumn }) heightCm!: number | null;
  @Column({ type: 'numeric', nullable: true, transformer: numericColumn })
  goalWeightKg!: number | null;
  @Column({ type: 'text', nullable: true }) activityLevel!: ActivityLevel | null;
  @Column({ type: 'text' }) units!: Units;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt!: Date;
}
