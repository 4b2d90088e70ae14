import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { AnswerType, QuestionCatalogEntry } from '@sports/workflow-engine';
import { returned } from '../insights/sql-rows';

export interface QuestionRow {
  key: string;
  question: string;
  answer_type: AnswerType;
  allowed_values: string[] | null;
  synonyms: Record<string, string[]> | null;
  unit: string | null;
  created_at: Date;
  updated_at: Date;
}

export type QuestionValues = Omit<QuestionRow, 'created_at' | 'updated_at'>;

const COLUMNS =
  'key, question, answer_type, allowed_values, synonyms, unit, created_at, updated_at';
const json = (value: unknown): string | null => (value === null ? null : JSON.stringify(value));

/** The only place with queries on `workflow_question_catalog`. */
@Injectable()
export class QuestionCatalogRepository {
  constructor(private readonly db: DataSource) {}

  async find(key: string): Promise<QuestionRow | null> {
    const rows: QuestionRow[] = await this.db.query(
      `SELECT ${COLUMNS} FROM workflow_question_catalog WHERE key = $1`,
      [key],
    );
    return rows[0] ?? null;
  }

  async findByKeys(keys: readonly string[]): Promise<QuestionCatalogEntry[]> {
    if (keys.length === 0) return [];
    const rows: QuestionRow[] = await this.db.query(
      `SELECT ${COLUMNS} FROM workflow_question_catalog WHERE key = ANY($1::text[])`,
      [keys],
    );
    return rows.map(({ created_at: _c, updated_at: _u, ...entry }) => entry);
  }

  async list(limit: number, offset: number): Promise<[QuestionRow[], number]> {
    const [{ total }] = await this.db.query(
      'SELECT count(*)::int AS total FROM workflow_question_catalog',
    );
    const rows: QuestionRow[] = await this.db.query(
      `SELECT ${COLUMNS} FROM workflow_question_catalog ORDER BY key LIMIT $1 OFFSET $2`,
      [limit, offset],
    );
    return [rows, total];
  }

  async insert(values: QuestionValues): Promise<QuestionRow> {
    const rows: QuestionRow[] = await this.db.query(
      `INSERT INTO workflow_question_catalog (key, question, answer_type, allowed_values, synonyms, unit)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [
        values.key,
        values.question,
        values.answer_type,
        json(values.allowed_values),
        json(values.synonyms),
        values.unit,
      ],
    );
    return rows[0];
  }

  async update(values: QuestionValues): Promise<QuestionRow> {
    const rows = returned<QuestionRow>(
      await this.db.query(
        `UPDATE workflow_question_catalog SET question = $2, answer_type = $3, allowed_values = $4,
         synonyms = $5, unit = $6, updated_at = now()
       WHERE key = $1 RETURNING ${COLUMNS}`,
        [
          values.key,
          values.question,
          values.answer_type,
          json(values.allowed_values),
          json(values.synonyms),
          values.unit,
        ],
      ),
    );
    return rows[0];
  }

  async delete(key: string): Promise<void> {
    await this.db.query('DELETE FROM workflow_question_catalog WHERE key = $1', [key]);
  }

  /** Workflow graphs with an analysis node bound to `key`. */
  async countWorkflowsUsing(key: string): Promise<number> {
    const [{ n }] = await this.db.query(
      `SELECT count(*)::int AS n FROM workflow_definitions
        WHERE graph->'nodes' @> jsonb_build_array(jsonb_build_object('question_keys', jsonb_build_array($1::text)))`,
      [key],
    );
    return n;
  }
}
