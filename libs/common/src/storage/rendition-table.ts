import type { RenditionsStatus, StoredRendition } from './renditions';

/** Anything that runs SQL: a DataSource or a transaction's EntityManager. */
interface Queryable {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/** The names of a service's rendition table and of the table of the originals. */
export interface RenditionTableNames {
  /** e.g. `photo_renditions`, with the columns of the migrations (variant, width, height…). */
  table: string;
  /** Column referencing the original, e.g. `photo_id`. */
  idColumn: string;
  /** Table of the originals (id and renditions_status), e.g. `photos`. */
  parent: string;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * The queries on a rendition table, the same in both services: renditions per original, their
 * replacement with the status of the original (locked), and the lookups of the storage sweep
 * and of deletions. Names are fixed identifiers of the caller, checked, never input.
 */
export class RenditionTable {
  constructor(private readonly n: RenditionTableNames) {
    for (const name of [n.table, n.idColumn, n.parent])
      if (!IDENTIFIER.test(name)) throw new Error(`not an SQL identifier: ${name}`);
  }

  /** The stored renditions of each original (absent: none). */
  async of(db: Queryable, ids: string[]): Promise<Map<string, StoredRendition[]>> {
    const out = new Map<string, StoredRendition[]>();
    if (ids.length === 0) return out;
    const rows = (await db.query(
      `SELECT ${this.n.idColumn} AS original_id, variant, width, height,
         size_bytes::float8 AS size_bytes, storage_key
       FROM ${this.n.table} WHERE ${this.n.idColumn} = ANY($1::uuid[])`,
      [ids],
    )) as (StoredRendition & { original_id: string })[];
    for (const { original_id, ...r } of rows)
      out.set(original_id, [...(out.get(original_id) ?? []), r]);
    return out;
  }

  /**
   * The keys of one original's renditions, the original locked first (call before deleting
   * it): a rendition job saving at the same time either committed before or finds it gone.
   */
  async keysOf(db: Queryable, id: string): Promise<string[]> {
    await db.query(`SELECT 1 FROM ${this.n.parent} WHERE id = $1 FOR UPDATE`, [id]);
    const rows = (await db.query(
      `SELECT storage_key FROM ${this.n.table} WHERE ${this.n.idColumn} = $1`,
      [id],
    )) as { storage_key: string }[];
    return rows.map((r) => r.storage_key);
  }

  /**
   * Replaces the renditions of `id` and sets its status, the original locked; false when the
   * original is gone (nothing written).
   */
  async save(
    m: Queryable,
    id: string,
    renditions: StoredRendition[],
    status: RenditionsStatus,
  ): Promise<boolean> {
    const found = (await m.query(`SELECT 1 FROM ${this.n.parent} WHERE id = $1 FOR UPDATE`, [
      id,
    ])) as unknown[];
    if (found.length === 0) return false;
    await m.query(`DELETE FROM ${this.n.table} WHERE ${this.n.idColumn} = $1`, [id]);
    for (const r of renditions) {
      await m.query(
        `INSERT INTO ${this.n.table} (${this.n.idColumn}, variant, width, height, size_bytes,
           storage_key) VALUES ($1, $2, $3, $4, $5, $6)`,
        [id, r.variant, r.width, r.height, r.size_bytes, r.storage_key],
      );
    }
    await m.query(`UPDATE ${this.n.parent} SET renditions_status = $2 WHERE id = $1`, [id, status]);
    return true;
  }

  /** The keys among `keys` that a rendition is stored under (the storage sweep's row check). */
  async referenced(m: Queryable, keys: string[]): Promise<Set<string>> {
    const rows = (await m.query(
      `SELECT storage_key FROM ${this.n.table} WHERE storage_key = ANY($1)`,
      [keys],
    )) as { storage_key: string }[];
    return new Set(rows.map((r) => r.storage_key));
  }
}
