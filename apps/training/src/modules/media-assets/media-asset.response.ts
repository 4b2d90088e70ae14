import type { TenantContext } from '../tenant-context/tenant-context';
import type { MediaAssetResponse } from './dto/media-asset.dto';
import { permissionsOf, seesAdminDetails } from './media-asset-access';
import type { AssetFileUrls } from './media-asset-files.service';
import type { AssetRow, AssetUsage } from './media-asset.types';

const iso = (v: Date | string): string => new Date(v).toISOString();

/**
 * An asset as `ctx` sees it: its permissions, signed URLs of its file and renditions, and
 * uploader and club only for platform admins and the club's admins. The library and exercise media answer assets this way.
 */
export function toMediaAssetResponse(
  ctx: TenantContext,
  a: AssetRow,
  files: AssetFileUrls,
  usage?: AssetUsage,
): MediaAssetResponse {
  const out: MediaAssetResponse = {
    id: a.id,
    media_kind: a.media_kind,
    mime_type: a.mime_type,
    size_bytes: Number(a.size_bytes),
    sha256: a.sha256,
    original_name: a.original_name,
    label: a.label,
    copyright_notice: a.copyright_notice,
    tags: a.tags ?? [],
    visibility: a.visibility,
    lifecycle: a.lifecycle,
    lifecycle_changed_at: iso(a.lifecycle_changed_at),
    file_url: `/api/media-assets/${a.id}/file`,
    permissions: permissionsOf(ctx, a),
    created_at: iso(a.created_at),
    updated_at: iso(a.updated_at),
    url: files.url,
    renditions: files.renditions,
    renditions_status: files.renditions_status,
  };
  if (seesAdminDetails(ctx, a)) {
    out.club_id = a.club_id;
    out.club_name = a.club_name ?? null;
    out.uploaded_by_profile_id = a.uploaded_by_profile_id;
    out.uploader_name = a.uploader_name ?? null;
  }
  if (usage) out.usage = usage;
  return out;
}
