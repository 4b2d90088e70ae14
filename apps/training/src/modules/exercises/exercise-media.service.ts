import { Injectable } from '@nestjs/common';
import {
  assertIfMatch,
  cleanFileName,
  type FileJournal,
  ForbiddenError,
  mapUniqueViolations,
  NotFoundError,
  UnprocessableError,
  type UploadReceiver,
  ValidationFailedError,
  withEntityTag,
  type WriteTarget,
} from '@sports/common';
import { isUUID } from 'class-validator';
import type { EntityManager } from 'typeorm';
import type { MediaAssetResponse } from '../media-assets/dto/media-asset.dto';
import { type AssetFileUrls, MediaAssetFiles } from '../media-assets/media-asset-files.service';
import { toMediaAssetResponse } from '../media-assets/media-asset.response';
import type { AssetRow } from '../media-assets/media-asset.types';
import { MEDIA_ASSET_CONFLICTS } from '../media-assets/media-assets.constraints';
import { MediaAssetsService } from '../media-assets/media-assets.service';
import { MediaIngestService } from '../media-assets/media-ingest.service';
import { MediaStorageService, ReceivedFile } from '../media-assets/storage/media-storage.service';
import { MembershipService } from '../membership/membership.service';
import type { TenantContext } from '../tenant-context/tenant-context';
import { canReadContent, Visibility } from '../content-access/content-visibility';
import type {
  ExerciseMediaLinkedResponse,
  ExerciseMediaListResponse,
  ExerciseMediaResponse,
  LinkMediaAssetRequest,
  UnlinkMediaResponse,
  UpdateExerciseMediaRequest,
  UploadExerciseMediaFields,
} from './dto/exercise-media.dto';
import { canEditExercise } from './exercise-governance';
import { ExerciseMediaRepository, MediaLinkRow } from './exercise-media.repository';
import { ExerciseRow, ExercisesRepository } from './exercises.repository';
import { convertInlineMarkers, MarkerProblem, referencedMediaIds } from './inline-media';

const iso = (v: Date | string): string => new Date(v).toISOString();

/** The rich-text fields of an exercise that may embed media. */
export const MEDIA_TEXT_FIELDS = ['description', 'instructions', 'coaching_points'] as const;
type TextField = (typeof MEDIA_TEXT_FIELDS)[number];

/** What a save of an exercise asks of its attached media (behaviour rules 7 and 8). */
export interface MediaSaveOptions {
  default_club_media_copyright: string | null;
  promote_attached_media_for_official: boolean;
  default_official_media_copyright: string | null;
}

/** The multipart file as multer hands it over (our storage engine's answer merged in). */
export type UploadedFile = ReceivedFile & { originalname?: string };

export const MIN_CLUB_COPYRIGHT = 3;

/**
 * Media of exercises: streaming upload with de-duplication, linking existing assets, link
 * metadata, unlinking (with the orphan hint), the media part of the exercise detail, inline
 * media markers and the media rules of saving club and official exercises.
 */
@Injectable()
export class ExerciseMediaService {
  constructor(
    private readonly links: ExerciseMediaRepository,
    private readonly exercises: ExercisesRepository,
    private readonly assets: MediaAssetsService,
    private readonly ingest: MediaIngestService,
    private readonly storage: MediaStorageService,
    private readonly membership: MembershipService,
    private readonly files: MediaAssetFiles,
  ) {}

  /** 404 when the exercise is invisible to the caller, 403 when read-only. */
  private async editable(ctx: TenantContext, id: string, m?: EntityManager): Promise<ExerciseRow> {
    const row = await this.exercises.findById(id, m, m !== undefined);
    if (!row || !canReadContent(ctx, row)) throw new NotFoundError('Exercise', id);
    if (!canEditExercise(ctx, row)) {
      throw new ForbiddenError('You may read this exercise but not change its media.');
    }
    return row;
  }

  /**
   * Runs before multer reads the body: checks the exercise and hands the storage engine a
   * receiver with the per-file limit of the caller's tier.
   */
  async prepareUpload(
    ctx: TenantContext,
    exerciseId: string,
  ): Promise<UploadReceiver<ReceivedFile>> {
    if (!isUUID(exerciseId)) {
      throw new ValidationFailedError('The path parameter id must be a UUID.', [
        { path: 'id', message: 'must be a UUID' },
      ]);
    }
    await this.editable(ctx, exerciseId);
    const limit = this.membership.limitsFor(await this.links.tierOf(ctx.profile_id));
    return {
      receive: (stream) => this.storage.receive(stream, limit.upload_bytes_per_file),
      discard: (file) => this.storage.discardStaging(file),
    };
  }

