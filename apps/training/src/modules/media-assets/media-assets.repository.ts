import { Injectable } from '@nestjs/common';
import { RenditionTable, type RenditionsStatus, type StoredRendition } from '@sports/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  NotFoundError,
  pagedRows,
  PagedRows,
  rowVersionColumn,
  updateVersionedRow,
} from '@sports/common';
import { DataSource, EntityManager } from 'typeorm';
import { columnsOf, visibilitySql } from '../content-access/content-visibility';
import { SqlParams } from '../content-access/sql-params';
import {
  hasClubRole,
  isPlatformAdmin,
  isSuperadmin,
  TenantContext,
} from '../tenant-context/tenant-context';
import type { AssetRow, AssetUsage, AssetVisibility, LifecycleState } from './media-asset.types';

export type NewAsset = Omit<
  AssetRow,
  | 'id'
  | 'lifecycle'
  | 'lifecycle_changed_at'
  | 'lifecycle_changed_by_profile_id'
  | 'created_at'
  | 'updated_at'
  | 'renditions_status'
  | 'row_version'
> & { renditions_status: 'pending' | 'none' };

export interface AssetListFilter {
  lifecycle: 'active' | 'trash_soft' | 'trash_hidden' | 'all';
  media_kind?: string;
  club_id?: string;
  uploaded_by?: string;
  search?: string;
}

const COLUMNS = `a.id, a.sha256, a.size_bytes::float8 AS size_bytes, a.media_kind, a.mime_type,
  a.extension, a.original_name, a.label, a.copyright_notice, a.tags, a.visibility, a.club_id,
  a.uploaded_by_profile_id, a.owner_profile_id, a.storage_key, a.lifecycle,
  a.lifecycle_changed_at, a.lifecycle_changed_by_profile_id, a.created_at, a.updated_at,
  a.renditions_status, ${rowVersionColumn('a')}`;

const RENDITIONS = new RenditionTable({
  table: 'media_asset_renditions',
  idColumn: 'asset_id',
  parent: 'media_assets',
});

const WITH_NAMES = `${COLUMNS}, up.name AS uploader_name, c.name AS club_name`;
const NAME_JOINS = `LEFT JOIN profiles up ON up.id = a.uploaded_by_profile_id
  LEFT JOIN clubs c ON c.id = a.club_id`;

const UPDATABLE = [
  'label',
  'copyright_notice',
  'tags',
  'visibility',
  'club_id',
  'storage_key',
] as const;
export type AssetChanges = Partial<Pick<AssetRow, (typeof UPDATABLE)[number]>>;

/** The clubs the caller administers (club_admin role). */
const adminClubsOf = (ctx: TenantContext): string[] =>
  [...ctx.memberships.keys()].filter((id) => hasClubRole(ctx, id, 'club_admin'));

/** SQL twin of `canSeeAsset`. */
function seeSql(ctx: TenantContext, p: SqlParams): string {
  if (isPlatformAdmin(ctx)) return 'true';
  return `(a.visibility = 'official'
    OR (a.visibility = 'club' AND a.club_id = ANY(${p.add([...ctx.memberships.keys()])}::uuid[]))
    OR (a.visibility = 'private' AND a.owner_profile_id = ${p.add(ctx.profile_id)}))`;
}

/** SQL twin of `hasLifecycleRight`. */
function lifecycleSql(ctx: TenantContext, p: SqlParams): string {
  if (isSuperadmin(ctx)) return 'true';
  if (isPlatformAdmin(ctx)) return `a.visibility <> 'official'`;
  return `(a.visibility <> 'official' AND (a.club_id = ANY(${p.add(adminClubsOf(ctx))}::uuid[])
    OR (a.visibility = 'private' AND a.owner_profile_id = ${p.add(ctx.profile_id)})))`;
}

