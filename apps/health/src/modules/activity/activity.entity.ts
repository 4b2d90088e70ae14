import { RowVersionColumn } from '@sports/common';
import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { numericColumn } from '../../tracking/persistence';
import { TrackingSource } from '../../tracking/tracking-common';

export const ACTIVITY_TYPES = [
  'run',
  'walk',
  'cycle',
  'swim',
  'strength',
  'hiit',
  'yoga',
  'row',
  'hike',
  'ski',
  'team_sport',
  'other',
] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

@Entity('activity_entries')
export class ActivityEntry {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @RowVersionColumn() rowVersion!: string;
  @Column('uuid') userId!: string;
  @Column({ type: 'text' }) activityType!: ActivityType;
  @Column({ type: 'timestamptz' }) startedAt!: Date;
  @Column({ type: 'numeric', transformer: numericColumn }) durationMin!: number;
  @Column({ type: 'numeric', nullable: true, transformer: numericColumn })
  distanceKm!: number | null;
  @Column({ type: 'numeric', nullable: true, transformer: numericColumn })
  kcal!: number | null;
  @Column({ type: 'integer', nullable: true }) avgHr!: number | null;
  @Column({ type: 'integer', nullable: true }) maxHr!: number | null;
  @Column({ type: 'integer', nullable: true }) rpe!: number | null;
  @Column({ type: 'text', nullable: true }) notes!: string | null;
  @Column({ type: 'text' }) source!: TrackingSource;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt!: Date;
}
