import { ApiAcceptedResponse } from '@nestjs/swagger';
import { Body, Controller, HttpCode, Injectable, Module, OnModuleInit, Post } from '@nestjs/common';
import { IsString } from 'class-validator';
import { DataSource } from 'typeorm';
import { Public } from '../src/auth';
import { defineQueue, JobsService } from '../src/jobs';
import { cloneTestDatabase, startTestApp, TestApp, TestDatabase, waitFor } from '../src/testing';
import { FIXTURE_RELEASE, fixtureConfig, fixtureModule } from './fixture-app';

const ECHO = defineQueue<{ text: string }>('fixture-echo');

class EchoJobRequest {
  @IsString() text!: string;
}

/** Writes each job's text into a table, so the test sees which process ran it. */
@Injectable()
class EchoJobs implements OnModuleInit {
  constructor(
    private readonly jobs: JobsService,
    private readonly db: DataSource,
  ) {}

  onModuleInit(): void {
    this.jobs.work(ECHO, async (job) => {
      await this.db.query('INSERT INTO echoes (text) VALUES ($1)', [job.data.text]);
    });
  }

  send(text: string): Promise<string | null> {
    return this.db.transaction(async (m) => {
      await m.query('CREATE TABLE IF NOT EXISTS echoes (text text)');
      return this.jobs.send(ECHO, { text }, { manager: m });
    });
  }
}

@Controller('fixture-jobs')
class EchoJobsController {
  constructor(private readonly echo: EchoJobs) {}

  @Post()
  @HttpCode(202)
  @Public()
  @ApiAcceptedResponse({
    schema: { type: 'object', properties: { id: { type: ['string', 'null'] } }, required: ['id'] },
  })
  async send(@Body() body: EchoJobRequest): Promise<{ id: string | null }> {
    return { id: await this.echo.send(body.text) };
  }
}

@Module({ controllers: [EchoJobsController], providers: [EchoJobs] })
class EchoJobsModule {}

const start = (role: 'api' | 'worker' | 'all', database: TestDatabase) =>
  startTestApp({
    release: FIXTURE_RELEASE,
    config: fixtureConfig({ SERVICE_ROLE: role, JOB_POLL_INTERVAL_MS: '200' }),
    createModule: (c, url) => fixtureModule(c, url, [EchoJobsModule]),
    database,
  });

describe('SERVICE_ROLE: api processes enqueue, worker processes run the jobs', () => {
  let database: TestDatabase;
  let api: TestApp;
  let worker: TestApp | undefined;

  beforeAll(async () => {
    database = await cloneTestDatabase();
    api = await start('api', database);
  });
  afterAll(async () => {
    await worker?.close();
    await api.close();
    await database.drop();
  });

  it('an api process enqueues but runs no job, and shows the queue depth in readiness and metrics', async () => {
    const sent = await api.http.post('/api/fixture-jobs').send({ text: 'hello' });
    expect(sent.status).toBe(202);
    const ready = await api.http.get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.jobs).toEqual({
      state: 'running',
      role: 'api',
      runs_workers: false,
      workers: [],
      queues: [
        { name: 'fixture-echo', waiting: 1, delayed: 0, active: 0, failed: 0 },
        { name: 'fixture-echo-dead', waiting: 0, delayed: 0, active: 0, failed: 0 },
      ],
    });
    const metrics = await api.http.get('/api/metrics');
    expect(metrics.text).toContain('job_queue_depth{queue="fixture-echo"} 1');
    expect(await api.db.query('SELECT text FROM echoes')).toEqual([]);
  });

  it('a worker process runs the waiting job and answers only health, metrics and version', async () => {
    // Still unstarted when the worker comes (no process fetched it), the job then runs once there.
    const job = `SELECT state::text, retry_count FROM pgboss.job WHERE name = 'fixture-echo'`;
    expect(await api.db.query(job)).toEqual([{ state: 'created', retry_count: 0 }]);
    expect(await api.db.query('SELECT text FROM echoes')).toEqual([]);
    worker = await start('worker', database);
    await waitFor(async () => (await worker!.db.query(job))[0].state === 'completed', {
      message: 'the worker ran the waiting job',
    });
    expect(await worker.db.query(job)).toEqual([{ state: 'completed', retry_count: 0 }]);
    expect(await worker.db.query('SELECT text FROM echoes')).toEqual([{ text: 'hello' }]);
    const ready = await worker.http.get('/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.jobs).toMatchObject({
      state: 'running',
      role: 'worker',
      runs_workers: true,
      workers: ['fixture-echo'],
    });
    expect((await worker.http.get('/api/health/live')).status).toBe(200);
    expect((await worker.http.get('/api/version')).status).toBe(200);
    expect((await worker.http.get('/api/metrics')).text).toContain('job_runs_total');
    const refused = await worker.http.post('/api/fixture-jobs').send({ text: 'x' });
    expect(refused.status).toBe(404);
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.body).toMatchObject({ code: 'NOT_FOUND' });
    expect(refused.body.detail).toContain('SERVICE_ROLE=worker');
  });

  it('a job enqueued in a transaction that rolls back is never run', async () => {
    const jobs = api.app.get(JobsService);
    await expect(
      api.app.get(DataSource).transaction(async (m) => {
        await jobs.send(ECHO, { text: 'never' }, { manager: m });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    // A job sent after it runs; the rolled back one does not exist to run.
    await api.http.post('/api/fixture-jobs').send({ text: 'after' }).expect(202);
    const rows = await waitFor(
      async () => {
        const r: { text: string }[] = await api.db.query('SELECT text FROM echoes ORDER BY text');
        return r.length >= 2 && r;
      },
      { message: 'the job sent after the rollback ran' },
    );
    expect(rows).toEqual([{ text: 'after' }, { text: 'hello' }]);
  });
});

describe('readiness of a process whose job queue schema is missing', () => {
  it('answers 503 naming the job queue state', async () => {
    const database = await cloneTestDatabase();
    const admin = new DataSource({ type: 'postgres', url: database.url });
    await admin.initialize();
    await admin.query('DROP SCHEMA pgboss CASCADE');
    await admin.destroy();
    const t = await start('all', database);
    try {
      const res = await t.http.get('/api/health/ready');
      expect(res.status).toBe(503);
      expect(res.body.detail).toBe('The job queue is not running (schema_missing).');
      expect(res.body.jobs).toMatchObject({ state: 'schema_missing', queues: [] });
    } finally {
      await t.close();
      await database.drop();
    }
  });
});
