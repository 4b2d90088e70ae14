import { ConflictError, FieldError, ForbiddenError } from '@sports/common';
import type { AssetRow } from './media-asset.types';

export function officialOnly(): ForbiddenError {
  return new ForbiddenError(
    'Official media assets are changed only by a superadmin; others see them read-only.',
    'OFFICIAL_CONTENT_FORBIDDEN',
  );
}

export function inTrash(a: AssetRow): ConflictError {
  return new ConflictError(
    'This content matches a media asset in trash; reactivate it, then link it.',
    'MEDIA_ASSET_IN_TRASH',
    {
      extensions: { asset_id: a.id, lifecycle: a.lifecycle },
      hint: `POST /api/media-assets/${a.id}/lifecycle {"action":"reactivate"}, then POST /api/exercises/{id}/media/from-asset {"media_asset_id":"${a.id}"}.`,
    },
  );
}

export function bulkForbidden(errors: FieldError[], n: number): ForbiddenError {
  return new ForbiddenError(
    `${errors.length} of ${n} assets may not be changed; nothing was changed.`,
    'BULK_FORBIDDEN',
    { errors },
  );
}
