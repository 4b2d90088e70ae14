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

/** `day` marks a whole-day total (what the CSV import writes); the others are single meals. */
export const MEALS = ['breakfast', 'lunch', 'dinner', 'snack', 'day'] as const;
export type Meal = (typeof MEALS)[number];

@Entity('nutrition_entries')
export class NutritionEntry {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @RowVersionColumn() rowVersion!: string;
  @Column('uuid') userId!: string;
  @Column({ type: 'date' }) date!: string;
  @Column({ type: 'text', nullable: true }) meal!: Meal | null;
  @Column({ type: 'numeric', transformer: numericColumn }) kcal!: number;
  @Column({ type: 'numeric', nullable: true, transformer: numericColumn })
  proteinG!: number | null;
  @Column({ type: 'numeric', nullable: true, transformer: numericColumn })
  carbohydrateG!: number | null;
  @Column({ type: 'numeric', nullable: true, transformer: numericColumn })
  fatG!: number | null;
  @Column({ type: 'numeric', nullable: true, transformer: numericColumn })
  fibreG!: number | null;
  @Column({ type: 'text' }) source!: TrackingSource;
  @Column({ type: 'text', nullable: true }) note!: string | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt!: Date;
}
