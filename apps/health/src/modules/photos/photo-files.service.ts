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
} from '@sports/common';
import type { Request, Response } from 'express';
import type { EntityManager } from 'typeorm';
import type { HealthConfig } from '../../config';
import { PhotoStorage } from './photo-storage';
import { PhotosRepository } from './photos.repository';

/** The renditions of one uploaded photo (an undecodable format ends as `unsupported`). */
export const PHOTO_RENDITIONS_QUEUE = defineQueue<{ photo_id: string }>('photo-renditions', {
  retryLimit: 2,
});

/** The signed URLs of a photo for a response. */
export interface PhotoFileUrls {
  url: string;
  renditions: RenditionResponse[];
  renditions_status: RenditionsStatus;
}

/** The public route of a photo's files. */
export const photoContentPath = (id: string): string => `/api/photos/${id}/content`;

/** A photo's URLs are signed for its owner and stored file; a deleted photo answers 404. */
const scopeOf = (p: { user_id: string; storage_path: string }): string =>
  `${p.user_id}\n${p.storage_path}`;

/** `<user_id>/<photo_id>.<variant>.webp`, beside the original `<user_id>/<photo_id>.<ext>`. */
export function photoRenditionKey(variant: RenditionVariant, originalKey: string): string {
  return originalKey.replace(/\.[a-z0-9]+$/, `.${variant}.webp`);
}

/**
 * Photos as browsers show them: signed URLs of the original and its WebP renditions in
 * responses, the public route serving them (GET /api/photos/{id}/content), and the jobs of
 * queue photo-renditions that make a thumbnail and a preview of every upload.
 */
@Injectable()
export class PhotoFiles implements OnModuleInit {
  private readonly logger = new Logger('PhotoRenditions');
  private readonly signed: SignedFiles;
  private readonly maker: RenditionMaker;

  constructor(
    @Inject(SERVICE_CONFIG) config: HealthConfig,
    private readonly photos: PhotosRepository,
    private readonly storage: PhotoStorage,
    private readonly jobs: JobsService,
  ) {
    this.signed = new SignedFiles(config);
    this.maker = new RenditionMaker(storage, {
      originalKey: async (id) => (await this.photos.fileOf(id))?.storage_path ?? null,
      renditionKey: (_id, variant, originalKey) => photoRenditionKey(variant, originalKey),
      save: (m, id, renditions, status) => this.photos.saveRenditions(m, id, renditions, status),
    });
  }

  onModuleInit(): void {
    this.jobs.work(
      PHOTO_RENDITIONS_QUEUE,
      async (job) => {
        await this.maker.run(job.data.photo_id);
      },
      {
        deadLetter: async (job) =>
          this.logger.warn(`renditions of photo ${job.data.photo_id} failed on every attempt`),
      },
    );
  }

  /** Queues the renditions of a new photo, in the transaction that stores it. */
  async enqueueRenditions(m: EntityManager, photoId: string): Promise<void> {
    await this.jobs.send(PHOTO_RENDITIONS_QUEUE, { photo_id: photoId }, { manager: m });
  }

  /** Signed URLs of each photo (all of `userId`) and its stored renditions. */
  async urlsOf(
    userId: string,
    photos: { id: string; storage_path: string; renditions_status: RenditionsStatus }[],
  ): Promise<Map<string, PhotoFileUrls>> {
    const renditions = await this.photos.renditionsOf(photos.map((p) => p.id));
    return new Map(
      photos.map((p) => {
        const scope = scopeOf({ user_id: userId, storage_path: p.storage_path });
        const sign = (variant: FileVariant): string =>
          this.signed.sign(photoContentPath(p.id), variant, scope).url;
        return [
          p.id,
          {
            url: sign('original'),
            renditions: renditionResponses(renditions.get(p.id) ?? [], sign),
            renditions_status: p.renditions_status,
          },
        ];
      }),
    );
  }

  /** GET /api/photos/{id}/content: the signature is the credential. */
  async serve(req: Request, res: Response, id: string): Promise<void> {
    const p = await this.photos.fileOf(id);
    if (!p) return this.signed.serve(req, res, null);
    const renditions = (await this.photos.renditionsOf([id])).get(id) ?? [];
    const driver = this.storage.driver;
    await this.signed.serve(req, res, {
      path: photoContentPath(id),
      scope: scopeOf(p),
      file: (variant): StoredFile | null => {
        const ext = p.storage_path.slice(p.storage_path.lastIndexOf('.') + 1);
        if (variant === 'original') {
          return {
            driver,
            key: p.storage_path,
            size: Number(p.byte_size),
            contentType: p.mime_type,
            etag: `"${p.sha256}"`,
            filename: `${id}.${ext}`,
          };
        }
        const r = renditions.find((x) => x.variant === variant);
        return r
          ? {
              driver,
              key: r.storage_key,
              size: Number(r.size_bytes),
              contentType: 'image/webp',
              etag: `"${p.sha256}-${variant}"`,
              filename: `${id}-${variant}.webp`,
            }
          : null;
      },
    });
  }
}
