import type { RenditionsStatus } from '@sports/common';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const PHOTO_POSES = ['front', 'side', 'back', 'other'] as const;
export type PhotoPose = (typeof PHOTO_POSES)[number];

export const PHOTO_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;
export type PhotoMimeType = (typeof PHOTO_MIME_TYPES)[number];

@Entity('photos')
export class Photo {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid') userId!: string;
  @Column({ type: 'date' }) takenOn!: string;
  @Column({ type: 'text', nullable: true }) pose!: PhotoPose | null;
  @Column({ type: 'text' }) mimeType!: PhotoMimeType;
  @Column({ type: 'bigint', transformer: { to: (v: number) => v, from: (v: string) => Number(v) } })
  byteSize!: number;
  @Column({ type: 'text' }) sha256!: string;
  /** Relative to PHOTO_ROOT: `<user_id>/<uuid>.<ext>`; never derived from a client-given name. */
  @Column({ type: 'text' }) storagePath!: string;
  @CreateDateColumn({ type: 'timestamptz' }) createdAt!: Date;
  /** Where the WebP renditions stand (photo_renditions holds them). */
  @Column({ type: 'text', default: 'none' }) renditionsStatus!: RenditionsStatus;
}
