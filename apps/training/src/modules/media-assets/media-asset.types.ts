import type { RenditionsStatus } from '@sports/common';
import type { MediaKind } from './storage/media-sniff';

export const LIFECYCLE_STATES = ['active', 'trash_soft', 'trash_hidden'] as const;
export type LifecycleState = (typeof LIFECYCLE_STATES)[number];

export type AssetVisibility = 'private' | 'club' | 'official';

/** One row of media_assets (size as a number), as the media services hand it to other modules. */
export interface AssetRow {
  id: string;
  sha256: string;
  size_bytes: number;
  media_kind: MediaKind;
  mime_type: string;
  extension: string;
  original_name: string;
  label: string | null;
  copyright_notice: string | null;
  tags: string[];
  visibility: AssetVisibility;
  club_id: string | null;
  uploaded_by_profile_id: string | null;
  owner_profile_id: string | null;
  storage_key: string;
  lifecycle: LifecycleState;
  lifecycle_changed_at: Date;
  lifecycle_changed_by_profile_id: string | null;
  created_at: Date;
  updated_at: Date;
  renditions_status: RenditionsStatus;
  /** The row's version (the asset's ETag). */
  row_version: string;
  uploader_name?: string | null;
  club_name?: string | null;
}

export interface AssetUsage {
  exercises: { id: string; title: string }[];
  training_units: { id: string; title: string }[];
}

/** Where an upload or a relocation puts an asset. */
export interface AssetPlacement {
  visibility: AssetVisibility;
  club_id: string | null;
}
