import { NotFoundError, type RenditionsStatus, writeVersionedRow } from '@sports/common';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

/** One exercise media link with the facts of its asset. */
export interface MediaLinkRow {
  id: string;
  exercise_id: string;
  media_asset_id: string;
  file_path: string;
  label: string | null;
  caption: string | null;
  sort_order: number;
  created_at: Date;
  updated_at: Date;
  media_kind: string;
  mime_type: string;
  size_bytes: number;
  original_name: string;
  copyright_notice: string | null;
  asset_visibility: string;
  asset_lifecycle_state: 'active' | 'trash_soft' | 'trash_hidden';
  asset_storage_key: string;
  asset_renditions_status: RenditionsStatus;
}

export interface LinkFields {
  label?: string | null;
  caption?: string | null;
  sort_order?: number;
}

const LINK_COLUMNS = `em.id, em.exercise_id, em.media_asset_id, em.file_path, em.label, em.caption,
  em.sort_order, em.created_at, em.updated_at, a.media_kind, a.mime_type,
  a.size_bytes::float8 AS size_bytes, a.original_name, a.copyright_notice,
  a.visibility AS asset_visibility, a.lifecycle AS asset_lifecycle_state,
  a.storage_key AS asset_storage_key, a.renditions_status AS asset_renditions_status`;

/** The only queries on exercise_media. */
@Injectable()
export class ExerciseMediaRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async linksOf(exerciseId: string, manager?: EntityManager): Promise<MediaLinkRow[]> {
    return (manager ?? this.db).query(
      `SELECT ${LINK_COLUMNS} FROM exercise_media em JOIN media_assets a ON a.id = em.media_asset_id
       WHERE em.exercise_id = $1 ORDER BY em.sort_order, em.created_at, em.id`,
      [exerciseId],
    );
  }

  async findLink(
    manager: EntityManager,
    exerciseId: string,
    linkId: string,
  ): Promise<MediaLinkRow | null> {
    const rows: MediaLinkRow[] = await manager.query(
      `SELECT ${LINK_COLUMNS} FROM exercise_media em JOIN media_assets a ON a.id = em.media_asset_id
       WHERE em.exercise_id = $1 AND em.id = $2 FOR UPDATE OF em`,
      [exerciseId, linkId],
    );
    return rows[0] ?? null;
  }

  /** Links the asset (once per exercise); answers the link id and whether it is new. */
  async link(
    manager: EntityManager,
    v: { exercise_id: string; media_asset_id: string; file_path: string; by: string } & LinkFields,
  ): Promise<{ id: string; created: boolean }> {
    const rows: { id: string }[] = await manager.query(
      `INSERT INTO exercise_media (exercise_id, media_asset_id, file_path, label, caption, sort_order,
         created_by_profile_id)
       VALUES ($1, $2, $3, $4, $5,
         coalesce($6, (SELECT coalesce(max(sort_order) + 1, 0) FROM exercise_media WHERE exercise_id = $1)),
         $7)
       ON CONFLICT (exercise_id, media_asset_id) DO NOTHING RETURNING id`,
      [
        v.exercise_id,
        v.media_asset_id,
        v.file_path,
        v.label ?? null,
        v.caption ?? null,
        v.sort_order ?? null,
        v.by,
      ],
    );
    if (rows[0]) return { id: rows[0].id, created: true };
    const existing: { id: string }[] = await manager.query(
      'SELECT id FROM exercise_media WHERE exercise_id = $1 AND media_asset_id = $2',
      [v.exercise_id, v.media_asset_id],
    );
    return { id: existing[0].id, created: false };
  }

  /** Answers whether the link was written: fields equal to the stored ones are no write. */
  async updateLink(manager: EntityManager, id: string, f: LinkFields): Promise<boolean> {
    const keys = (['label', 'caption', 'sort_order'] as const).filter((k) => f[k] !== undefined);
    const { written } = await writeVersionedRow(
      manager,
      { table: 'exercise_media', where: { id } },
      {
        set: Object.fromEntries(keys.map((k) => [k, f[k]])),
        stampedNow: ['updated_at'],
        returning: 'id',
        notFound: () => new NotFoundError('Exercise media', id),
      },
    );
    return written;
  }

  async deleteLink(manager: EntityManager, id: string): Promise<void> {
    await manager.query('DELETE FROM exercise_media WHERE id = $1', [id]);
  }

  async tierOf(profileId: string): Promise<string> {
    const rows: { tier: string }[] = await this.db.query(
      'SELECT tier FROM profiles WHERE id = $1',
      [profileId],
    );
    return rows[0]?.tier ?? 'free';
  }
}
