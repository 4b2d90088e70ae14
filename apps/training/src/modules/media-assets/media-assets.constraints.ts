import { ConflictError, UniqueConflicts } from '@sports/common';

export function duplicateAsset(assetId?: string): ConflictError {
  return new ConflictError(
    'The same content already exists with that visibility and club.',
    'MEDIA_ASSET_DUPLICATE',
    assetId ? { extensions: { asset_id: assetId } } : {},
  );
}

/**
 * Unique constraints of `media_assets` and what a request that hits one is answered. Uploads
 * and relocations take an advisory lock per de-duplication key first, so these are the backstop.
 */
export const MEDIA_ASSET_CONFLICTS: UniqueConflicts = {
  media_assets_dedupe_club_key: () => duplicateAsset(),
  media_assets_dedupe_official_key: () => duplicateAsset(),
  media_assets_dedupe_private_key: () => duplicateAsset(),
  media_assets_storage_key_key: () => duplicateAsset(),
};
