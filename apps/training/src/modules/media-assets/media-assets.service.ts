import type { Readable } from 'node:stream';
import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import {
  ConflictError,
  DomainError,
  FieldError,
  type FileJournal,
  ForbiddenError,
  mapUniqueViolations,
  NotFoundError,
  pageOf,
  SERVICE_CONFIG,
  UnprocessableError,
} from '@sports/common';
import type { EntityManager } from 'typeorm';
import type { TrainingConfig } from '../../config';
import { MembershipService } from '../membership/membership.service';
import { storageQuotaExceeded } from '../membership/tier-limit.errors';
import {
  isClubMember,
  isPlatformAdmin,
  isSuperadmin,
  TenantContext,
} from '../tenant-context/tenant-context';
import type {
  BulkLifecycleRequest,
  BulkLifecycleResponse,
  BulkPatchRequest,
  BulkPatchResponse,
  LifecycleRequest,
  LifecycleResponse,
  ListMediaAssetsQuery,
  MediaAssetListResponse,
  MediaAssetResponse,
  RetentionRunResponse,
  UpdateMediaAssetRequest,
} from './dto/media-asset.dto';
import { parseRange } from './http-range';
import {
  canEditAsset,
  canPurgeAsset,
  canSeeAsset,
  expiredForRetention,
  hasLifecycleRight,
  LifecycleAction,
  lifecycleTarget,
  permissionsOf,
  seesAdminDetails,
} from './media-asset-access';
import { duplicateAsset, MEDIA_ASSET_CONFLICTS } from './media-assets.constraints';
import {
  AssetRow,
  AssetUsage,
  AssetVisibility,
  MediaAssetsRepository,
} from './media-assets.repository';
import { storageKeyOf } from './storage/media-paths';
import { MediaStorageService, ReceivedFile } from './storage/media-storage.service';

const iso = (v: Date | string): string => new Date(v).toISOString();

/** Where an upload or a relocation puts an asset. */
export interface AssetPlacement {
  visibility: AssetVisibility;
  club_id: string | null;
}

export interface AssetMeta {
  original_name: string;
  label: string | null;
  copyright_notice: string | null;
  tags: string[];
}

/** An open file to stream to a client. */
export interface AssetFile {
  status: 200 | 206;
  headers: Record<string, string>;
  stream: Readable;
}

const officialOnly = (): ForbiddenError =>
  new ForbiddenError(
    'Official media assets are changed only by a superadmin; others see them read-only.',
    'OFFICIAL_MEDIA_REQUIRES_SUPERADMIN',
  );

/**
 * The media library: listing with permissions and usage, file delivery with Range support,
 * edits with relocation of the file, the lifecycle with its rights, de-duplicated ingestion of
 * uploads (used by exercise media) and the retention job.
 */
