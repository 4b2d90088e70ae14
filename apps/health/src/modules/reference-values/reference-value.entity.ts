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

/** One baseline vital value of one type per user and day. */
@Entity('reference_values')
export class ReferenceValue {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @RowVersionColumn() rowVersion!: string;
  @Column('uuid') userId!: string;
  @Column({ type: 'text' }) typeKey!: string;
  @Column({ type: 'date' }) measuredOn!: string;
  @Column({ type: 'timestamptz', nullable: true }) measuredAt!: Date | null;
  @Column({ type: 'numeric', transformer: numericColumn }) value!: number;
  @Column({ type: 'text' }) source!: TrackingSource;
  @Column({ type: 'text', nullable: true }) note!: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt!: Date;
}
