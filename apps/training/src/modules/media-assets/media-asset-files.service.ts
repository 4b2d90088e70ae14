import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import {
  defineQueue,
  type FileVariant,
  JobsService,
  RenditionMaker,
  type RenditionResponse,
  renditionResponses,
  type RenditionsStatus,
  type RenditionVariant,
  SERVICE_CONFIG,
  SignedFiles,
  type StoredFile,
  type StoredRendition,
} from '@sports/common';
import type { Request, Response } from 'express';
import type { EntityManager } from 'typeorm';
import type { TrainingConfig } from '../../config';
import type { AssetRow } from './media-asset.types';
import { MediaAssetsRepository } from './media-assets.repository';
import { MediaStorageService } from './storage/media-storage.service';

/** Renditions of one uploaded image; retried twice (a decode failure is no error: `unsupported`). */
export const MEDIA_RENDITIONS_QUEUE = defineQueue<{ asset_id: string }>('media-renditions', {
  retryLimit: 2,
});

/** The signed URLs of an asset for a response. */
export interface AssetFileUrls {
  url: string;
  renditions: RenditionResponse[];
  renditions_status: RenditionsStatus;
}

/** What signing needs of an asset: its id and the state its access depends on. */
export type SignableAsset = Pick<
  AssetRow,
  'id' | 'lifecycle' | 'storage_key' | 'renditions_status'
>;

/** The public route of an asset's files. */
export const assetContentPath = (id: string): string => `/api/media-assets/${id}/content`;

/**
 * The lifecycle state and storage key (visibility, club or owner, content) an asset's URLs are
 * signed for: trashing, hiding or moving the asset invalidates every URL handed out before.
 */
const scopeOf = (a: Pick<AssetRow, 'lifecycle' | 'storage_key'>): string =>
  `${a.lifecycle}\n${a.storage_key}`;

/**
 * The files of assets as browsers use them: signed URLs of the original and the renditions in
 * responses, the public route serving them, and the rendition jobs (queue media-renditions)
 * that make a WebP thumbnail and preview of each uploaded image.
 */
@Injectable()
export class MediaAssetFiles implements OnModuleInit {
  private readonly logger = new Logger('MediaRenditions');
  private readonly signed: SignedFiles;
  private readonly maker: RenditionMaker;

  constructor(
    @Inject(SERVICE_CONFIG) config: TrainingConfig,
    private readonly repo: MediaAssetsRepository,
    private readonly storage: MediaStorageService,
    private readonly jobs: JobsService,
  ) {
    this.signed = new SignedFiles(config);
    this.maker = new RenditionMaker(storage, {
      originalKey: async (id) => (await this.repo.findById(id))?.storage_key ?? null,
      renditionKey: renditionKeyOf,
      save: (m, id, renditions, status) => this.repo.saveRenditions(m, id, renditions, status),
    });
  }

  onModuleInit(): void {
    this.jobs.work(
      MEDIA_RENDITIONS_QUEUE,
      async (job) => {
        const outcome = await this.maker.run(job.data.asset_id);
        if (outcome === 'unsupported') {
          this.logger.log(`asset ${job.data.asset_id}: the image cannot be decoded, no renditions`);
        }
      },
      {
        deadLetter: async (job) =>
          this.logger.warn(`renditions of asset ${job.data.asset_id} failed on every attempt`),
      },
    );
  }

  /** Queues the renditions of a new image asset, in the transaction that stores it. */
  async enqueueRenditions(m: EntityManager, assetId: string): Promise<void> {
    await this.jobs.send(MEDIA_RENDITIONS_QUEUE, { asset_id: assetId }, { manager: m });
  }

  /** Signed URLs of each asset's original and stored renditions. */
  async urlsOf(assets: SignableAsset[]): Promise<Map<string, AssetFileUrls>> {
    const renditions = await this.repo.renditionsOf(assets.map((a) => a.id));
    return new Map(
      assets.map((a) => {
        const sign = (variant: FileVariant): string =>
          this.signed.sign(assetContentPath(a.id), variant, scopeOf(a)).url;
        return [
          a.id,
          {
            url: sign('original'),
            renditions: renditionResponses(renditions.get(a.id) ?? [], sign),
            renditions_status: a.renditions_status,
          },
        ];
      }),
    );
  }

  /** The signed URLs of one asset. */
  async urlsOfOne(a: SignableAsset): Promise<AssetFileUrls> {
    return (await this.urlsOf([a])).get(a.id) as AssetFileUrls;
  }

  /** GET /api/media-assets/{id}/content: the signature is the credential. */
  async serve(req: Request, res: Response, id: string): Promise<void> {
    const a = await this.repo.findById(id);
    if (!a) return this.signed.serve(req, res, null);
    const renditions = (await this.repo.renditionsOf([id])).get(id) ?? [];
    await this.signed.serve(req, res, {
      path: assetContentPath(id),
      scope: scopeOf(a),
      file: (variant) => this.fileOf(a, variant, renditions),
    });
  }

  /** The stored original of an asset (the authenticated file route serves it too). */
  original(a: AssetRow): StoredFile {
    return {
      driver: this.storage.driver,
      key: a.storage_key,
      size: Number(a.size_bytes),
      contentType: a.mime_type,
      etag: `"${a.sha256}"`,
      filename: `${a.sha256}.${a.extension}`,
    };
  }

  private fileOf(
    a: AssetRow,
    variant: FileVariant,
    renditions: StoredRendition[],
  ): StoredFile | null {
    if (variant === 'original') return this.original(a);
    const r = renditions.find((x) => x.variant === variant);
    if (!r) return null;
    return {
      driver: this.storage.driver,
      key: r.storage_key,
      size: Number(r.size_bytes),
      contentType: 'image/webp',
      etag: `"${a.sha256}-${variant}"`,
      filename: `${a.sha256}-${variant}.webp`,
    };
  }
}

/**
 * `<relative root>/renditions/<asset id>/<variant>.webp`, below the relative root of the
 * original (`<root>/<visibility>/<scope>/<xx>/<sha256>.<ext>`); keyed by the asset, so that
 * moving the original to another visibility or club leaves its renditions in place.
 */
export function renditionKeyOf(id: string, variant: RenditionVariant, originalKey: string): string {
  const root = originalKey.split('/').slice(0, -4).join('/');
  return `${root}/renditions/${id.toLowerCase()}/${variant}.webp`;
}
