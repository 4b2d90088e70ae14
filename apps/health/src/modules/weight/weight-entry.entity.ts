import { RowVersionColumn } from '@sports/common';
import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import { numericColumn } from '../../tracking/persistence';
import type { TrackingSource } from '../../tracking/tracking-common';

/** One weighing per user per day (unique constraint weight_entries_user_date_key). */
@Entity('weight_entries')
export class WeightEntry {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @RowVersionColumn() rowVersion!: string;
  @Column({ type: 'uuid' }) userId!: string;
  @Column({ type: 'date' }) date!: string;
  @Column({ type: 'numeric', transformer: numericColumn }) weightKg!: number;
  @Column({ type: 'numeric', nullable: true, transformer: numericColumn })
  bodyFatPct!: number | null;
  @Column({ type: 'text', nullable: true }) note!: string | null;
  @Column({ type: 'text' }) source!: TrackingSource;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt!: Date;
}
