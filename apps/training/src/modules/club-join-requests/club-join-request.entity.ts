import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type JoinRequestStatus = 'pending' | 'accepted' | 'rejected';
export const JOIN_REQUEST_STATUSES: readonly JoinRequestStatus[] = [
  'pending',
  'accepted',
  'rejected',
];

@Entity('club_join_requests')
export class ClubJoinRequest {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ type: 'uuid' }) clubId!: string;
  @Column({ type: 'uuid' }) profileId!: string;
  @Column({ type: 'text', nullable: true }) message!: string | null;
  @Column({ type: 'text' }) status!: JoinRequestStatus;
  @Column({ type: 'uuid', nullable: true }) decidedByProfileId!: string | null;
  @Column({ type: 'timestamptz', nullable: true }) decidedAt!: Date | null;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
}
