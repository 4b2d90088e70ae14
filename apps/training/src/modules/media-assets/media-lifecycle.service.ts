import { Injectable } from '@nestjs/common';
import {
  assertIfMatch,
  ConflictError,
  DomainError,
  FieldError,
  type FileJournal,
  ForbiddenError,
  NotFoundError,
  withEntityTag,
  type WriteTarget,
} from '@sports/common';
import type { EntityManager } from 'typeorm';
import { isSuperadmin, TenantContext } from '../tenant-context/tenant-context';
import type {
  BulkLifecycleRequest,
  BulkLifecycleResponse,
  LifecycleRequest,
  LifecycleResponse,
} from './dto/media-asset.dto';
import {
  canPurgeAsset,
  canSeeAsset,
  hasLifecycleRight,
  LifecycleAction,
  lifecycleTarget,
  visibleInOrder,
} from './media-asset-access';
import { MediaAssetFiles } from './media-asset-files.service';
import { toMediaAssetResponse } from './media-asset.response';
import type { AssetRow } from './media-asset.types';
import { bulkForbidden, officialOnly } from './media-assets.errors';
import { MediaAssetsRepository } from './media-assets.repository';
import { MediaStorageService } from './storage/media-storage.service';

/**
 * The lifecycle of assets (trash_soft, trash_hidden, recover, reactivate, purge) with the rights
 * of the specification, one asset or a batch that is refused as a whole. A purge deletes the
 * row in the transaction and the file after it commits.
 */
@Injectable()
export class MediaLifecycleService {
  constructor(
    private readonly repo: MediaAssetsRepository,
    private readonly storage: MediaStorageService,
    private readonly files: MediaAssetFiles,
  ) {}

  /**
   * With If-Match, only the version it names takes the action: checked on the locked row once
   * the caller's right is established (412 otherwise, nothing changed).
   */
  async lifecycle(
    ctx: TenantContext,
    { id, ifMatch }: WriteTarget,
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
        () => assertIfMatch(ifMatch, a.row_version),
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
      const rows = visibleInOrder(ctx, body.ids, await this.repo.findManyForUpdate(m, body.ids));
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
        if (forbidden) throw bulkForbidden(errors, rows.length);
        throw new ConflictError(
          `${errors.length} of ${rows.length} assets cannot take this action; nothing was changed.`,
          'BULK_LIFECYCLE_REFUSED',
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
    if (!a) return { id, action, lifecycle: state };
    const asset = toMediaAssetResponse(ctx, a, await this.files.urlsOfOne(a));
    return withEntityTag({ id, action, lifecycle: state, asset }, a.row_version);
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
    /** Runs once the caller's right to the action is established (the If-Match check). */
    permitted?: () => void,
  ): Promise<string> {
    if (force && !isSuperadmin(ctx)) {
      throw new ForbiddenError('Only a superadmin may force the lifecycle.', 'SUPERADMIN_REQUIRED');
    }
    if (action === 'purge') {
      if (!canPurgeAsset(ctx)) {
        throw new ForbiddenError('Only a superadmin may purge media.', 'SUPERADMIN_REQUIRED');
      }
      permitted?.();
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
          'RESOURCE_IN_USE',
          { extensions: { asset_id: a.id, references: refs } },
        );
      }
      for (const key of await this.repo.delete(m, a.id)) files.deleteAfterCommit(key);
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
    permitted?.();
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
}
