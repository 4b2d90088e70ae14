import { Injectable } from '@nestjs/common';
import {
  assertIfMatch,
  FieldError,
  type FileJournal,
  ForbiddenError,
  mapUniqueViolations,
  NotFoundError,
  openStoredFile,
  pageOf,
  type StoredFileAnswer,
  UnprocessableError,
  withEntityTag,
  type WriteTarget,
} from '@sports/common';
import type { EntityManager } from 'typeorm';
import { isSuperadmin, TenantContext } from '../tenant-context/tenant-context';
import type {
  BulkPatchRequest,
  BulkPatchResponse,
  ListMediaAssetsQuery,
  MediaAssetListResponse,
  MediaAssetResponse,
  UpdateMediaAssetRequest,
} from './dto/media-asset.dto';
import {
  assertPlacementChange,
  canEditAsset,
  canSeeAsset,
  hasLifecycleRight,
  visibleInOrder,
} from './media-asset-access';
import { MediaAssetFiles } from './media-asset-files.service';
import { toMediaAssetResponse } from './media-asset.response';
import type { AssetRow } from './media-asset.types';
import { MEDIA_ASSET_CONFLICTS } from './media-assets.constraints';
import { bulkForbidden, inTrash, officialOnly } from './media-assets.errors';
import { MediaAssetsRepository } from './media-assets.repository';
import { MediaIngestService } from './media-ingest.service';
import { MediaStorageService } from './storage/media-storage.service';

/**
 * The media library: listing with permissions and usage, file delivery with Range support and
 * edits (label, copyright, tags, visibility and club, the file relocated with them); and the
 * asset reads and copyright fill that exercise media build on. The lifecycle, ingestion and
 * retention have their own services.
 */
@Injectable()
export class MediaAssetsService {
  constructor(
    private readonly repo: MediaAssetsRepository,
    private readonly storage: MediaStorageService,
    private readonly ingest: MediaIngestService,
    private readonly files: MediaAssetFiles,
  ) {}

  // ---- for exercise media ----

  findById(id: string): Promise<AssetRow | null> {
    return this.repo.findById(id);
  }

  /** Exercise media links that still reference the asset. */
  referenceCount(m: EntityManager, id: string): Promise<number> {
    return this.repo.referenceCount(m, id);
  }

  /** The versions of the assets linked to an exercise, read within the caller's transaction. */
  versionsLinkedToExercise(m: EntityManager, exerciseId: string): Promise<unknown[]> {
    return this.repo.versionsLinkedToExercise(m, exerciseId);
  }

  /** The assets linked to an exercise, read within the caller's transaction. */
  linkedToExercise(m: EntityManager, exerciseId: string): Promise<AssetRow[]> {
    return this.repo.linkedToExercise(m, exerciseId);
  }

  /** An asset the caller may link (visible in the library and active). */
  async linkable(ctx: TenantContext, id: string, m?: EntityManager): Promise<AssetRow> {
    const a = await this.repo.findById(id, m, m !== undefined);
    if (!a || !(canSeeAsset(ctx, a) || (a.lifecycle !== 'active' && hasLifecycleRight(ctx, a)))) {
      throw new NotFoundError('Media asset', id);
    }
    if (a.lifecycle !== 'active') throw inTrash(a);
    return a;
  }

  /** Sets `notice` on the given assets that have none (official ones only for a superadmin). */
  async fillMissingCopyright(
    m: EntityManager,
    ctx: TenantContext,
    assets: AssetRow[],
    notice: string,
  ): Promise<void> {
    for (const a of assets) {
      if (a.copyright_notice?.trim()) continue;
      if (a.visibility === 'official' && !isSuperadmin(ctx)) continue;
      await this.repo.update(m, a.id, { copyright_notice: notice });
      a.copyright_notice = notice;
    }
  }

  // ---- reads ----

  async list(ctx: TenantContext, query: ListMediaAssetsQuery): Promise<MediaAssetListResponse> {
    if (query.club_id && !isSuperadmin(ctx)) {
      throw new ForbiddenError(
        'Only a superadmin filters the library by club.',
        'CLUB_FILTER_FORBIDDEN',
      );
    }
    const page = pageOf(query);
    const { rows, total } = await this.repo.list(
      ctx,
      {
        lifecycle: query.lifecycle ?? 'active',
        media_kind: query.media_kind,
        club_id: query.club_id,
        uploaded_by: query.uploaded_by,
        search: query.search,
      },
      page,
    );
    const usage = await this.repo.usage(
      ctx,
      rows.map((r) => r.id),
    );
    const urls = await this.files.urlsOf(rows);
    return {
      items: rows.map((r) => toMediaAssetResponse(ctx, r, urls.get(r.id)!, usage.get(r.id))),
      total,
      ...page,
    };
  }

