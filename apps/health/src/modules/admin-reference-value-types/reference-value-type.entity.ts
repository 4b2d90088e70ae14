import { RowVersionColumn } from '@sports/common';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { numericColumn } from '../../tracking/persistence';

/** A kind of baseline vital value (resting_hr, bp_systolic, ...) with its unit and plausible range. */
@Entity('reference_value_types')
export class ReferenceValueType {
  @PrimaryColumn({ type: 'text' }) key!: string;
  @RowVersionColumn() rowVersion!: string;
  @Column({ type: 'text' }) name!: string;
  @Column({ type: 'text' }) unit!: string;
  @Column({ type: 'numeric', transformer: numericColumn }) minValue!: number;
  @Column({ type: 'numeric', transformer: numericColumn }) maxValue!: number;
  @Column() isActive!: boolean;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt!: Date;
}