  async upload(
    ctx: TenantContext,
    exerciseId: string,
    file: UploadedFile | undefined,
    body: UploadExerciseMediaFields,
  ): Promise<ExerciseMediaLinkedResponse> {
    if (!file?.stagingPath) {
      throw new ValidationFailedError('A multipart part named file is required.', [
        { path: 'file', message: 'required' },
      ]);
    }
    try {
      const exercise = await this.editable(ctx, exerciseId);
      const placement = await this.ingest.uploadPlacement(ctx, exercise, body);
      const result = await mapUniqueViolations(MEDIA_ASSET_CONFLICTS, () =>
        this.storage.transaction(async (m, files) => {
          const locked = await this.editable(ctx, exerciseId, m);
          const { asset, created } = await this.ingest.ingest(m, files, ctx, file, placement, {
            original_name: cleanFileName(file.originalname),
            label: body.label ?? null,
            copyright_notice: body.copyright_notice || null,
            tags: body.tags ?? [],
          });
          const link = await this.linkAsset(m, ctx, locked, asset, body, body.copyright_notice);
          return { asset, created, linkId: link };
        }),
      );
      return this.linkedResponse(ctx, exerciseId, result.linkId, result.asset.id, !result.created);
    } finally {
      await this.storage.discardStaging(file);
    }
  }

  async fromAsset(
    ctx: TenantContext,
    exerciseId: string,
    body: LinkMediaAssetRequest,
  ): Promise<ExerciseMediaLinkedResponse> {
    const linkId = await this.storage.transaction(async (m) => {
      const exercise = await this.editable(ctx, exerciseId, m);
      const asset = await this.assets.linkable(ctx, body.media_asset_id, m);
      return this.linkAsset(m, ctx, exercise, asset, body);
    });
    return this.linkedResponse(ctx, exerciseId, linkId, body.media_asset_id, true);
  }

  /**
   * Links the asset to the exercise. A club exercise takes only media that satisfy rule 8 at
   * once (a notice missing on the asset is filled from `notice`, else from the exercise's
   * default_club_media_copyright), so that its next save cannot fail on them.
   */
  private async linkAsset(
    m: EntityManager,
    ctx: TenantContext,
    exercise: ExerciseRow,
    asset: AssetRow,
    f: { label?: string | null; caption?: string | null; sort_order?: number },
    notice?: string,
  ): Promise<string> {
    const exerciseId = exercise.id;
    if (exercise.visibility === 'club') {
      const fill = notice?.trim() || exercise.default_club_media_copyright;
      if (fill) await this.assets.fillMissingCopyright(m, ctx, [asset], fill);
      assertClubMedia([asset]);
    }
    const { id } = await this.links.link(m, {
      exercise_id: exerciseId,
      media_asset_id: asset.id,
      file_path: asset.storage_key,
      by: ctx.profile_id,
      label: f.label,
      caption: f.caption,
      sort_order: f.sort_order,
    });
    await this.exercises.touch(m, exerciseId);
    return id;
  }

  private async linkedResponse(
    ctx: TenantContext,
    exerciseId: string,
    linkId: string,
    assetId: string,
    deduplicated: boolean,
  ): Promise<ExerciseMediaLinkedResponse> {
    const exercise = (await this.exercises.findById(exerciseId)) as ExerciseRow;
    const all = await this.links.linksOf(exerciseId);
    const link = all.find((l) => l.id === linkId) as MediaLinkRow;
    const asset = (await this.assets.findById(assetId)) as AssetRow;
    const urls = await this.files.urlsOfOne(asset);
    const media = toMediaResponse(link, embeddedIds(exercise), urls);
    const assetResponse: MediaAssetResponse = toMediaAssetResponse(ctx, asset, urls);
    return { media, asset: assetResponse, deduplicated };
  }

  /**
   * The media of an exercise. Their version is the exercise's: every change of its media
   * touches the exercise (`ExercisesRepository.touch`), so the ETag is the exercise row's.
   */
  async list(ctx: TenantContext, exerciseId: string): Promise<ExerciseMediaListResponse> {
    const row = await this.exercises.findById(exerciseId);
    if (!row || !canReadContent(ctx, row)) throw new NotFoundError('Exercise', exerciseId);
    return withEntityTag({ items: await this.detailMedia(row) }, row.row_version);
  }

