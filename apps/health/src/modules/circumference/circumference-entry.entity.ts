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

export type CircumferenceSite =
  'neck' | 'chest' | 'waist' | 'hip' | 'thigh' | 'arm' | 'calf' | 'forearm' | 'shoulders';

export const CIRCUMFERENCE_SITES: readonly CircumferenceSite[] = [
  'neck',
  'chest',
  'waist',
  'hip',
  'thigh',
  'arm',
  'calf',
  'forearm',
  'shoulders',
];

/** One girth per user, day and site (unique constraint circumference_entries_user_date_site_key). */
@Entity('circumference_entries')
export class CircumferenceEntry {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @RowVersionColumn() rowVersion!: string;
  @Column({ type: 'uuid' }) userId!: string;
  @Column({ type: 'date' }) date!: string;
  @Column({ type: 'text' }) site!: CircumferenceSite;
  @Column({ type: 'numeric', transformer: numericColumn }) valueCm!: number;
  @Column({ type: 'text', nullable: true }) note!: string | null;
  @Column({ type: 'text' }) source!: TrackingSource;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt!: Date;
}
