import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ConflictError,
  NotFoundError,
  pageOf,
  SERVICE_CONFIG,
  ValidationFailedError,
} from '@sports/common';
import type { TrainingConfig } from '../../config';
import type { CreateExerciseRequest } from '../exercises/dto/exercise.dto';
import { ExercisesService } from '../exercises/exercises.service';
import type { TenantContext } from '../tenant-context/tenant-context';
import type {
  DiscoverRequest,
  DiscoverResponse,
  ExecuteRequest,
  JobResponse,
  LogListResponse,
  LogQuery,
  PagesRequest,
  PreviewItem,
  PreviewResponse,
} from './dto/import-wiki.dto';
import { ImportWikiRepository, JobRow } from './import-wiki.repository';
import { allowedWikiHosts, checkWikiUrl, WikiClient, WikiPage } from './wiki-client';
import { wikitextToRichText } from './wikitext';

/** How a wiki page becomes an exercise: the title, and the wikitext as sanitized rich text. */
export function mapPage(page: WikiPage): { title: string; description: string } {
  const title = page.title.replace(/\s+/g, ' ').trim().slice(0, 300) || `Wiki page ${page.page_id}`;
  return { title, description: wikitextToRichText(page.content) };
}

/**
 * One-way import of exercises from a MediaWiki site (action=query API): discover the pages of a
 * category, preview the mapping without writing, execute as a background job. Idempotent by
 * source page id: wiki_import_pages maps (api_url, page_id) to the exercise; a page already
 * imported is updated only when its revision changed. Exercises are written through the
 * exercises module's service (its visibility rules and rich-text sanitizer apply), on behalf
 * of the caller who started the job.
 */
@Injectable()
export class ImportWikiService {
  private readonly logger = new Logger('ImportWiki');
  private readonly allowed: Set<string>;
  /** Jobs running in this process (awaited by tests through `idle`). */
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly repo: ImportWikiRepository,
    private readonly client: WikiClient,
    private readonly exercises: ExercisesService,
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

  async execute(ctx: TenantContext, body: ExecuteRequest): Promise<JobResponse> {
    const api = checkWikiUrl(body.api_url, this.allowed);
    if (body.club_id && body.visibility !== 'club') {
      throw new ValidationFailedError('club_id goes with visibility club.', [
        { path: 'club_id', message: 'only with visibility club' },
      ]);
    }
    this.pagesGiven(body);
    const apiUrl = api.toString();
    if (await this.repo.activeJob(apiUrl)) {
      throw new ConflictError(
        'An import from this wiki is already running.',
        'WIKI_IMPORT_RUNNING',
      );
    }
    const params = {
      category: body.category ?? null,
      page_ids: body.page_ids ?? null,
      limit: body.limit ?? 500,
      visibility: body.visibility ?? 'private',
      club_id: body.club_id ?? null,
    };
    const jobId = await this.repo.createJob(apiUrl, params, ctx.profile_id);
    const run = this.run(ctx, jobId, api, body).finally(() => this.running.delete(run));
    this.running.add(run);
    return this.status(jobId);
  }

  async status(jobId: string): Promise<JobResponse> {
    const job = await this.repo.findJob(jobId);
    if (!job) throw new NotFoundError('Wiki import job', jobId);
    return toJob(job);
  }

  async logs(jobId: string, query: LogQuery): Promise<LogListResponse> {
    if (!(await this.repo.findJob(jobId))) throw new NotFoundError('Wiki import job', jobId);
    const page = pageOf(query);
    const { rows, total } = await this.repo.logs(jobId, page);
    return {
      items: rows.map((r: { created_at: Date }) => ({
        ...r,
        created_at: new Date(r.created_at).toISOString(),
      })),
      total,
      ...page,
    };
  }

  /** Resolves when every job started by this process has ended. */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
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

  private async run(
    ctx: TenantContext,
    jobId: string,
    api: URL,
    body: ExecuteRequest,
  ): Promise<void> {
    const apiUrl = api.toString();
    try {
      await this.repo.setStatus(jobId, 'running');
      const pages = await this.client.pages(api, await this.pageIds(api, body));
      await this.repo.setTotal(jobId, pages.length);
      await this.repo.log(jobId, 'info', `${pages.length} pages to import from ${apiUrl}`);
      const mapped = await this.repo.mappings(
        apiUrl,
        pages.map((p) => p.page_id),
      );
      for (const page of pages) {
        const values = mapPage(page);
        const known = mapped.get(page.page_id);
        try {
          if (known?.exercise_id) {
            if (known.revision_id === page.revision_id) {
              await this.repo.bump(jobId, 'unchanged_count');
              continue;
            }
            await this.exercises.update(ctx, known.exercise_id, values);
            await this.repo.recordImport(
              apiUrl,
              page.page_id,
              known.exercise_id,
              page.title,
              page.revision_id,
              jobId,
            );
            await this.repo.bump(jobId, 'updated_count');
            await this.repo.log(jobId, 'info', `updated "${page.title}"`, page.page_id);
            continue;
          }
          if (!(await this.repo.claim(apiUrl, page.page_id, page.title, jobId))) {
            await this.repo.bump(jobId, 'unchanged_count');
            continue;
          }
          try {
            const created = await this.exercises.create(ctx, {
              ...values,
              visibility: body.visibility ?? 'private',
              ...(body.club_id ? { club_id: body.club_id } : {}),
            } as CreateExerciseRequest);
            await this.repo.recordImport(
              apiUrl,
              page.page_id,
              created.id,
              page.title,
              page.revision_id,
              jobId,
            );
          } catch (e) {
            await this.repo.release(apiUrl, page.page_id);
            throw e;
          }
          await this.repo.bump(jobId, 'created_count');
          await this.repo.log(jobId, 'info', `created "${page.title}"`, page.page_id);
        } catch (e) {
          await this.repo.bump(jobId, 'failed_count');
          await this.repo.log(
            jobId,
            'error',
            `"${page.title}": ${(e as Error).message}`,
            page.page_id,
          );
        }
      }
      await this.repo.setStatus(jobId, 'completed');
      await this.repo.log(jobId, 'info', 'import completed');
    } catch (e) {
      this.logger.warn(`wiki import ${jobId} failed: ${(e as Error).message}`);
      await this.repo
        .setStatus(jobId, 'failed', (e as Error).message.slice(0, 2000))
        .catch(() => undefined);
      await this.repo.log(jobId, 'error', (e as Error).message).catch(() => undefined);
    }
  }
}

function toJob(j: JobRow): JobResponse {
  const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);
  return {
    id: j.id,
    api_url: j.api_url,
    status: j.status,
    params: j.params,
    pages_total: j.pages_total,
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