  /**
   * With If-Match, only the version of the exercise's media it names is changed: checked on the
   * exercise row locked for the change (412 otherwise, nothing written).
   */
  async updateLinks(
    ctx: TenantContext,
    { id: exerciseId, ifMatch }: WriteTarget,
    body: UpdateExerciseMediaRequest,
  ): Promise<ExerciseMediaListResponse> {
    await this.storage.transaction(async (m) => {
      assertIfMatch(ifMatch, (await this.editable(ctx, exerciseId, m)).row_version);
      const missing: string[] = [];
      for (const item of body.items) {
        if (!(await this.links.findLink(m, exerciseId, item.id))) missing.push(item.id);
      }
      if (missing.length) {
        throw new NotFoundError('Exercise media', undefined, {
          extensions: { missing_ids: missing },
        });
      }
      let changed = false;
      for (const item of body.items) {
        const written = await this.links.updateLink(m, item.id, {
          label: item.label,
          caption: item.caption,
          sort_order: item.sort_order,
        });
        changed ||= written;
      }
      // The media's version is the exercise's: it changes with them, unless nothing changed.
      if (changed) await this.exercises.touch(m, exerciseId);
    });
    return this.list(ctx, exerciseId);
  }

  /**
   * Removes only the link; names the asset when nothing references it any more. With If-Match,
   * only while the exercise's media have the version it names (checked on the locked exercise
   * row); the answer's ETag is their new version.
   */
  async unlink(
    ctx: TenantContext,
    { id: exerciseId, ifMatch }: WriteTarget,
    linkId: string,
  ): Promise<UnlinkMediaResponse> {
    return this.storage.transaction(async (m) => {
      const exercise = await this.editable(ctx, exerciseId, m);
      const link = await this.links.findLink(m, exerciseId, linkId);
      if (!link) throw new NotFoundError('Exercise media', linkId);
      assertIfMatch(ifMatch, exercise.row_version);
      await this.links.deleteLink(m, linkId);
      const version = await this.exercises.touch(m, exerciseId);
      const refs = await this.assets.referenceCount(m, link.media_asset_id);
      const answer: UnlinkMediaResponse = {
        deleted_media_id: linkId,
        media_asset_id: link.media_asset_id,
        orphan_media_asset_id: refs === 0 ? link.media_asset_id : null,
      };
      return version === undefined ? answer : withEntityTag(answer, version);
    });
  }

  // ---- used by the exercise service ----

  /** The media of the exercise detail: trash_hidden assets left out, embedded ones flagged. */
  async detailMedia(exercise: ExerciseRow): Promise<ExerciseMediaResponse[]> {
    const rows = (await this.links.linksOf(exercise.id)).filter(
      (r) => r.asset_lifecycle_state !== 'trash_hidden',
    );
    const embedded = embeddedIds(exercise);
    const urls = await this.files.urlsOf(
      rows.map((r) => ({
        id: r.media_asset_id,
        lifecycle: r.asset_lifecycle_state,
        storage_key: r.asset_storage_key,
        renditions_status: r.asset_renditions_status,
      })),
    );
    return rows.map((r) => toMediaResponse(r, embedded, urls.get(r.media_asset_id)!));
  }

  /**
   * Converts the inline media markers of the given rich-text values into canonical spans and
   * checks every span (new or kept) refers to media linked to this exercise; 422 otherwise.
   */
  async convertMarkers(
    m: EntityManager,
    exerciseId: string,
    values: Partial<Record<TextField, string | null | undefined>>,
  ): Promise<Partial<Record<TextField, string | null | undefined>>> {
    const present = MEDIA_TEXT_FIELDS.filter((f) => typeof values[f] === 'string');
    if (present.length === 0) return values;
    const rows = await this.links.linksOf(exerciseId, m);
    const byRef = new Map<string, string>();
    for (const r of rows) {
      byRef.set(r.id.toLowerCase(), r.id);
      byRef.set(r.media_asset_id.toLowerCase(), r.id);
    }
    const resolve = (ref: string): string | null => byRef.get(ref.toLowerCase()) ?? null;
    const out = { ...values };
    const errors: { path: string; message: string }[] = [];
    const report = (field: string, problems: MarkerProblem[]): void => {
      for (const p of problems) errors.push({ path: field, message: `${p.ref}: ${p.message}` });
    };
    for (const field of present) {
      const { text, problems } = convertInlineMarkers(values[field] as string, resolve);
      report(field, problems);
      const foreign = referencedMediaIds(text).filter((ref) => !resolve(ref));
      report(
        field,
        foreign.map((ref) => ({ ref, message: 'is not media of this exercise' })),
      );
      out[field] = text;
    }
    if (errors.length) {
      throw new UnprocessableError(
        'Inline media may only reference media linked to this exercise.',
        'INLINE_MEDIA_NOT_LINKED',
        { errors },
      );
    }
    return out;
  }

  /**
   * Rules 7 and 8 on save. Club: every attached asset active and with a copyright notice of at
   * least 3 characters (missing notices filled from default_club_media_copyright first), else
   * 422 CLUB_MEDIA_ASSET_INACTIVE / _COPYRIGHT_MISSING / _COPYRIGHT_TOO_SHORT with the asset
   * ids. Official: every attached asset active; with promotion raised to official.
   */
  /** The versions of the exercise's attached assets (the ones `enforceSaveRules` may write). */
  attachedVersions(m: EntityManager, exerciseId: string): Promise<unknown[]> {
    return this.assets.versionsLinkedToExercise(m, exerciseId);
  }

