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

export type PromptType = 'base' | 'workflow';
export const PROMPT_TYPES: readonly PromptType[] = ['base', 'workflow'];

export interface PromptRow extends VersionedRow {
  id: string;
  slug: string;
  name: string;
  description: string | null;
  type: PromptType;
  template: string;
  default_question_keys: string[];
  workflow_id: string | null;
  is_system: boolean;
  owner_id: string | null;
  created_at: Date;
  updated_at: Date;
}

export type PromptValues = Pick<
  PromptRow,
  'slug' | 'name' | 'description' | 'type' | 'template' | 'default_question_keys' | 'workflow_id'
>;

export const PROMPT_SLUG_UNIQUE = ['prompts_system_slug_key', 'prompts_owner_slug_key'];

const COLUMNS = `id, slug, name, description, type, template, default_question_keys, workflow_id,
  is_system, owner_id, created_at, updated_at, ${rowVersionColumn()}`;

const PROMPTS: VersionedTable = {
  table: 'prompts',
  key: 'id',
  notFound: (id) => new NotFoundError('Prompt', id),
  stamp: 'updated_at',
};

/** The only place with queries on `prompts`. */
@Injectable()
export class PromptsRepository {
  constructor(private readonly db: DataSource) {}

  /** A prompt the user may read: their own or a system prompt. */
  async findVisible(userId: string, id: string): Promise<PromptRow | null> {
    const rows: PromptRow[] = await this.db.query(
      `SELECT ${COLUMNS} FROM prompts WHERE id = $1 AND (owner_id = $2 OR owner_id IS NULL)`,
      [id, userId],
    );
    return rows[0] ?? null;
  }

  /** By slug for the user: their own prompt shadows a system prompt of the same slug. */
  async findVisibleBySlug(userId: string, slug: string): Promise<PromptRow | null> {
    const rows: PromptRow[] = await this.db.query(
      `SELECT ${COLUMNS} FROM prompts WHERE slug = $1 AND (owner_id = $2 OR owner_id IS NULL)
        ORDER BY owner_id NULLS LAST LIMIT 1`,
      [slug, userId],
    );
    return rows[0] ?? null;
  }

  async list(
    userId: string,
    filter: { type?: PromptType; scope: 'all' | 'own' | 'system'; limit: number; offset: number },
  ): Promise<[PromptRow[], number]> {
    const params: unknown[] = [userId];
    const where: string[] = [
      filter.scope === 'own'
        ? 'owner_id = $1'
        : filter.scope === 'system'
          ? 'owner_id IS NULL AND $1::uuid IS NOT NULL'
          : '(owner_id = $1 OR owner_id IS NULL)',
    ];
    if (filter.type) {
      params.push(filter.type);
      where.push(`type = $${params.length}`);
    }
    const clause = where.join(' AND ');
    const [{ total }] = await this.db.query(
      `SELECT count(*)::int AS total FROM prompts WHERE ${clause}`,
      params,
    );
    const rows: PromptRow[] = await this.db.query(
      `SELECT ${COLUMNS} FROM prompts WHERE ${clause}
        ORDER BY is_system DESC, slug, id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, filter.limit, filter.offset],
    );
    return [rows, total];
  }

  async insert(values: PromptValues, ownerId: string | null): Promise<PromptRow> {
    const rows: PromptRow[] = await this.db.query(
      `INSERT INTO prompts (slug, name, description, type, template, default_question_keys,
         workflow_id, is_system, owner_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${COLUMNS}`,
      [
        values.slug,
        values.name,
        values.description,
        values.type,
        values.template,
        values.default_question_keys,
        values.workflow_id,
        ownerId === null,
        ownerId,
      ],
    );
    return rows[0];
  }

  /** With `ifMatch`, only the version it names is replaced (412 otherwise). */
  update(id: string, values: PromptValues, ifMatch?: IfMatch): Promise<PromptRow> {
    const set = {
      slug: values.slug,
      name: values.name,
      description: values.description,
      type: values.type,
      template: values.template,
      default_question_keys: values.default_question_keys,
      workflow_id: values.workflow_id,
    };
    return updateVersioned<PromptRow>(this.db, PROMPTS, id, set, { returning: COLUMNS, ifMatch });
  }

  /** With `ifMatch`, only the version it names is deleted (412 otherwise). */
  async delete(id: string, ifMatch?: IfMatch): Promise<void> {
    await deleteVersioned(this.db, PROMPTS, id, ifMatch);
  }

  /** Prompts whose default questions include `key` (the catalog refuses to delete it). */
  async countUsingQuestion(key: string): Promise<number> {
    const [{ n }] = await this.db.query(
      `SELECT count(*)::int AS n FROM prompts WHERE $1 = ANY(default_question_keys)`,
      [key],
    );
    return n;
  }
}
