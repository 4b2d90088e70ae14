import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

export type UserRole = 'user' | 'admin';
export type UserTier = 'free' | 'plus' | 'pro';

export const USER_ROLES: readonly UserRole[] = ['user', 'admin'];
export const USER_TIERS: readonly UserTier[] = ['free', 'plus', 'pro'];
export const ROLE_RANKS: Record<UserRole, number> = { user: 0, admin: 1 };

@Entity('users')
export class User {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column() email!: string;
  /** argon2id hash; never serialised (responses are built by toUserResponse). */
  @Column({ select: false }) passwordHash!: string;
  @Column({ type: 'text', nullable: true }) displayName!: string | null;
  @Column({ type: 'text' }) role!: UserRole;
  @Column({ type: 'text' }) tier!: UserTier;
  @Column() isActive!: boolean;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt!: Date;
}
