import { Injectable } from '@nestjs/common';
import { type FileJournal, ForbiddenError, UnprocessableError } from '@sports/common';
import type { EntityManager } from 'typeorm';
import { MembershipService } from '../membership/membership.service';
import { storageQuotaExceeded } from '../membership/tier-limit.errors';
import {
  isClubMember,
  isPlatformAdmin,
  isSuperadmin,
  TenantContext,
} from '../tenant-context/tenant-context';
import { MediaAssetFiles } from './media-asset-files.service';
import type { AssetPlacement, AssetRow, AssetVisibility } from './media-asset.types';
import { duplicateAsset } from './media-assets.constraints';
import { inTrash, officialOnly } from './media-assets.errors';
import { MediaAssetsRepository } from './media-assets.repository';
import { storageKeyOf } from './storage/media-paths';
import { MediaStorageService, ReceivedFile } from './storage/media-storage.service';

/** What an upload says about the asset it creates. */
export interface AssetMeta {
  original_name: string;
  label: string | null;
  copyright_notice: string | null;
  tags: string[];
}

/**
 * Where an asset's file goes. Uploads become assets (placement, de-duplication per (sha256,
 * visibility, club) under an advisory lock, the uploader's storage quota); moving an asset to
 * another visibility or club keeps that de-duplication (relocation, promotion to official).
 * Runs inside the caller's transaction; the file journal undoes file moves on rollback.
 */
@Injectable()
export class MediaIngestService {
  constructor(
    private readonly repo: MediaAssetsRepository,
    private readonly storage: MediaStorageService,
    private readonly membership: MembershipService,
    private readonly files: MediaAssetFiles,
  ) {}

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
   * checked under a per-owner lock so that simultaneous uploads cannot both squeeze in. A new
   * image gets its rendition job queued in the same transaction.
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
    const image = file.sniffed.media_kind === 'image';
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
      renditions_status: image ? 'pending' : 'none',
    });
    // The renditions are made by a job that becomes visible with this transaction's commit.
    if (image) await this.files.enqueueRenditions(m, id);
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