  async get(ctx: TenantContext, id: string): Promise<MediaAssetResponse> {
    const a = await this.repo.findById(id);
    if (!a || !(await this.canRead(ctx, a))) throw new NotFoundError('Media asset', id);
    const usage = await this.repo.usage(ctx, [id]);
    return withEntityTag(
      toMediaAssetResponse(ctx, a, await this.files.urlsOfOne(a), usage.get(id)),
      a.row_version,
    );
  }

  /** Active assets: library readers and readers of a linking exercise; trashed: lifecycle right. */
  private async canRead(ctx: TenantContext, a: AssetRow): Promise<boolean> {
    if (a.lifecycle !== 'active') return hasLifecycleRight(ctx, a);
    return canSeeAsset(ctx, a) || (await this.repo.linkedToReadableExercise(ctx, a.id));
  }

  /**
   * The file (or one byte range of it) with its content type for a signed-in reader: 304 on a
   * matching If-None-Match, 416 outside the file.
   */
  async openFile(
    ctx: TenantContext,
    id: string,
    request: { range?: string; ifNoneMatch?: string },
  ): Promise<StoredFileAnswer> {
    const a = await this.repo.findById(id);
    if (!a || !(await this.canRead(ctx, a))) throw new NotFoundError('Media asset', id);
    return openStoredFile(this.files.original(a), {
      ...request,
      cacheControl: 'private, max-age=0, must-revalidate',
    });
  }

  // ---- edits ----

  /** With If-Match, only the version it names is changed (checked on the locked row). */
  async patch(
    ctx: TenantContext,
    { id, ifMatch }: WriteTarget,
    body: UpdateMediaAssetRequest,
  ): Promise<MediaAssetResponse> {
    await mapUniqueViolations(MEDIA_ASSET_CONFLICTS, () =>
      this.storage.transaction(async (m, files) => {
        const a = await this.repo.findById(id, m, true);
        if (!a || !canSeeAsset(ctx, a)) throw new NotFoundError('Media asset', id);
        await this.applyPatch(m, files, ctx, a, body, () => assertIfMatch(ifMatch, a.row_version));
      }),
    );
    return this.get(ctx, id);
  }

  async bulkPatch(ctx: TenantContext, body: BulkPatchRequest): Promise<BulkPatchResponse> {
    await mapUniqueViolations(MEDIA_ASSET_CONFLICTS, () =>
      this.storage.transaction(async (m, files) => {
        const rows = visibleInOrder(ctx, body.ids, await this.repo.findManyForUpdate(m, body.ids));
        const errors: FieldError[] = [];
        rows.forEach((a, i) => {
          if (!canEditAsset(ctx, a)) {
            errors.push({ path: `ids.${i}`, message: `${a.id}: read-only` });
          }
        });
        if (errors.length) throw bulkForbidden(errors, body.ids.length);
        for (const a of rows) await this.applyPatch(m, files, ctx, a, body.changes);
      }),
    );
    const items: MediaAssetResponse[] = [];
    for (const id of body.ids) items.push(await this.get(ctx, id));
    return { items };
  }

  private async applyPatch(
    m: EntityManager,
    files: FileJournal,
    ctx: TenantContext,
    a: AssetRow,
    body: UpdateMediaAssetRequest,
    /** Runs once the caller's right to edit is established (the If-Match check). */
    permitted?: () => void,
  ): Promise<void> {
    if (!canEditAsset(ctx, a)) {
      if (a.visibility === 'official') throw officialOnly();
      throw new ForbiddenError('You may see this media asset but not change it.');
    }
    permitted?.();
    const visibility = body.visibility ?? a.visibility;
    let clubId: string | null;
    if (visibility === 'official') clubId = null;
    else if (visibility === 'club')
      clubId =
        body.club_id ?? (a.visibility === 'club' ? a.club_id : null) ?? ctx.effective_club_id;
    else clubId = body.club_id ?? (a.visibility === 'private' ? a.club_id : null);
    if (visibility === 'club' && !clubId) {
      throw new UnprocessableError(
        'A club asset needs a club: send club_id or choose an active club.',
        'CLUB_REQUIRED',
      );
    }
    const moves = visibility !== a.visibility || clubId !== a.club_id;
    if (moves) {
      assertPlacementChange(ctx, a, { visibility, club_id: clubId });
      if (clubId && !(await this.repo.clubExists(clubId, m))) {
        throw new UnprocessableError(`Club ${clubId} does not exist.`, 'UNKNOWN_CLUB');
      }
      await this.ingest.relocate(m, files, a, { visibility, club_id: clubId });
    }
    await this.repo.update(m, a.id, {
      label: body.label,
      copyright_notice: body.copyright_notice === '' ? null : body.copyright_notice,
      tags: body.tags,
    });
  }
}
