import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  ConflictError,
  JobsService,
  mapUniqueViolations,
  NotFoundError,
  pageOf,
  SERVICE_CONFIG,
  ValidationFailedError,
} from '@sports/common';
import { DataSource } from 'typeorm';
import type { TrainingConfig } from '../../config';
import type { TenantContext } from '../tenant-context/tenant-context';
import type {
  DiscoverRequest,
  DiscoverResponse,
  ExecuteRequest,
  JobListQuery,
  JobListResponse,
  JobResponse,
  WikiImportParams,
  LogListResponse,
  LogQuery,
  PagesRequest,
  PreviewItem,
  PreviewResponse,
} from './dto/import-wiki.dto';
import { IMPORT_WIKI_CONFLICTS, wikiImportRunning } from './import-wiki.constraints';
import { ACTIVE_STATUSES, ImportWikiRepository, JobRow } from './import-wiki.repository';
import { allowedWikiHosts, checkWikiUrl, WikiClient } from './wiki-client';
import { WIKI_IMPORT_QUEUE } from './wiki-import.worker';
import { mapPage } from './wiki-page-mapping';

/**
 * One-way import of exercises from a MediaWiki site (action=query API): discover the pages of a
 * category, preview the mapping without writing, execute as a job of the job queue (run by
 * `WikiImportWorker` on a worker process), list, status, logs and cancel. Idempotent by source
 * page id: wiki_import_pages maps (api_url, page_id) to the exercise; a page already imported
 * is updated only when its revision changed.
 */
@Injectable()
export class ImportWikiService {
  private readonly allowed: Set<string>;

  constructor(
    private readonly repo: ImportWikiRepository,
    private readonly client: WikiClient,
    private readonly jobs: JobsService,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) config: TrainingConfig,
  ) {
    this.allowed = allowedWikiHosts(config.WIKI_ALLOWED_HOSTS);
  }

  async discover(body: DiscoverRequest): Promise<DiscoverResponse> {
    const api = checkWikiUrl(body.api_url, this.allowed);
    const pages = await this.client.categoryMembers(api, body.category, body.limit ?? 500);
    return { category: body.category, pages };
  }

  async preview(body: PagesRequest): Promise<PreviewResponse> {
    const api = checkWikiUrl(body.api_url, this.allowed);
    const pages = await this.client.pages(api, await this.pageIds(api, body));
    const mapped = await this.repo.mappings(
      api.toString(),
      pages.map((p) => p.page_id),
    );
    const items: PreviewItem[] = pages.map((p) => {
      const m = mapped.get(p.page_id);
      return {
        page_id: p.page_id,
        title: p.title,
        revision_id: p.revision_id,
        action: !m?.exercise_id
          ? 'create'
          : m.revision_id === p.revision_id
            ? 'unchanged'
            : 'update',
        exercise_id: m?.exercise_id ?? null,
        exercise: mapPage(p),
      };
    });
    return { items };
  }

  /**
   * Queues the import: its row and its job are written in one transaction, so a job exists
   * only for a committed import; a second import of a wiki with one queued or running is
   * refused by the partial unique index (409 WIKI_IMPORT_RUNNING).
   */
  async execute(ctx: TenantContext, body: ExecuteRequest): Promise<JobResponse> {
    const api = checkWikiUrl(body.api_url, this.allowed);
    if (body.club_id && body.visibility !== 'club') {
      throw new ValidationFailedError('club_id goes with visibility club.', [
        { path: 'club_id', message: 'only with visibility club' },
      ]);
    }
    this.pagesGiven(body);
    const apiUrl = api.toString();
    const params = {
      category: body.category ?? null,
      page_ids: body.page_ids ?? null,
      limit: body.limit ?? 500,
      visibility: body.visibility ?? 'private',
      club_id: body.club_id ?? null,
    };
    const id = await mapUniqueViolations(IMPORT_WIKI_CONFLICTS, () =>
      this.dataSource.transaction(async (m) => {
        const jobId = await this.repo.createJob(m, apiUrl, params, ctx.profile_id);
        const sent = await this.jobs.send(
          WIKI_IMPORT_QUEUE,
          {
            import_id: jobId,
            profile_id: ctx.profile_id,
            role: ctx.role,
            club_id: ctx.effective_club_id,
          },
          { manager: m, id: jobId, singletonKey: apiUrl },
        );
        if (!sent) throw wikiImportRunning();
        return jobId;
      }),
    );
    return this.status(id);
  }

  async list(query: JobListQuery): Promise<JobListResponse> {
    const page = pageOf(query);
    const { rows, total } = await this.repo.listJobs(page, query.status);
    return { items: rows.map(toJob), total, ...page };
  }

  async status(jobId: string): Promise<JobResponse> {
    const job = await this.repo.findJob(jobId);
    if (!job) throw new NotFoundError('Wiki import job', jobId);
    return toJob(job);
  }

  /**
   * Cancels a queued or running import: the row and the queue's job are cancelled in one
   * transaction; a running import stops before its next page (pages done stay imported).
   */
  async cancel(ctx: TenantContext, jobId: string): Promise<JobResponse> {
    await this.dataSource.transaction(async (m) => {
      const job = await this.repo.findJob(jobId, m, true);
      if (!job) throw new NotFoundError('Wiki import job', jobId);
      if (!ACTIVE_STATUSES.includes(job.status))
        throw new ConflictError(`The import has ended (${job.status}).`, 'WIKI_IMPORT_ENDED');
      await this.repo.finish(jobId, 'cancelled', null, m);
      await this.repo.log(jobId, 'warn', `cancelled by profile ${ctx.profile_id}`, null, m);
      await this.jobs.cancel(WIKI_IMPORT_QUEUE, jobId, m);
    });
    return this.status(jobId);
  }

  async logs(jobId: string, query: LogQuery): Promise<LogListResponse> {
    if (!(await this.repo.findJob(jobId))) throw new NotFoundError('Wiki import job', jobId);
    const page = pageOf(query);
    const { rows, total } = await this.repo.logs(jobId, page);
    return {
      items: rows.map((r) => ({ ...r, created_at: new Date(r.created_at).toISOString() })),
      total,
      ...page,
    };
  }

  private pagesGiven(body: PagesRequest): void {
    if (!body.category && !body.page_ids) {
      throw new ValidationFailedError('Name a category or page_ids.', [
        { path: 'category', message: 'category or page_ids is required' },
      ]);
    }
  }

  private async pageIds(api: URL, body: PagesRequest): Promise<number[]> {
    this.pagesGiven(body);
    if (body.page_ids) return body.page_ids;
    return (await this.client.categoryMembers(api, body.category!, body.limit ?? 500)).map(
      (p) => p.page_id,
    );
  }
}

function toJob(j: JobRow): JobResponse {
  const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);
  return {
    id: j.id,
    api_url: j.api_url,
    status: j.status,
    // Written by execute() in this shape (the JSON column is typed loosely).
    params: j.params as unknown as WikiImportParams,
    attempts: j.attempts,
    pages_total: j.pages_total,
    pages_done: j.created_count + j.updated_count + j.unchanged_count + j.failed_count,
    created_count: j.created_count,
    updated_count: j.updated_count,
    unchanged_count: j.unchanged_count,
    failed_count: j.failed_count,
    error: j.error,
    created_at: new Date(j.created_at).toISOString(),
    started_at: iso(j.started_at),
    finished_at: iso(j.finished_at),
  };
}
