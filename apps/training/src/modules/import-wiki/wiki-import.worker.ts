import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import {
  ConflictError,
  defineQueue,
  isDatabaseUnavailable,
  JobContext,
  JobInterruptedError,
  JobsService,
  SERVICE_CONFIG,
  throwIfInterrupted,
} from '@sports/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { TrainingConfig } from '../../config';
import type { CreateExerciseRequest } from '../exercises/dto/exercise.dto';
import { ExercisesService, WithinWrite } from '../exercises/exercises.service';
import type { TenantContext } from '../tenant-context/tenant-context';
import { TenantContextService } from '../tenant-context/tenant-context.service';
import type { ExecuteRequest } from './dto/import-wiki.dto';
import { ImportWikiRepository, PageMapping } from './import-wiki.repository';
import { allowedWikiHosts, checkWikiUrl, WikiClient, WikiPage } from './wiki-client';
import { mapPage } from './wiki-page-mapping';

/** What a wiki import job carries: the import row, and who started it in which club. */
export interface WikiImportPayload {
  import_id: string;
  profile_id: string;
  role: string;
  club_id: string | null;
}

/**
 * Wiki imports: one running import per wiki (`singleton`, keyed by the API URL; the partial
 * unique index on wiki_import_jobs keeps a second one from being queued at all). A failed
 * attempt (the wiki unreachable, the worker killed) is retried after 5 s, 10 s, 20 s.
 */
export const WIKI_IMPORT_QUEUE = defineQueue<WikiImportPayload>('wiki-import', {
  policy: 'singleton',
  retryLimit: 3,
  retryDelaySeconds: 5,
});

/** Pages fetched and written per round (the MediaWiki API's limit of page ids per query). */
const BATCH = 50;

/**
 * Runs wiki import jobs. Each page is written in one transaction with its mapping
 * (wiki_import_pages) and its outcome (wiki_import_job_pages), so an attempt that picks up
 * the job after its worker died continues with the pages that have no outcome yet and never
 * imports a page twice. Exercises are written through the exercises module's service (its
 * visibility rules and sanitizer apply), on behalf of the caller who started the import.
 */
@Injectable()
export class WikiImportWorker implements OnModuleInit {
  private readonly logger = new Logger('ImportWiki');
  private readonly allowed: Set<string>;

  constructor(
    private readonly repo: ImportWikiRepository,
    private readonly client: WikiClient,
    private readonly exercises: ExercisesService,
    private readonly tenants: TenantContextService,
    private readonly jobs: JobsService,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(SERVICE_CONFIG) config: TrainingConfig,
  ) {
    this.allowed = allowedWikiHosts(config.WIKI_ALLOWED_HOSTS);
  }

  onModuleInit(): void {
    this.jobs.work(WIKI_IMPORT_QUEUE, (job) => this.run(job), {
      deadLetter: (job) => this.givenUp(job),
    });
  }

  private async run(job: JobContext<WikiImportPayload>): Promise<void> {
    const id = job.data.import_id;
    const row = await this.repo.findJob(id);
    if (!row || !(await this.repo.start(id, job.attempt))) return; // ended (cancelled) meanwhile
    if (job.attempt > 1)
      await this.repo.log(id, 'warn', `attempt ${job.attempt} of ${job.attempts}: continuing`);
    try {
      await this.importPages(job, row.api_url, row.params as unknown as ExecuteRequest);
      if (await this.repo.finish(id, 'completed'))
        await this.repo.log(id, 'info', 'import completed');
    } catch (e) {
      if (e instanceof JobInterruptedError) throw e;
      const message = (e as Error).message;
      this.logger.warn(`wiki import ${id}, attempt ${job.attempt}: ${message}`);
      if (job.attempt >= job.attempts) {
        await this.repo.finish(id, 'failed', message.slice(0, 2000)).catch(() => undefined);
        await this.repo.log(id, 'error', message).catch(() => undefined);
      } else {
        await this.repo
          .log(id, 'warn', `attempt ${job.attempt} failed, retrying: ${message}`)
          .catch(() => undefined);
      }
      throw e;
    }
  }