@Injectable()
export class MediaAssetsService implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('MediaRetention');
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly repo: MediaAssetsRepository,
    readonly storage: MediaStorageService,
    private readonly membership: MembershipService,
    @Inject(SERVICE_CONFIG) private readonly config: TrainingConfig,
  ) {}

  // ---- retention job ----

  onModuleInit(): void {
    const minutes = this.config.MEDIA_RETENTION_INTERVAL_MINUTES;
    if (minutes > 0) {
      this.timer = setInterval(() => {
        this.runRetention().catch((err: Error) =>
          this.logger.error(`retention run failed: ${err.message}`),
        );
      }, minutes * 60_000);
      this.timer.unref();
    }
  }

  onApplicationShutdown(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Purges assets in trash_hidden for longer than MEDIA_RETENTION_DAYS (rows, links, files). */
  async runRetention(now = new Date()): Promise<RetentionRunResponse> {
    const days = this.config.MEDIA_RETENTION_DAYS;
    const cutoff = new Date(now.getTime() - days * 86_400_000);
    const purged = await this.storage.transaction(async (m, files) => {
      const expired = expiredForRetention(await this.repo.trashHidden(m, cutoff), now, days);
      for (const a of expired) {
        await this.repo.delete(m, a.id);
        files.deleteAfterCommit(a.storage_key);
      }
      return expired.map((a) => a.id);
    });
    if (purged.length) this.logger.log(`purged ${purged.length} media assets`);
    return { purged_ids: purged, retention_days: days };
  }

  // ---- reads ----

  toResponse(ctx: TenantContext, a: AssetRow, usage?: AssetUsage): MediaAssetResponse {
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
    return { items: rows.map((r) => this.toResponse(ctx, r, usage.get(r.id))), total, ...page };
  }

  async get(ctx: TenantContext, id: string): Promise<MediaAssetResponse> {
    const a = await this.repo.findById(id);
    if (!a || !(await this.canRead(ctx, a))) throw new NotFoundError('Media asset', id);
    const usage = await this.repo.usage(ctx, [id]);
    return this.toResponse(ctx, a, usage.get(id));
  }

  /** Active assets: library readers and readers of a linking exercise; trashed: lifecycle right. */
  private async canRead(ctx: TenantContext, a: AssetRow): Promise<boolean> {
    if (a.lifecycle !== 'active') return hasLifecycleRight(ctx, a);
    return canSeeAsset(ctx, a) || (await this.repo.linkedToReadableExercise(ctx, a.id));
  }

  /** The file (or one byte range of it) with its content type; 416 outside the file. */
  async openFile(ctx: TenantContext, id: string, rangeHeader?: string): Promise<AssetFile> {
    const a = await this.repo.findById(id);
    if (!a || !(await this.canRead(ctx, a))) throw new NotFoundError('Media asset', id);
    const size = Number(a.size_bytes);
    const headers: Record<string, string> = {
      'Content-Type': a.mime_type,
      'Accept-Ranges': 'bytes',
      ETag: `"${a.sha256}"`,
      'Cache-Control': 'private, max-age=0, must-revalidate',
      'Content-Disposition': `inline; filename="${a.sha256}.${a.extension}"`,
      'X-Content-Type-Options': 'nosniff',
    };
    const range = parseRange(rangeHeader, size);
    if (range.kind === 'unsatisfiable') {
      throw new DomainError(
        416,
        'RANGE_NOT_SATISFIABLE',
        'Range not satisfiable',
        `The file has ${size} bytes.`,
        {
          headers: { 'Content-Range': `bytes */${size}` },
        },
      );
    }
    if (range.kind === 'partial') {
      const stream = await this.storage.driver.read(a.storage_key, range);
      return {
        status: 206,
        headers: {
          ...headers,
          'Content-Range': `bytes ${range.start}-${range.end}/${size}`,
          'Content-Length': String(range.end - range.start + 1),
        },
        stream,
      };
    }
    const stream = await this.storage.driver.read(a.storage_key);
    return { status: 200, headers: { ...headers, 'Content-Length': String(size) }, stream };
  }

  // ---- edits ----

  async patch(
    ctx: TenantContext,
    id: string,
    body: UpdateMediaAssetRequest,
  ): Promise<MediaAssetResponse> {
    await mapUniqueViolations(MEDIA_ASSET_CONFLICTS, () =>
      this.storage.transaction(async (m, files) => {
        const a = await this.repo.findById(id, m, true);
        if (!a || !canSeeAsset(ctx, a)) throw new NotFoundError('Media asset', id);
        await this.applyPatch(m, files, ctx, a, body);
      }),
    );
    return this.get(ctx, id);
  }

  async bulkPatch(ctx: TenantContext, body: BulkPatchRequest): Promise<BulkPatchResponse> {
    await mapUniqueViolations(MEDIA_ASSET_CONFLICTS, () =>
      this.storage.transaction(async (m, files) => {
        const rows = await this.lockedAll(m, ctx, body.ids);
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

  private async lockedAll(
    m: EntityManager,
    ctx: TenantContext,
    ids: string[],
  ): Promise<AssetRow[]> {
    const rows = await this.repo.findManyForUpdate(m, ids);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const missing = ids.filter((i) => {
      const r = byId.get(i);
      return !r || !canSeeAsset(ctx, r);
    });
    if (missing.length) {
      throw new NotFoundError('Media assets', undefined, { extensions: { missing_ids: missing } });
    }
    return ids.map((i) => byId.get(i) as AssetRow);
  }

  private async applyPatch(
    m: EntityManager,
    files: FileJournal,
    ctx: TenantContext,
    a: AssetRow,
    body: UpdateMediaAssetRequest,
  ): Promise<void> {
    if (!canEditAsset(ctx, a)) {
      if (a.visibility === 'official') throw officialOnly();
      throw new ForbiddenError('You may see this media asset but not change it.');
    }
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
      this.assertPlacementChange(ctx, a, { visibility, club_id: clubId });
      if (clubId && !(await this.repo.clubExists(clubId, m))) {
        throw new UnprocessableError(`Club ${clubId} does not exist.`, 'UNKNOWN_CLUB');
      }
      await this.relocate(m, files, a, { visibility, club_id: clubId });
    }
    await this.repo.update(m, a.id, {
      label: body.label,
      copyright_notice: body.copyright_notice === '' ? null : body.copyright_notice,
      tags: body.tags,
    });
  }

  /** The visibility rules of assets, as for exercises (official: superadmin; club: membership). */
  private assertPlacementChange(ctx: TenantContext, a: AssetRow, to: AssetPlacement): void {
    const changesVisibility = a.visibility !== to.visibility;
    if (
      (to.visibility === 'official' || a.visibility === 'official') &&
      changesVisibility &&
      !isSuperadmin(ctx)
    ) {
      throw officialOnly();
    }
    if (to.visibility !== 'official' && to.club_id && to.club_id !== a.club_id) {
      if (!isPlatformAdmin(ctx) && !isClubMember(ctx, to.club_id)) {
        throw new ForbiddenError(
          'Club media need membership of that club.',
          'CLUB_MEMBERSHIP_REQUIRED',
          {
            extensions: { club_id: to.club_id },
          },
        );
      }
    }
    if (to.visibility === 'private' && changesVisibility) {
      if (a.owner_profile_id !== ctx.profile_id && !isPlatformAdmin(ctx)) {
        throw new ForbiddenError(
          'Only the owner may make this media asset private.',
          'PRIVATE_REQUIRES_OWNER',
        );
      }
    }
  }

  /**
   * Moves the asset's file to the place of its new visibility and club and updates the row and
   * the file paths of linked exercise media. Runs inside the caller's transaction; the journal
   * moves the file back when the transaction fails.
   */
  async relocate(
    m: EntityManager,
    files: FileJournal,
    a: AssetRow,
    to: AssetPlacement,
  ): Promise<void> {
    const scope = this.scopeOf(to, a.owner_profile_id ?? a.id);
    await this.repo.lockDedupeKey(m, `${a.sha256}:${to.visibility}:${scope}`);
    const clash = await this.repo.findByDedupeKey(m, {
      sha256: a.sha256,
      visibility: to.visibility,
      club_id: to.club_id,
      owner: a.owner_profile_id,
    });
    if (clash && clash.id !== a.id) throw duplicateAsset(clash.id);
    const key = storageKeyOf({
      relativeRoot: await this.storage.relativeRoot(),
      visibility: to.visibility,
      scope,
      sha256: a.sha256,
      extension: a.extension,
    });
    await files.move(a.storage_key, key);
    await this.repo.update(m, a.id, {
      visibility: to.visibility,
      club_id: to.club_id,
      storage_key: key,
    });
    Object.assign(a, { visibility: to.visibility, club_id: to.club_id, storage_key: key });
  }

  private scopeOf(p: AssetPlacement, owner: string): string {
    return p.club_id ?? (p.visibility === 'official' ? 'platform' : owner);
  }

  // ---- lifecycle ----

  async lifecycle(
    ctx: TenantContext,
    id: string,
    body: LifecycleRequest,
  ): Promise<LifecycleResponse> {
    const state = await this.storage.transaction(async (m, files) => {
      const a = await this.repo.findById(id, m, true);
      if (!a || !canSeeAsset(ctx, a)) throw new NotFoundError('Media asset', id);
      return this.applyLifecycle(
        m,
        files,
        ctx,
        a,
        body.action,
        body.superadmin_force_lifecycle === true,
      );
    });
    return this.lifecycleResponse(ctx, id, body.action, state);
  }

  async bulkLifecycle(
    ctx: TenantContext,
    body: BulkLifecycleRequest,
  ): Promise<BulkLifecycleResponse> {
    const force = body.superadmin_force_lifecycle === true;
    const states = await this.storage.transaction(async (m, files) => {
      const rows = await this.lockedAll(m, ctx, body.ids);
      const out: string[] = [];
      const errors: FieldError[] = [];
      let forbidden = false;
      for (const [i, a] of rows.entries()) {
        try {
          out.push(await this.applyLifecycle(m, files, ctx, a, body.action, force));
        } catch (err) {
          if (!(err instanceof DomainError) || err.status >= 500) throw err;
          forbidden ||= err.status === 403;
          errors.push({ path: `ids.${i}`, message: `${a.id}: ${err.code}: ${err.message}` });
        }
      }
      if (errors.length) {
        // The database work of the refused batch is rolled back with the transaction.
        throw new DomainError(
          forbidden ? 403 : 409,
          'BULK_LIFECYCLE_REFUSED',
          'Bulk lifecycle refused',
          `${errors.length} of ${rows.length} assets cannot take this action; nothing was changed.`,
          { errors },
        );
      }
      return out;
    });
    const items: LifecycleResponse[] = [];
    for (const [i, id] of body.ids.entries()) {
      items.push(await this.lifecycleResponse(ctx, id, body.action, states[i]));
    }
    return { items };
  }

  private async lifecycleResponse(
    ctx: TenantContext,
    id: string,
    action: LifecycleAction,
    state: string,
  ): Promise<LifecycleResponse> {
    if (state === 'purged') return { id, action, lifecycle: 'purged' };
    const a = await this.repo.findById(id);
    return { id, action, lifecycle: state, asset: a ? this.toResponse(ctx, a) : undefined };
  }

  /**
   * One lifecycle action with the rights of the specification. Returns the new state
   * (`purged` after a purge).
   */
  private async applyLifecycle(
    m: EntityManager,
    files: FileJournal,
    ctx: TenantContext,
    a: AssetRow,
    action: LifecycleAction,
    force: boolean,
  ): Promise<string> {
    if (force && !isSuperadmin(ctx)) {
      throw new ForbiddenError(
        'Only a superadmin may force the lifecycle.',
        'FORCE_REQUIRES_SUPERADMIN',
      );
    }
    if (action === 'purge') {
      if (!canPurgeAsset(ctx)) {
        throw new ForbiddenError('Only a superadmin may purge media.', 'PURGE_REQUIRES_SUPERADMIN');
      }
      if (a.lifecycle === 'active' && !force) {
        throw new ConflictError(
          'Only assets in trash are purged; move it to trash first or force the hard delete.',
          'MEDIA_LIFECYCLE_INVALID',
          { extensions: { asset_id: a.id, lifecycle: a.lifecycle } },
        );
      }
      const refs = await this.repo.referenceCount(m, a.id);
      if (refs > 0 && !force) {
        throw new ConflictError(
          `The asset is still linked ${refs}×; unlink it first or force the hard delete.`,
          'MEDIA_ASSET_IN_USE',
          { extensions: { asset_id: a.id, references: refs } },
        );
      }
      await this.repo.delete(m, a.id);
      files.deleteAfterCommit(a.storage_key);
      return 'purged';
    }
    if (!hasLifecycleRight(ctx, a)) {
      if (a.visibility === 'official') throw officialOnly();
      throw new ForbiddenError(
        'The lifecycle of this asset belongs to its owner (private), the club organisation and the platform.',
        'MEDIA_LIFECYCLE_FORBIDDEN',
      );
    }
    const target = lifecycleTarget(a.lifecycle, action);
    if (target === null) {
      if (force) return a.lifecycle;
      throw new ConflictError(
        `The asset is ${a.lifecycle}; ${action} does not apply.`,
        'MEDIA_LIFECYCLE_INVALID',
        {
          extensions: { asset_id: a.id, lifecycle: a.lifecycle },
        },
      );
    }
    await this.repo.setLifecycle(m, a.id, target as AssetRow['lifecycle'], ctx.profile_id);
    return target;
  }

  // ---- used by exercise media ----

  /** An asset the caller may link (visible in the library and active). */
  async linkable(ctx: TenantContext, id: string, m?: EntityManager): Promise<AssetRow> {
    const a = await this.repo.findById(id, m, m !== undefined);
    if (!a || !(canSeeAsset(ctx, a) || (a.lifecycle !== 'active' && hasLifecycleRight(ctx, a)))) {
      throw new NotFoundError('Media asset', id);
    }
    if (a.lifecycle !== 'active') throw inTrash(a);
    return a;
  }

  /**
   * Where an upload to an exercise goes. The visibility follows the exercise (or the body);
   * a club asset belongs to the body's club, the exercise's club or the active club. A private
   * upload by a platform admin must name its club (rule 9); a superadmin's follows the
   * effective club; other private uploads belong to the uploader alone.
   */
  async uploadPlacement(
    ctx: TenantContext,
    exercise: { visibility: AssetVisibility; club_id: string | null },
    body: { visibility?: AssetVisibility; club_id?: string },
  ): Promise<AssetPlacement> {
    const visibility = body.visibility ?? exercise.visibility;
    let clubId: string | null = null;
    if (visibility === 'official') {
      if (!isPlatformAdmin(ctx)) throw officialOnly();
      if (body.club_id) {
        throw new UnprocessableError('Official media have no club.', 'CLUB_NOT_ALLOWED');
      }
    } else if (visibility === 'club') {
      clubId =
        body.club_id ??
        (exercise.visibility === 'club' ? exercise.club_id : null) ??
        ctx.effective_club_id;
      if (!clubId) {
        throw new UnprocessableError(
          'A club asset needs a club: send club_id or choose an active club.',
          'CLUB_REQUIRED',
        );
      }
    } else if (isSuperadmin(ctx)) {
      clubId = body.club_id ?? ctx.effective_club_id;
    } else if (isPlatformAdmin(ctx)) {
      if (!body.club_id) {
        throw new UnprocessableError(
          'A platform admin uploading a private archive file must give club_id.',
          'CLUB_REQUIRED',
          {
            errors: [
              { path: 'club_id', message: 'required for a private upload by a platform admin' },
            ],
          },
        );
      }
      clubId = body.club_id;
    } else {
      clubId = body.club_id ?? null;
    }
    if (clubId) {
      if (!isPlatformAdmin(ctx) && !isClubMember(ctx, clubId)) {
        throw new ForbiddenError(
          'Club media need membership of that club.',
          'CLUB_MEMBERSHIP_REQUIRED',
          {
            extensions: { club_id: clubId },
          },
        );
      }
      if (!(await this.repo.clubExists(clubId))) {
        throw new UnprocessableError(`Club ${clubId} does not exist.`, 'UNKNOWN_CLUB');
      }
    }
    return { visibility, club_id: clubId };
  }

  /**
   * Turns a received upload into an asset, de-duplicated per (sha256, visibility, club): the same
   * content links the existing asset; an existing one in trash → 409 MEDIA_ASSET_IN_TRASH. A new
   * private or club asset must fit the uploader's storage quota (413 STORAGE_QUOTA_EXCEEDED):
   * the bytes of the private and club assets the uploader owns, each stored file counted once,
   * checked under a per-owner lock so that simultaneous uploads cannot both squeeze in.
   */
  async ingest(
    m: EntityManager,
    files: FileJournal,
    ctx: TenantContext,
    file: ReceivedFile,
    placement: AssetPlacement,
    meta: AssetMeta,
  ): Promise<{ asset: AssetRow; created: boolean }> {
    const owner = ctx.profile_id;
    const scope = this.scopeOf(placement, owner);
    await this.repo.lockOwnerStorage(m, owner);
    await this.repo.lockDedupeKey(m, `${file.sha256}:${placement.visibility}:${scope}`);
    const existing = await this.repo.findByDedupeKey(m, {
      sha256: file.sha256,
      visibility: placement.visibility,
      club_id: placement.club_id,
      owner,
    });
    if (existing) {
      if (existing.lifecycle !== 'active') throw inTrash(existing);
      return { asset: existing, created: false };
    }
    if (placement.visibility !== 'official') await this.assertStorageQuota(m, owner, file.size);
    const key = storageKeyOf({
      relativeRoot: await this.storage.relativeRoot(),
      visibility: placement.visibility,
      scope,
      sha256: file.sha256,
      extension: file.sniffed.extension,
    });
    await files.place(file.stagingPath, key, file.sniffed.mime_type);
    const id = await this.repo.insert(m, {
      sha256: file.sha256,
      size_bytes: file.size,
      media_kind: file.sniffed.media_kind,
      mime_type: file.sniffed.mime_type,
      extension: file.sniffed.extension,
      original_name: meta.original_name,
      label: meta.label,
      copyright_notice: meta.copyright_notice,
      tags: meta.tags,
      visibility: placement.visibility,
      club_id: placement.club_id,
      uploaded_by_profile_id: ctx.profile_id,
      owner_profile_id: owner,
      storage_key: key,
    });
    return { asset: (await this.repo.findById(id, m)) as AssetRow, created: true };
  }

  private async assertStorageQuota(m: EntityManager, owner: string, bytes: number): Promise<void> {
    const { tier, limits } = await this.membership.limitsOfProfile(owner, m);
    const used = await this.repo.bytesOwnedBy(m, owner);
    if (used + bytes > limits.storage_quota_bytes) {
      throw storageQuotaExceeded({
        tier,
        quota_bytes: limits.storage_quota_bytes,
        used_bytes: used,
        file_bytes: bytes,
      });
    }
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

  /**
   * Raises the assets attached to an official exercise to official (file relocated) and sets
   * their copyright from `notice` when given. When official content with the same hash already
   * exists, the exercise's links move to that asset instead.
   */
  async promoteToOfficial(
    m: EntityManager,
    files: FileJournal,
    exerciseId: string,
    assets: AssetRow[],
    notice: string | null,
  ): Promise<void> {
    for (const a of assets) {
      if (a.visibility !== 'official') {
        const clash = await this.repo.findByDedupeKey(m, {
          sha256: a.sha256,
          visibility: 'official',
          club_id: null,
          owner: null,
        });
        if (clash) {
          await this.repo.relinkExerciseMedia(m, exerciseId, a.id, clash);
          if (notice) await this.repo.update(m, clash.id, { copyright_notice: notice });
          continue;
        }
        await this.relocate(m, files, a, { visibility: 'official', club_id: null });
      }
      if (notice) await this.repo.update(m, a.id, { copyright_notice: notice });
    }
  }
}

function inTrash(a: AssetRow): ConflictError {
  return new ConflictError(
    'This content matches a media asset in trash; reactivate it, then link it.',
    'MEDIA_ASSET_IN_TRASH',
    {
      extensions: { asset_id: a.id, lifecycle: a.lifecycle },
      hint: `POST /api/media-assets/${a.id}/lifecycle {"action":"reactivate"}, then POST /api/exercises/{id}/media/from-asset {"media_asset_id":"${a.id}"}.`,
    },
  );
}

function bulkForbidden(errors: FieldError[], n: number): ForbiddenError {
  return new ForbiddenError(
    `${errors.length} of ${n} assets may not be changed; nothing was changed.`,
    'BULK_FORBIDDEN',
    { errors },
  );
}
