import { Injectable } from '@nestjs/common';
import {
  IfMatch,
  NotFoundError,
  rowVersionColumn,
  updateVersionedRow,
  VersionedRow,
  versionedWrite,
} from '@sports/common';
import { DataSource } from 'typeorm';

export interface WorkflowDefinitionRow extends VersionedRow {
  id: string;
  owner_id: string;
  name: string;
  description: string | null;
  /** Exactly as submitted (inline_template and all other node fields kept). */
  graph: Record<string, unknown>;
  /** Where the editor placed each node (`{}` when never saved). */
  layout: WorkflowLayout;
  created_at: Date;
  updated_at: Date;
}

/** Node id → editor position. */
export type WorkflowLayout = Record<string, { x: number; y: number }>;

export type WorkflowDefinitionValues = Pick<
  WorkflowDefinitionRow,
  'name' | 'description' | 'graph' | 'layout'
>;

const COLUMNS = `id, owner_id, name, description, graph, layout, created_at, updated_at, ${rowVersionColumn()}`;

/** The only place with queries on `workflow_definitions`. */
@Injectable()
export class WorkflowDefinitionsRepository {
  constructor(private readonly db: DataSource) {}

  async findOwn(ownerId: string, id: string): Promise<WorkflowDefinitionRow | null> {
    const rows: WorkflowDefinitionRow[] = await this.db.query(
      `SELECT ${COLUMNS} FROM workflow_definitions WHERE id = $1 AND owner_id = $2`,
      [id, ownerId],
    );
    return rows[0] ?? null;
  }

  /** Without an owner check: only for workflow prompts, whose owner was checked on save. */
  async findById(id: string): Promise<WorkflowDefinitionRow | null> {
    const rows: WorkflowDefinitionRow[] = await this.db.query(
      `SELECT ${COLUMNS} FROM workflow_definitions WHERE id = $1`,
      [id],
    );
    return rows[0] ?? null;
  }

  async list(
    ownerId: string,
    limit: number,
    offset: number,
  ): Promise<[WorkflowDefinitionRow[], number]> {
    const [{ total }] = await this.db.query(
      'SELECT count(*)::int AS total FROM workflow_definitions WHERE owner_id = $1',
      [ownerId],
    );
    const rows: WorkflowDefinitionRow[] = await this.db.query(
      `SELECT ${COLUMNS} FROM workflow_definitions WHERE owner_id = $1
        ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
      [ownerId, limit, offset],
    );
    return [rows, total];
  }

  /** The owner's workflow names that start with `prefix` (for a free copy name). */
  async namesStartingWith(ownerId: string, prefix: string): Promise<string[]> {
    const rows: { name: string }[] = await this.db.query(
      `SELECT name FROM workflow_definitions WHERE owner_id = $1 AND starts_with(name, $2)`,
      [ownerId, prefix],
    );
    return rows.map((row) => row.name);
  }

  async insert(ownerId: string, values: WorkflowDefinitionValues): Promise<WorkflowDefinitionRow> {
    const rows: WorkflowDefinitionRow[] = await this.db.query(
      `INSERT INTO workflow_definitions (owner_id, name, description, graph, layout)
       VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      [
        ownerId,
        values.name,
        values.description,
        JSON.stringify(values.graph),
        JSON.stringify(values.layout),
      ],
    );
    return rows[0];
  }

  /**
   * With `ifMatch`, only the version it names is replaced (checked in the same statement);
   * a mismatch answers 412 with the current version. Values equal to the stored ones are no
   * write: the workflow keeps its version.
   */
  async update(
    id: string,
    values: WorkflowDefinitionValues,
    ifMatch?: IfMatch,
  ): Promise<WorkflowDefinitionRow> {
    return updateVersionedRow<WorkflowDefinitionRow>(
      this.db,
      { table: 'workflow_definitions', where: { id } },
      {
        set: {
          name: values.name,
          description: values.description,
          graph: JSON.stringify(values.graph),
          layout: JSON.stringify(values.layout),
        },
        stampedNow: ['updated_at'],
        returning: COLUMNS,
        ifMatch,
        notFound: () => new NotFoundError('Workflow', id),
      },
    );
  }

  /** With `ifMatch`, only the version it names is deleted (412 otherwise). */
  async delete(id: string, ifMatch?: IfMatch): Promise<void> {
    await versionedWrite(
      this.db,
      { table: 'workflow_definitions', where: { id } },
      ifMatch,
      () => new NotFoundError('Workflow', id),
      (condition) => `DELETE FROM workflow_definitions WHERE id = $1${condition} RETURNING id`,
      [id],
    );
  }
}