  /** The last attempt ended without a word (its worker died): the import is failed. */
  private async givenUp(job: JobContext<WikiImportPayload>): Promise<void> {
    const id = job.data.import_id;
    const error = 'the import was interrupted on every attempt';
    if (await this.repo.finish(id, 'failed', error)) await this.repo.log(id, 'error', error);
  }

  private async importPages(
    job: JobContext<WikiImportPayload>,
    apiUrl: string,
    params: ExecuteRequest,
  ): Promise<void> {
    const id = job.data.import_id;
    const api = checkWikiUrl(apiUrl, this.allowed);
    const ctx = await this.tenants.resolve(
      job.data.profile_id,
      job.data.role,
      job.data.club_id ?? undefined,
      true,
    );
    const ids = params.page_ids?.length
      ? params.page_ids
      : (await this.client.categoryMembers(api, params.category!, params.limit ?? 500)).map(
          (p) => p.page_id,
        );
    await this.repo.setTotal(id, ids.length);
    const done = await this.repo.processedPages(id);
    const todo = ids.filter((p) => !done.has(p));
    if (job.attempt === 1 || done.size === 0)
      await this.repo.log(id, 'info', `${ids.length} pages to import from ${apiUrl}`);
    else await this.repo.log(id, 'info', `${done.size} pages done before, ${todo.length} to go`);
    for (let i = 0; i < todo.length; i += BATCH) {
      const batch = todo.slice(i, i + BATCH);
      const pages = await this.client.pages(api, batch);
      const found = new Set(pages.map((p) => p.page_id));
      const mapped = await this.repo.mappings(apiUrl, batch);
      for (const page of pages) {
        await this.checkActive(job);
        await this.importPage(ctx, id, apiUrl, params, page, mapped.get(page.page_id));
      }
      for (const missing of batch.filter((p) => !found.has(p)))
        await this.pageFailed(id, missing, 'the page does not exist in the wiki');
    }
  }

  /** Stops at the next page once the import was cancelled or the job interrupted. */
  private async checkActive(job: JobContext<WikiImportPayload>): Promise<void> {
    throwIfInterrupted(job.signal);
    if (!(await this.repo.isActive(job.data.import_id))) throw new JobInterruptedError('cancelled');
  }

  private async importPage(
    ctx: TenantContext,
    jobId: string,
    apiUrl: string,
    params: ExecuteRequest,
    page: WikiPage,
    known: PageMapping | undefined,
  ): Promise<void> {
    const values = mapPage(page);
    const record =
      (outcome: 'created' | 'updated'): WithinWrite =>
      async (m, exerciseId) => {
        if (!(await this.repo.mapPage(m, apiUrl, page, exerciseId, jobId)))
          throw new ConflictError(
            'The page was imported as another exercise meanwhile.',
            'WIKI_PAGE_ALREADY_IMPORTED',
          );
        await this.repo.recordPage(m, jobId, page.page_id, outcome, exerciseId);
        await this.repo.log(jobId, 'info', `${outcome} "${page.title}"`, page.page_id, m);
      };
    try {
      if (known?.exercise_id && known.revision_id === page.revision_id) {
        const exerciseId = known.exercise_id;
        await this.dataSource.transaction((m) =>
          this.repo.recordPage(m, jobId, page.page_id, 'unchanged', exerciseId),
        );
      } else if (known?.exercise_id) {
        await this.exercises.update(ctx, known.exercise_id, values, record('updated'));
      } else {
        await this.exercises.create(
          ctx,
          {
            ...values,
            visibility: params.visibility ?? 'private',
            ...(params.club_id ? { club_id: params.club_id } : {}),
          } as CreateExerciseRequest,
          record('created'),
        );
      }
    } catch (e) {
      // An outage fails the attempt (retried later), not the page.
      if (e instanceof JobInterruptedError || isDatabaseUnavailable(e)) throw e;
      await this.pageFailed(jobId, page.page_id, `"${page.title}": ${(e as Error).message}`);
    }
  }

  private async pageFailed(jobId: string, pageId: number, message: string): Promise<void> {
    await this.dataSource.transaction(async (m) => {
      await this.repo.recordPage(m, jobId, pageId, 'failed', null);
      await this.repo.log(jobId, 'error', message, pageId, m);
    });
  }
}
