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
import type { BodySex, CaliperFormula, Skinfolds } from './caliper-formulas';

/**
 * A skinfold measurement and the body fat computed from it. Age and sex are a snapshot of the
 * profile on the measurement day, so a later profile edit does not silently rewrite history.
 */
@Entity('caliper_entries')
export class CaliperEntry {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @RowVersionColumn() rowVersion!: string;
  @Column({ type: 'uuid' }) userId!: string;
  @Column({ type: 'date' }) date!: string;
  @Column({ type: 'text' }) formula!: CaliperFormula;
  @Column({ type: 'jsonb' }) sites!: Skinfolds;
  @Column({ type: 'numeric', transformer: numericColumn }) bodyFatPct!: number;
  @Column({ type: 'numeric', transformer: numericColumn }) density!: number;
  @Column({ type: 'int' }) ageYears!: number;
  @Column({ type: 'text' }) sex!: BodySex;
  @Column({ type: 'text', nullable: true }) note!: string | null;
  @Column({ type: 'text' }) source!: TrackingSource;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt!: Date;
}
