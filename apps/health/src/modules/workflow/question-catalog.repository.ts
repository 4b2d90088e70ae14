import { Injectable } from '@nestjs/common';
import {
  deleteVersioned,
  IfMatch,
  NotFoundError,
  rowVersionColumn,
  updateVersioned,
  VersionedRow,
  VersionedTable,
} from '@sports/common';
import { DataSource } from 'typeorm';
import type { AnswerType, QuestionCatalogEntry } from '@sports/workflow-engine';

export interface QuestionRow extends VersionedRow {
  key: string;
  question: string;
  answer_type: AnswerType;
  allowed_values: string[] | null;
  synonyms: Record<string, string[]> | null;
  unit: string | null;
  created_at: Date;
  updated_at: Date;
}

export type QuestionValues = Omit<QuestionRow, 'created_at' | 'updated_at' | 'row_version'>;

const COLUMNS = `key, question, answer_type, allowed_values, synonyms, unit, created_at, updated_at,
  ${rowVersionColumn()}`;
const ENTRY_COLUMNS = 'key, question, answer_type, allowed_values, synonyms, unit';
const QUESTIONS: VersionedTable = {
  table: 'workflow_question_catalog',
  key: 'key',
  notFound: (key) => new NotFoundError('Question', key),
  stamp: 'updated_at',
};
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
    return this.db.query(
      `SELECT ${ENTRY_COLUMNS} FROM workflow_question_catalog WHERE key = ANY($1::text[])`,
      [keys],
    );
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

  /** With `ifMatch`, only the version it names is replaced (412 otherwise). */
  update(values: QuestionValues, ifMatch?: IfMatch): Promise<QuestionRow> {
    const set = {
      question: values.question,
      answer_type: values.answer_type,
      allowed_values: json(values.allowed_values),
      synonyms: json(values.synonyms),
      unit: values.unit,
    };
    return updateVersioned<QuestionRow>(this.db, QUESTIONS, values.key, set, {
      returning: COLUMNS,
      ifMatch,
    });
  }

  /** With `ifMatch`, only the version it names is deleted (412 otherwise). */
  async delete(key: string, ifMatch?: IfMatch): Promise<void> {
    await deleteVersioned(this.db, QUESTIONS, key, ifMatch);
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
