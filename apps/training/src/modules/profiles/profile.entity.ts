import { RowVersionColumn } from '@sports/common';
import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

export type ProfileRole = 'user' | 'admin' | 'superadmin';
export type ProfileTier = 'free' | 'trainer' | 'club';

export const PROFILE_ROLES: readonly ProfileRole[] = ['user', 'admin', 'superadmin'];
export const PROFILE_TIERS: readonly ProfileTier[] = ['free', 'trainer', 'club'];

/** Role ranks for the access guard: superadmin is above platform admin. */
export const ROLE_RANKS: Record<ProfileRole, number> = { user: 0, admin: 1, superadmin: 2 };

@Entity('profiles')
export class Profile {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @RowVersionColumn() rowVersion!: string;
  @Column() name!: string;
  @Column() email!: string;
  /** argon2id hash of the PIN; never serialised (responses are built by toProfileResponse). */
  @Column({ select: false }) pinHash!: string;
  @Column({ type: 'text' }) role!: ProfileRole;
  @Column({ type: 'text' }) tier!: ProfileTier;
  @Column({ type: 'uuid', nullable: true }) activeClubId!: string | null;
  @Column({ type: 'jsonb' }) exerciseListPrefs!: Record<string, unknown>;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt!: Date;
}