/** The only queries on media_assets and on the usage of assets. */
@Injectable()
export class MediaAssetsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async findById(id: string, manager?: EntityManager, lock = false): Promise<AssetRow | null> {
    const rows: AssetRow[] = await (manager ?? this.db).query(
      `SELECT ${WITH_NAMES} FROM media_assets a ${NAME_JOINS} WHERE a.id = $1
       ${lock ? 'FOR UPDATE OF a' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  async findManyForUpdate(manager: EntityManager, ids: string[]): Promise<AssetRow[]> {
    return manager.query(
      `SELECT ${COLUMNS} FROM media_assets a WHERE a.id = ANY($1::uuid[]) ORDER BY a.id FOR UPDATE`,
      [ids],
    );
  }

  /** Serialises writers of one de-duplication key until the end of the transaction. */
  async lockDedupeKey(manager: EntityManager, key: string): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`media:${key}`]);
  }

  /** Serialises the uploads of one owner until the end of the transaction (storage quota). */
  async lockOwnerStorage(manager: EntityManager, ownerId: string): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
      `media-quota:${ownerId}`,
    ]);
  }

  /**
   * Bytes of the stored private and club assets a profile owns, in any lifecycle state (official
   * assets belong to the platform).
   */
  async bytesOwnedBy(manager: EntityManager, ownerId: string): Promise<number> {
    const [{ bytes }]: { bytes: string }[] = await manager.query(
      `SELECT coalesce(sum(size_bytes), 0)::text AS bytes FROM media_assets
       WHERE owner_profile_id = $1 AND visibility <> 'official'`,
      [ownerId],
    );
    return Number(bytes);
  }

  /** The asset holding (sha256, visibility, club) — or, without a club, the owner's private one. */
  async findByDedupeKey(
    manager: EntityManager,
    k: {
      sha256: string;
      visibility: AssetVisibility;
      club_id: string | null;
      owner: string | null;
    },
  ): Promise<AssetRow | null> {
    let where: string;
    const params: unknown[] = [k.sha256, k.visibility];
    if (k.club_id !== null) {
      where = 'a.club_id = $3';
      params.push(k.club_id);
    } else if (k.visibility === 'private') {
      where = 'a.club_id IS NULL AND a.owner_profile_id = $3';
      params.push(k.owner);
    } else {
      where = 'a.club_id IS NULL';
    }
    const rows: AssetRow[] = await manager.query(
      `SELECT ${COLUMNS} FROM media_assets a
       WHERE a.sha256 = $1 AND a.visibility = $2 AND ${where} FOR UPDATE`,
      params,
    );
    return rows[0] ?? null;
  }

  async insert(manager: EntityManager, v: NewAsset): Promise<string> {
    const rows: { id: string }[] = await manager.query(
      `INSERT INTO media_assets (sha256, size_bytes, media_kind, mime_type, extension,
         original_name, label, copyright_notice, tags, visibility, club_id,
         uploaded_by_profile_id, owner_profile_id, storage_key, renditions_status)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::text[], $10, $11, $12, $13, $14, $15)
       RETURNING id`,
      [
        v.sha256,
        v.size_bytes,
        v.media_kind,
        v.mime_type,
        v.extension,
        v.original_name,
        v.label,
        v.copyright_notice,
        v.tags,
        v.visibility,
        v.club_id,
        v.uploaded_by_profile_id,
        v.owner_profile_id,
        v.storage_key,
        v.renditions_status,
      ],
    );
    return rows[0].id;
  }

  /** Changes equal to the stored values are no write: the asset keeps its version. */
  async update(manager: EntityManager, id: string, changes: AssetChanges): Promise<void> {
    const keys = UPDATABLE.filter((k) => changes[k] !== undefined);
    if (keys.length === 0) return;
    await updateVersionedRow(
      manager,
      { table: 'media_assets', where: { id } },
      {
        set: Object.fromEntries(keys.map((k) => [k, changes[k]])),
        stampedNow: ['updated_at'],
        returning: 'id',
        notFound: () => new NotFoundError('Media asset', id),
      },
    );
    if (changes.storage_key !== undefined) {
      await manager.query('UPDATE exercise_media SET file_path = $2 WHERE media_asset_id = $1', [
        id,
        changes.storage_key,
      ]);
    }
  }

  async setLifecycle(
    manager: EntityManager,
    id: string,
    state: LifecycleState,
    by: string,
  ): Promise<void> {
    await manager.query(
      `UPDATE media_assets SET lifecycle = $2, lifecycle_changed_at = now(),
         lifecycle_changed_by_profile_id = $3, updated_at = now() WHERE id = $1`,
      [id, state, by],
    );
  }

  /** Deletes the asset (its renditions' rows go with it); answers the renditions' keys. */
  async delete(manager: EntityManager, id: string): Promise<string[]> {
    const keys = await RENDITIONS.keysOf(manager, id);
    await manager.query('DELETE FROM media_assets WHERE id = $1', [id]);
    return keys;
  }

  /** The stored renditions of each asset (none listed: none stored). */
  renditionsOf(ids: string[]): Promise<Map<string, StoredRendition[]>> {
    return RENDITIONS.of(this.db, ids);
  }

  /** Replaces the asset's renditions and sets its status; false when the asset is gone. */
  saveRenditions(
    manager: EntityManager,
    id: string,
    renditions: StoredRendition[],
    status: RenditionsStatus,
  ): Promise<boolean> {
    return RENDITIONS.save(manager, id, renditions, status);
  }

  /** The keys among `keys` that a rendition is stored under (the storage sweep's row check). */
  referencedRenditionKeys(manager: EntityManager, keys: string[]): Promise<Set<string>> {
    return RENDITIONS.referenced(manager, keys);
  }

  /** The keys among `keys` that an asset's file is stored under (the storage sweep's row check). */
  async referencedStorageKeys(manager: EntityManager, keys: string[]): Promise<Set<string>> {
    const rows: { storage_key: string }[] = await manager.query(
      'SELECT storage_key FROM media_assets WHERE storage_key = ANY($1)',
      [keys],
    );
    return new Set(rows.map((r) => r.storage_key));
  }

  /** Whether the unit media link table of the planning modules exists yet. */
  async hasUnitMediaTable(manager?: EntityManager): Promise<boolean> {
    const rows: { t: string | null }[] = await (manager ?? this.db).query(
      `SELECT to_regclass('training_unit_media')::text AS t`,
    );
    return rows[0]?.t != null;
  }

  /** How many links (exercise media and training unit media) reference the asset. */
  async referenceCount(manager: EntityManager, id: string): Promise<number> {
    const units = (await this.hasUnitMediaTable(manager))
      ? ' + (SELECT count(*) FROM training_unit_media WHERE media_asset_id = $1)'
      : '';
    const rows: { n: number }[] = await manager.query(
      `SELECT ((SELECT count(*) FROM exercise_media WHERE media_asset_id = $1)${units})::int AS n`,
      [id],
    );
    return rows[0].n;
  }

  /** Exercises linking the asset whose visibility is club or official (they need it active). */
  async sharedExerciseLinks(manager: EntityManager, id: string): Promise<string[]> {
    const rows: { id: string }[] = await manager.query(
      `SELECT e.id FROM exercise_media em JOIN exercises e ON e.id = em.exercise_id
       WHERE em.media_asset_id = $1 AND e.visibility IN ('club', 'official') ORDER BY e.id`,
      [id],
    );
    return rows.map((r) => r.id);
  }

  async clubExists(id: string, manager?: EntityManager): Promise<boolean> {
    const rows: unknown[] = await (manager ?? this.db).query('SELECT 1 FROM clubs WHERE id = $1', [
      id,
    ]);
    return rows.length > 0;
  }

  list(
    ctx: TenantContext,
    f: AssetListFilter,
    page: { limit: number; offset: number },
  ): Promise<PagedRows<AssetRow>> {
    const p = new SqlParams();
    const where = [seeSql(ctx, p)];
    if (f.lifecycle === 'active') where.push(`a.lifecycle = 'active'`);
    else if (f.lifecycle === 'all')
      where.push(`(a.lifecycle = 'active' OR ${lifecycleSql(ctx, p)})`);
    else where.push(`a.lifecycle = ${p.add(f.lifecycle)}`, lifecycleSql(ctx, p));
    if (f.media_kind) where.push(`a.media_kind = ${p.add(f.media_kind)}`);
    if (f.club_id) where.push(`a.club_id = ${p.add(f.club_id)}`);
    if (f.uploaded_by) where.push(`a.uploaded_by_profile_id = ${p.add(f.uploaded_by)}`);
    if (f.search?.trim()) {
      const like = p.add(`%${f.search.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(`(a.original_name ILIKE ${like} OR coalesce(a.label, '') ILIKE ${like}
        OR coalesce(a.copyright_notice, '') ILIKE ${like}
        OR array_to_string(a.tags, ' ') ILIKE ${like})`);
    }
    return pagedRows<AssetRow>(
      this.db,
      {
        select: WITH_NAMES,
        from: `FROM media_assets a ${NAME_JOINS} WHERE ${where.join(' AND ')}`,
        orderBy: 'a.created_at DESC, a.id',
        params: p.values,
      },
      page,
    );
  }

  /** Exercises (readable by the caller) and training units using each asset. */
  async usage(ctx: TenantContext, ids: string[]): Promise<Map<string, AssetUsage>> {
    const out = new Map<string, AssetUsage>(
      ids.map((id) => [id, { exercises: [], training_units: [] }]),
    );
    if (ids.length === 0) return out;
    const p = new SqlParams([ids]);
    const exercises: { asset_id: string; id: string; title: string }[] = await this.db.query(
      `SELECT em.media_asset_id AS asset_id, e.id, e.title
       FROM exercise_media em JOIN exercises e ON e.id = em.exercise_id
       WHERE em.media_asset_id = ANY($1::uuid[]) AND ${visibilitySql(ctx, columnsOf('e'), p)}
       ORDER BY lower(e.title), e.id`,
      p.values,
    );
    for (const r of exercises) out.get(r.asset_id)?.exercises.push({ id: r.id, title: r.title });
    if (await this.hasUnitMediaTable()) {
      // Units of the caller's clubs (all for platform admins) and library blueprints.
      const units: { asset_id: string; id: string; title: string }[] = await this.db
        .query(
          `SELECT tum.media_asset_id AS asset_id, u.id, u.title
           FROM training_unit_media tum JOIN training_units u ON u.id = tum.unit_id
           WHERE tum.media_asset_id = ANY($1::uuid[])
             AND ($2::boolean OR u.club_id IS NULL OR u.club_id = ANY($3::uuid[]))
           ORDER BY lower(u.title), u.id`,
          [ids, isPlatformAdmin(ctx), [...ctx.memberships.keys()]],
        )
        .catch(() => []); // the planning tables are owned by another module and may differ
      for (const r of units) out.get(r.asset_id)?.training_units.push({ id: r.id, title: r.title });
    }
    return out;
  }

  /** The assets linked to an exercise, locked for the rest of the transaction. */
  /** The versions of the assets linked to an exercise (no lock), to tell whether a write changed them. */
  versionsLinkedToExercise(manager: EntityManager, exerciseId: string): Promise<unknown[]> {
    return manager.query(
      `SELECT a.id, ${rowVersionColumn('a')} FROM media_assets a
       WHERE a.id IN (SELECT media_asset_id FROM exercise_media WHERE exercise_id = $1)
       ORDER BY a.id`,
      [exerciseId],
    );
  }

  async linkedToExercise(manager: EntityManager, exerciseId: string): Promise<AssetRow[]> {
    return manager.query(
      `SELECT ${COLUMNS} FROM media_assets a
       WHERE a.id IN (SELECT media_asset_id FROM exercise_media WHERE exercise_id = $1)
       ORDER BY a.id FOR UPDATE OF a`,
      [exerciseId],
    );
  }

  /** Whether an exercise the caller may read links the asset. */
  async linkedToReadableExercise(ctx: TenantContext, id: string): Promise<boolean> {
    const p = new SqlParams([id]);
    const rows: unknown[] = await this.db.query(
      `SELECT 1 FROM exercise_media em JOIN exercises e ON e.id = em.exercise_id
       WHERE em.media_asset_id = $1 AND ${visibilitySql(ctx, columnsOf('e'), p)} LIMIT 1`,
      p.values,
    );
    return rows.length > 0;
  }

  /** Points an exercise's link from one asset to another (dropping it when already linked). */
  async relinkExerciseMedia(
    manager: EntityManager,
    exerciseId: string,
    fromAssetId: string,
    to: AssetRow,
  ): Promise<void> {
    await manager.query(
      `DELETE FROM exercise_media em WHERE em.exercise_id = $1 AND em.media_asset_id = $2
         AND EXISTS (SELECT 1 FROM exercise_media o WHERE o.exercise_id = $1 AND o.media_asset_id = $3)`,
      [exerciseId, fromAssetId, to.id],
    );
    await manager.query(
      `UPDATE exercise_media SET media_asset_id = $3, file_path = $4, updated_at = now()
       WHERE exercise_id = $1 AND media_asset_id = $2`,
      [exerciseId, fromAssetId, to.id, to.storage_key],
    );
  }

  /** Assets in trash_hidden (candidates of the retention job), oldest first. */
  async trashHidden(manager: EntityManager, changedBefore: Date): Promise<AssetRow[]> {
    return manager.query(
      `SELECT ${COLUMNS} FROM media_assets a
       WHERE a.lifecycle = 'trash_hidden' AND a.lifecycle_changed_at < $1
       ORDER BY a.lifecycle_changed_at FOR UPDATE SKIP LOCKED`,
      [changedBefore],
    );
  }
}
