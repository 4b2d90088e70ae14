import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';

export interface JobRow {
  id: string;
  created_by_profile_id: string | null;
  api_url: string;
  params: Record<string, unknown>;
  status: 'queued' | 'running' | 'completed' | 'failed';
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

export type JobCounter = 'created_count' | 'updated_count' | 'unchanged_count' | 'failed_count';

/** The only queries on wiki_import_jobs, wiki_import_logs and wiki_import_pages. */
@Injectable()
export class ImportWikiRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async activeJob(apiUrl: string): Promise<string | null> {
    const rows = await this.dataSource.query(
      `SELECT id FROM wiki_import_jobs WHERE api_url = $1 AND status IN ('queued', 'running') LIMIT 1`,
      [apiUrl],
    );
    return rows[0]?.id ?? null;
  }

  async createJob(
    apiUrl: string,
    params: Record<string, unknown>,
    profileId: string,
  ): Promise<string> {
    const [{ id }] = await this.dataSource.query(
      `INSERT INTO wiki_import_jobs (api_url, params, created_by_profile_id) VALUES ($1, $2, $3) RETURNING id`,
      [apiUrl, JSON.stringify(params), profileId],
    );
    return id;
  }

  async findJob(id: string): Promise<JobRow | null> {
    const rows = await this.dataSource.query(`SELECT * FROM wiki_import_jobs WHERE id = $1`, [id]);
    return rows[0] ?? null;
  }

  async setStatus(
    id: string,
    status: JobRow['status'],
    error: string | null = null,
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE wiki_import_jobs SET status = $2, error = $3,
         started_at = CASE WHEN $2 = 'running' THEN now() ELSE started_at END,
         finished_at = CASE WHEN $2 IN ('completed', 'failed') THEN now() ELSE finished_at END
       WHERE id = $1`,
      [id, status, error],
    );
  }

  async setTotal(id: string, total: number): Promise<void> {
    await this.dataSource.query(`UPDATE wiki_import_jobs SET pages_total = $2 WHERE id = $1`, [
      id,
      total,
    ]);
  }

  async bump(id: string, counter: JobCounter): Promise<void> {
    await this.dataSource.query(
      `UPDATE wiki_import_jobs SET ${counter} = ${counter} + 1 WHERE id = $1`,
      [id],
    );
  }

  async log(
    jobId: string,
    level: 'info' | 'warn' | 'error',
    message: string,
    pageId: number | null = null,
  ): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO wiki_import_logs (job_id, level, page_id, message) VALUES ($1, $2, $3, $4)`,
      [jobId, level, pageId, message.slice(0, 2000)],
    );
  }

  async logs(jobId: string, page: { limit: number; offset: number }) {
    const rows = await this.dataSource.query(
      `SELECT id::int AS id, level, page_id::int AS page_id, message, created_at FROM wiki_import_logs
       WHERE job_id = $1 ORDER BY id LIMIT $2 OFFSET $3`,
      [jobId, page.limit, page.offset],
    );
    const [{ n }] = await this.dataSource.query(
      `SELECT count(*)::int AS n FROM wiki_import_logs WHERE job_id = $1`,
      [jobId],
    );
    return { rows, total: n as number };
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

  /** Claims a page for creation; false when another row already holds an exercise for it. */
  async claim(apiUrl: string, pageId: number, title: string, jobId: string): Promise<boolean> {
    const rows = await this.dataSource.query(
      `INSERT INTO wiki_import_pages (api_url, page_id, title, job_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (api_url, page_id) DO UPDATE SET job_id = EXCLUDED.job_id
         WHERE wiki_import_pages.exercise_id IS NULL
       RETURNING page_id`,
      [apiUrl, pageId, title, jobId],
    );
    return rows.length > 0;
  }

  async release(apiUrl: string, pageId: number): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM wiki_import_pages WHERE api_url = $1 AND page_id = $2 AND exercise_id IS NULL`,
      [apiUrl, pageId],
    );
  }

  async recordImport(
    apiUrl: string,
    pageId: number,
    exerciseId: string,
    title: string,
    revisionId: number | null,
    jobId: string,
  ): Promise<void> {
    await this.dataSource.query(
      `UPDATE wiki_import_pages SET exercise_id = $3, title = $4, revision_id = $5, job_id = $6, imported_at = now()
       WHERE api_url = $1 AND page_id = $2`,
      [apiUrl, pageId, exerciseId, title, revisionId, jobId],
    );
  }
}
