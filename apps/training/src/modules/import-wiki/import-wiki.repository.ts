import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

export type ImportStatus = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';
export type PageOutcome = 'created' | 'updated' | 'unchanged' | 'failed';

export interface JobRow {
  id: string;
  created_by_profile_id: string | null;
  api_url: string;
  params: Record<string, unknown>;
  status: ImportStatus;
  attempts: number;
  pages_total: number;
  created_count: number;
  updated_count: number;
  unchanged_count: number;
  failed_count: number;
  error: string | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

export interface PageMapping {
  page_id: number;
  exercise_id: string | null;
  revision_id: number | null;
}

export interface LogRow {
  id: number;
  level: 'info' | 'warn' | 'error';
  page_id: number | null;
  message: string;
  created_at: Date;
}

/** Import statuses in which an import still holds its wiki (one such import per wiki). */
export const ACTIVE_STATUSES: readonly ImportStatus[] = ['queued', 'running'];

/** The only queries on wiki_import_jobs, wiki_import_job_pages, wiki_import_logs and wiki_import_pages. */
@Injectable()
export class ImportWikiRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async createJob(
    m: EntityManager,
    apiUrl: string,
    params: Record<string, unknown>,
    profileId: string,
  ): Promise<string> {
    const [{ id }]: { id: string }[] = await m.query(
      `INSERT INTO wiki_import_jobs (api_url, params, created_by_profile_id) VALUES ($1, $2, $3) RETURNING id`,
      [apiUrl, JSON.stringify(params), profileId],
    );
    return id;
  }

  async findJob(id: string, m: EntityManager = this.dataSource.manager, lock = false) {
    const rows: JobRow[] = await m.query(
      `SELECT * FROM wiki_import_jobs WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
      [id],
    );
    return rows[0] ?? null;
  }

  async listJobs(
    page: { limit: number; offset: number },
    status: ImportStatus | undefined,
  ): Promise<{ rows: JobRow[]; total: number }> {
    const rows: JobRow[] = await this.dataSource.query(
      `SELECT * FROM wiki_import_jobs WHERE $1::text IS NULL OR status = $1
       ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
      [status ?? null, page.limit, page.offset],
    );
    const [{ n }]: { n: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM wiki_import_jobs WHERE $1::text IS NULL OR status = $1`,
      [status ?? null],
    );
    return { rows, total: n };
  }

  /** Marks an import running for `attempt`; false when it has ended (cancelled meanwhile). */
  async start(id: string, attempt: number): Promise<boolean> {
    // An UPDATE answers [rows, affected] through TypeORM's query().
    const [, affected]: [unknown[], number] = await this.dataSource.query(
      `UPDATE wiki_import_jobs SET status = 'running', attempts = $2,
         started_at = COALESCE(started_at, now())
       WHERE id = $1 AND status IN ('queued', 'running')`,
      [id, attempt],
    );
    return affected === 1;
  }

  /** Ends an import that is still active; false when it had ended already. */
  async finish(
    id: string,
    status: 'completed' | 'failed' | 'cancelled',
    error: string | null = null,
    m: EntityManager = this.dataSource.manager,
  ): Promise<boolean> {
    const [, affected]: [unknown[], number] = await m.query(
      `UPDATE wiki_import_jobs SET status = $2, error = $3, finished_at = now()
       WHERE id = $1 AND status IN ('queued', 'running')`,
      [id, status, error],
    );
    return affected === 1;
  }

  async isActive(id: string): Promise<boolean> {
    const rows: { status: ImportStatus }[] = await this.dataSource.query(
      `SELECT status FROM wiki_import_jobs WHERE id = $1`,
      [id],
    );
    return ACTIVE_STATUSES.includes(rows[0]?.status);
  }

  async setTotal(id: string, total: number): Promise<void> {
    await this.dataSource.query(`UPDATE wiki_import_jobs SET pages_total = $2 WHERE id = $1`, [
      id,
      total,
    ]);
  }

  /** Pages of the import that have an outcome already (done before a restart). */
  async processedPages(jobId: string): Promise<Set<number>> {
    const rows: { page_id: number }[] = await this.dataSource.query(
      `SELECT page_id::int AS page_id FROM wiki_import_job_pages WHERE job_id = $1`,
      [jobId],
    );
    return new Set(rows.map((r) => r.page_id));
  }

  /**
   * Records a page's outcome and counts it, once: a page that has an outcome already keeps it
   * (and is not counted again). Runs in the transaction of the page's exercise write.
   */
  async recordPage(
    m: EntityManager,
    jobId: string,
    pageId: number,
    outcome: PageOutcome,
    exerciseId: string | null,
  ): Promise<void> {
    const counter = `${outcome}_count`;
    await m.query(
      `WITH recorded AS (
         INSERT INTO wiki_import_job_pages (job_id, page_id, outcome, exercise_id)
         VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING 1)
       UPDATE wiki_import_jobs SET ${counter} = ${counter} + 1
       WHERE id = $1 AND EXISTS (SELECT 1 FROM recorded)`,
      [jobId, pageId, outcome, exerciseId],
    );
  }

  async log(
    jobId: string,
    level: 'info' | 'warn' | 'error',
    message: string,
    pageId: number | null = null,
    m: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await m.query(
      `INSERT INTO wiki_import_logs (job_id, level, page_id, message) VALUES ($1, $2, $3, $4)`,
      [jobId, level, pageId, message.slice(0, 2000)],
    );
  }

  async logs(jobId: string, page: { limit: number; offset: number }) {
    const rows: LogRow[] = await this.dataSource.query(
      `SELECT id::int AS id, level, page_id::int AS page_id, message, created_at FROM wiki_import_logs
       WHERE job_id = $1 ORDER BY id LIMIT $2 OFFSET $3`,
      [jobId, page.limit, page.offset],
    );
    const [{ n }]: { n: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM wiki_import_logs WHERE job_id = $1`,
      [jobId],
    );
    return { rows, total: n };
  }

  async mappings(apiUrl: string, pageIds: number[]): Promise<Map<number, PageMapping>> {
    if (!pageIds.length) return new Map();
    const rows: PageMapping[] = await this.dataSource.query(
      `SELECT page_id::int AS page_id, exercise_id, revision_id::int AS revision_id FROM wiki_import_pages
       WHERE api_url = $1 AND page_id = ANY($2::bigint[])`,
      [apiUrl, pageIds],
    );
    return new Map(rows.map((r) => [r.page_id, r]));
  }

  /**
   * Maps a wiki page to the exercise written for it (in the exercise's transaction); false
   * when the page is mapped to another exercise already.
   */
  async mapPage(
    m: EntityManager,
    apiUrl: string,
    page: { page_id: number; title: string; revision_id: number | null },
    exerciseId: string,
    jobId: string,
  ): Promise<boolean> {
    const rows: unknown[] = await m.query(
      `INSERT INTO wiki_import_pages (api_url, page_id, exercise_id, title, revision_id, job_id)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (api_url, page_id) DO UPDATE SET exercise_id = EXCLUDED.exercise_id,
         title = EXCLUDED.title, revision_id = EXCLUDED.revision_id, job_id = EXCLUDED.job_id,
         imported_at = now()
       WHERE wiki_import_pages.exercise_id IS NULL OR wiki_import_pages.exercise_id = EXCLUDED.exercise_id
       RETURNING page_id`,
      [apiUrl, page.page_id, exerciseId, page.title, page.revision_id, jobId],
    );
    return rows.length === 1;
  }
}
