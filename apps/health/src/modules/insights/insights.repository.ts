import { Injectable } from '@nestjs/common';
import {
  IfMatch,
  NotFoundError,
  rowVersionColumn,
  VersionedRow,
  versionedWrite,
} from '@sports/common';
import { DataSource, EntityManager } from 'typeorm';

export interface InsightRow extends VersionedRow {
  id: string;
  owner_id: string;
  prompt_id: string | null;
  workflow_execution_id: string | null;
  title: string;
  content: string;
  analysis_core: string | null;
  decision_signals: Record<string, unknown> | null;
  offline: boolean;
  model: string | null;
  tokens_in: number;
  tokens_out: number;
  cost: number;
  created_at: Date;
}

export type InsightValues = Omit<InsightRow, 'id' | 'created_at' | 'row_version'>;

const COLUMNS = `id, owner_id, prompt_id, workflow_execution_id, title, content, analysis_core,
  decision_signals, offline, model, tokens_in, tokens_out, cost::float AS cost, created_at,
  ${rowVersionColumn()}`;

/** The only place with queries on `insights`. */
@Injectable()
export class InsightsRepository {
  constructor(private readonly db: DataSource) {}

  async insert(
    values: InsightValues,
    manager: EntityManager = this.db.manager,
  ): Promise<InsightRow> {
    const rows: InsightRow[] = await manager.query(
      `INSERT INTO insights (owner_id, prompt_id, workflow_execution_id, title, content,
         analysis_core, decision_signals, offline, model, tokens_in, tokens_out, cost)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       RETURNING ${COLUMNS}`,
      [
        values.owner_id,
        values.prompt_id,
        values.workflow_execution_id,
        values.title,
        values.content,
        values.analysis_core,
        values.decision_signals === null ? null : JSON.stringify(values.decision_signals),
        values.offline,
        values.model,
        values.tokens_in,
        values.tokens_out,
        values.cost,
      ],
    );
    return rows[0];
  }

  /** Replaces the insight of an execution (after a resume); inserts one if there is none. */
  async replaceForExecution(values: InsightValues, manager: EntityManager): Promise<InsightRow> {
    await manager.query(`DELETE FROM insights WHERE workflow_execution_id = $1 AND owner_id = $2`, [
      values.workflow_execution_id,
      values.owner_id,
    ]);
    return this.insert(values, manager);
  }

  async findOwn(ownerId: string, id: string): Promise<InsightRow | null> {
    const rows: InsightRow[] = await this.db.query(
      `SELECT ${COLUMNS} FROM insights WHERE id = $1 AND owner_id = $2`,
      [id, ownerId],
    );
    return rows[0] ?? null;
  }

  async findForExecution(ownerId: string, executionId: string): Promise<InsightRow | null> {
    const rows: InsightRow[] = await this.db.query(
      `SELECT ${COLUMNS} FROM insights WHERE workflow_execution_id = $1 AND owner_id = $2
        ORDER BY created_at DESC LIMIT 1`,
      [executionId, ownerId],
    );
    return rows[0] ?? null;
  }

  async list(
    ownerId: string,
    filter: { prompt_id?: string; limit: number; offset: number },
  ): Promise<[InsightRow[], number]> {
    const params: unknown[] = [ownerId];
    let where = 'owner_id = $1';
    if (filter.prompt_id) {
      params.push(filter.prompt_id);
      where += ` AND prompt_id = $${params.length}`;
    }
    const [{ total }] = await this.db.query(
      `SELECT count(*)::int AS total FROM insights WHERE ${where}`,
      params,
    );
    const rows: InsightRow[] = await this.db.query(
      `SELECT ${COLUMNS} FROM insights WHERE ${where}
        ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, filter.limit, filter.offset],
    );
    return [rows, total];
  }

  /**
   * Deletes the owner's insight; 404 when there is none. With `ifMatch`, only the version it
   * names (checked in the DELETE's WHERE, 412 otherwise).
   */
  async deleteOwn(ownerId: string, id: string, ifMatch?: IfMatch): Promise<void> {
    const notFound = () => new NotFoundError('Insight', id);
    const row = await versionedWrite(
      this.db,
      { table: 'insights', where: { id, owner_id: ownerId } },
      ifMatch,
      notFound,
      (condition) =>
        `DELETE FROM insights WHERE id = $1 AND owner_id = $2${condition} RETURNING id`,
      [id, ownerId],
    );
    if (!row) throw notFound();
  }
}
