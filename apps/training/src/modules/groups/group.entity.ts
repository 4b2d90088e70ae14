import { RowVersionColumn } from '@sports/common';
import {
  Column,
  CreateDateColumn,
  Entity,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** A training group of a club with its default trainers (used by training units). */
@Entity('groups')
export class Group {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @RowVersionColumn() rowVersion!: string;
  @Column({ type: 'uuid' }) clubId!: string;
  @Column() name!: string;
  @Column({ type: 'uuid', nullable: true }) defaultLeadTrainerProfileId!: string | null;
  @Column({ type: 'uuid', array: true }) defaultAssistantTrainerProfileIds!: string[];
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ type: 'timestamptz' }) updatedAt!: Date;
}
