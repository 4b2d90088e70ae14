import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { ClubMemberRole } from '../tenant-context/club-member-role';

@Entity('club_members')
export class ClubMember {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid' }) clubId!: string;
  @Column({ type: 'uuid' }) profileId!: string;
  @Column({ type: 'text', array: true }) roles!: ClubMemberRole[];
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
