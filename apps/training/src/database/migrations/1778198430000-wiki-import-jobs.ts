import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Wiki imports run as jobs of the job queue (queue `wiki-import`): a job can be cancelled, at
 * most one import per wiki is queued or running (a partial unique index), and each page's
 * outcome is recorded with the exercise it wrote, so a job picked up again after its worker
 * died continues after the pages already done. Imports left queued or running by the former
 * in-process runner never ran to an end: they are closed as failed.
 */
export class WikiImportJobs1778198430000 implements MigrationInterface {
  name = 'WikiImportJobs1778198430000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE wiki_import_jobs SET status = 'failed', finished_at = now(),
        error = 'interrupted by a restart (imports ran in the web process then)'
      WHERE status IN ('queued', 'running')`);
    await q.query(`
      ALTER TABLE wiki_import_jobs
        DROP CONSTRAINT wiki_import_jobs_status_check,
        ADD CONSTRAINT wiki_import_jobs_status_check
          CHECK (status IN ('queued', 'running', 'completed', 'failed', 'cancelled')),
        ADD COLUMN attempts int NOT NULL DEFAULT 0 CHECK (attempts >= 0)`);
    await q.query(`
      CREATE UNIQUE INDEX wiki_import_jobs_one_active ON wiki_import_jobs (api_url)
        WHERE status IN ('queued', 'running')`);
    await q.query(
      `CREATE INDEX wiki_import_jobs_created_idx ON wiki_import_jobs (created_at DESC, id)`,
    );
    await q.query(`
      CREATE TABLE wiki_import_job_pages (
        job_id uuid NOT NULL REFERENCES wiki_import_jobs(id) ON DELETE CASCADE,
        page_id bigint NOT NULL,
        outcome text NOT NULL CHECK (outcome IN ('created', 'updated', 'unchanged', 'failed')),
        exercise_id uuid REFERENCES exercises(id) ON DELETE SET NULL,
        processed_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (job_id, page_id)
      )`);
    await q.query(
      `CREATE INDEX wiki_import_job_pages_exercise_idx ON wiki_import_job_pages (exercise_id)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE wiki_import_job_pages`);
    await q.query(`DROP INDEX wiki_import_jobs_created_idx`);
    await q.query(`DROP INDEX wiki_import_jobs_one_active`);
    await q.query(`UPDATE wiki_import_jobs SET status = 'failed' WHERE status = 'cancelled'`);
    await q.query(`
      ALTER TABLE wiki_import_jobs
        DROP COLUMN attempts,
        DROP CONSTRAINT wiki_import_jobs_status_check,
        ADD CONSTRAINT wiki_import_jobs_status_check
          CHECK (status IN ('queued', 'running', 'completed', 'failed'))`);
  }
}