  async enforceSaveRules(
    m: EntityManager,
    files: FileJournal,
    ctx: TenantContext,
    exerciseId: string,
    visibility: Visibility,
    opts: MediaSaveOptions,
  ): Promise<void> {
    if (visibility === 'private') return;
    const attached = await this.assets.linkedToExercise(m, exerciseId);
    if (attached.length === 0) return;
    const inactive = attached.filter((a) => a.lifecycle !== 'active').map((a) => a.id);
    if (visibility === 'official') {
      if (inactive.length) {
        throw new UnprocessableError(
          'An official exercise needs every attached media asset active.',
          'OFFICIAL_MEDIA_ASSET_INACTIVE',
          { extensions: { asset_ids: inactive } },
        );
      }
      if (opts.promote_attached_media_for_official) {
        await this.ingest.promoteToOfficial(
          m,
          files,
          exerciseId,
          attached,
          opts.default_official_media_copyright,
        );
      }
      return;
    }
    if (inactive.length) throw clubMediaInactive(inactive);
    if (opts.default_club_media_copyright) {
      await this.assets.fillMissingCopyright(m, ctx, attached, opts.default_club_media_copyright);
    }
    assertClubMedia(attached);
  }
}

function clubMediaInactive(assetIds: string[]): UnprocessableError {
  return new UnprocessableError(
    'A club exercise needs every attached media asset active.',
    'CLUB_MEDIA_ASSET_INACTIVE',
    { extensions: { asset_ids: assetIds } },
  );
}

/**
 * Rule 8 for media of a club exercise: active, with a copyright notice of at least 3
 * characters; else 422 CLUB_MEDIA_ASSET_INACTIVE / _COPYRIGHT_MISSING / _COPYRIGHT_TOO_SHORT.
 */
function assertClubMedia(assets: AssetRow[]): void {
  const inactive = assets.filter((a) => a.lifecycle !== 'active').map((a) => a.id);
  if (inactive.length) throw clubMediaInactive(inactive);
  const missing = assets.filter((a) => !a.copyright_notice?.trim()).map((a) => a.id);
  if (missing.length) {
    throw new UnprocessableError(
      'A club exercise needs a copyright notice on every attached media asset; send copyright_notice with the medium or default_club_media_copyright with the exercise.',
      'CLUB_MEDIA_COPYRIGHT_MISSING',
      { extensions: { asset_ids: missing } },
    );
  }
  const short = assets
    .filter((a) => (a.copyright_notice ?? '').trim().length < MIN_CLUB_COPYRIGHT)
    .map((a) => a.id);
  if (short.length) {
    throw new UnprocessableError(
      `Copyright notices of club media need at least ${MIN_CLUB_COPYRIGHT} characters.`,
      'CLUB_MEDIA_COPYRIGHT_TOO_SHORT',
      { extensions: { asset_ids: short } },
    );
  }
}

/** Link ids and asset ids the exercise text embeds. */
function embeddedIds(exercise: Pick<ExerciseRow, TextField>): Set<string> {
  return new Set(
    MEDIA_TEXT_FIELDS.flatMap((f) => referencedMediaIds(exercise[f])).map((id) => id.toLowerCase()),
  );
}

/**
 * A link as the exercise's readers see it. Signed URLs only while the asset is active: its
 * file is not theirs to read once it is in the trash (the library's lifecycle rights apply).
 */
function toMediaResponse(
  r: MediaLinkRow,
  embedded: Set<string>,
  files: AssetFileUrls,
): ExerciseMediaResponse {
  const active = r.asset_lifecycle_state === 'active';
  return {
    id: r.id,
    exercise_id: r.exercise_id,
    media_asset_id: r.media_asset_id,
    label: r.label,
    caption: r.caption,
    sort_order: r.sort_order,
    media_kind: r.media_kind,
    mime_type: r.mime_type,
    size_bytes: Number(r.size_bytes),
    original_name: r.original_name,
    copyright_notice: r.copyright_notice,
    asset_visibility: r.asset_visibility,
    asset_lifecycle_state: r.asset_lifecycle_state,
    lifecycle_hint:
      r.asset_lifecycle_state === 'trash_soft'
        ? 'This medium is in the trash and may disappear.'
        : null,
    embedded: embedded.has(r.id.toLowerCase()) || embedded.has(r.media_asset_id.toLowerCase()),
    file_url: `/api/media-assets/${r.media_asset_id}/file`,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
    url: active ? files.url : null,
    renditions: active ? files.renditions : [],
    renditions_status: files.renditions_status,
  };
}
