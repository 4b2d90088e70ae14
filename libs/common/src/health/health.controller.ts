import { Controller, DynamicModule, Get, Inject, Module } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { Public } from '../auth/access.decorators';
import { LoginProtection } from '../auth/login-protection';
import { ServiceUnavailableError } from '../errors';
import { ShutdownState } from '../http/shutdown-state';
import type { QueueState } from '../jobs/job-queue.metrics';
import { JobsService, type JobsState } from '../jobs/jobs.service';

export const CORE_TABLES = Symbol('CORE_TABLES');
/** SERVICE_ROLE of the process, shown in the readiness details. */
export const SERVICE_ROLE = Symbol('SERVICE_ROLE');
const CHECK_TIMEOUT_MS = 2000;

export class MigrationsState {
  @ApiProperty({ example: 1 }) applied!: number;
  @ApiProperty({ example: 'Init1760000000000', nullable: true, type: String })
  latest!: string | null;
  @ApiProperty({
    example: [],
    description: 'Migrations of this release not applied to the database yet',
  })
  pending!: string[];
}

export class LoginProtectionState {
  @ApiProperty({
    enum: ['redis', 'memory'],
    description: 'Where sign-in attempts are counted now',
  })
  store!: 'redis' | 'memory';
  @ApiProperty({ enum: ['not_configured', 'connecting', 'connected', 'unreachable'] })
  redis!: 'not_configured' | 'connecting' | 'connected' | 'unreachable';
  @ApiProperty({
    description:
      'true while REDIS_URL is set but Redis is not usable: limits then hold per replica only (the service stays ready)',
  })
  degraded!: boolean;
}

export class QueueStateResponse {
  @ApiProperty({ example: 'wiki-import' }) name!: string;
  @ApiProperty({ description: 'Jobs ready to run and not started (the scaling metric)' })
  waiting!: number;
  @ApiProperty({ description: 'Jobs waiting for a later start (retry backoff)' })
  delayed!: number;
  @ApiProperty({ description: 'Jobs running on some worker' }) active!: number;
  @ApiProperty({ description: 'Jobs failed for good, not archived yet' }) failed!: number;
}

export class JobQueueReadiness {
  @ApiProperty({
    enum: ['starting', 'running', 'schema_missing', 'schema_outdated', 'unavailable', 'stopped'],
    description: 'The job queue of this process; anything but running makes readiness 503',
  })
  state!: JobsState;
  @ApiProperty({ enum: ['api', 'worker', 'all'] }) role!: string;
  @ApiProperty({
    description: 'Whether this process runs workers, cron schedules and queue maintenance',
  })
  runs_workers!: boolean;
  @ApiProperty({ type: [String], description: 'Queues whose jobs this process runs' })
  workers!: string[];
  @ApiProperty({ type: [QueueStateResponse], description: 'Every queue of the service' })
  queues!: QueueStateResponse[];
}

export class DatabaseReadiness {
  @ApiProperty() connected!: boolean;
  @ApiProperty({ example: 1 }) latency_ms!: number;
}

export class CoreTablesReadiness {
  @ApiProperty({ type: [String], example: ['profiles'] }) present!: string[];
  @ApiProperty({ type: [String], example: [] }) missing!: string[];
}

export class ReadinessResponse {
  @ApiProperty({ example: 'ready' }) status!: 'ready';
  @ApiProperty({ type: DatabaseReadiness })
  database!: DatabaseReadiness;
  @ApiProperty({ type: CoreTablesReadiness })
  core_tables!: CoreTablesReadiness;
  @ApiProperty({ type: MigrationsState })
  migrations!: MigrationsState;
  @ApiProperty({ type: LoginProtectionState })
  login_protection!: LoginProtectionState;
  @ApiProperty({ type: JobQueueReadiness })
  jobs!: JobQueueReadiness;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e: unknown) => (clearTimeout(timer), reject(e)),
    );
  });
}

@ApiTags('meta')
@Controller('health')
export class HealthController {
  constructor(
    private readonly dataSource: DataSource,
    private readonly shutdown: ShutdownState,
    private readonly loginProtection: LoginProtection,
    private readonly jobs: JobsService,
    @Inject(SERVICE_ROLE) private readonly role: string,
    @Inject(CORE_TABLES) private readonly coreTables: string[],
  ) {}

  @ApiOperation({ operationId: 'getLiveness', summary: 'Check that the process is alive' })
  @Get('live')
  @Public()
  @ApiOkResponse({ schema: { example: { status: 'live', uptime_s: 12.3 } } })
  live(): { status: 'live'; uptime_s: number } {
    return { status: 'live', uptime_s: Math.round(process.uptime() * 10) / 10 };
  }

  @ApiOperation({
    operationId: 'getReadiness',
    summary: 'Check that the service can serve (database, tables, migrations, job queue)',
  })
  @Get('ready')
  @Public()
  @ApiOkResponse({ type: ReadinessResponse })
  @ApiServiceUnavailableResponse({
    description:
      'SERVICE_UNAVAILABLE (problem+json, Retry-After): shutting down, database unreachable, core tables missing, migrations pending (named in `migrations.pending`) or the job queue not running (`jobs.state`)',
  })
  async ready(): Promise<ReadinessResponse> {
    if (this.shutdown.draining)
      throw new ServiceUnavailableError('The service is shutting down.', {
        extensions: { shutting_down: true },
      });
    const started = Date.now();
    let tables: { name: string; present: boolean }[];
    let migrations: MigrationsState;
    let queues: QueueState[];
    try {
      [tables, migrations, queues] = await withTimeout(
        Promise.all([this.tables(), this.migrations(), this.queues()]),
        CHECK_TIMEOUT_MS,
      );
    } catch {
      throw new ServiceUnavailableError('The database is not reachable.', {
        extensions: { database: { connected: false } },
      });
    }
    const core_tables = {
      present: tables.filter((t) => t.present).map((t) => t.name),
      missing: tables.filter((t) => !t.present).map((t) => t.name),
    };
    const database = { connected: true, latency_ms: Date.now() - started };
    const jobs = { ...this.jobs.status(), role: this.role, queues };
    const problems = [
      ...(core_tables.missing.length
        ? [`core tables are missing: ${core_tables.missing.join(', ')}`]
        : []),
      ...(migrations.pending.length
        ? [`migrations are not applied: ${migrations.pending.join(', ')}`]
        : []),
      ...(jobs.state !== 'running' ? [`the job queue is not running (${jobs.state})`] : []),
    ];
    if (problems.length) {
      const detail = problems.join('; ');
      throw new ServiceUnavailableError(`${detail[0].toUpperCase()}${detail.slice(1)}.`, {
        extensions: { database, core_tables, migrations, jobs },
      });
    }
    return {
      status: 'ready',
      database,
      core_tables,
      migrations,
      login_protection: this.loginProtection.status(),
      jobs,
    };
  }

  private async tables(): Promise<{ name: string; present: boolean }[]> {
    const rows: { name: string; present: boolean }[] = await this.dataSource.query(
      `SELECT t.name, to_regclass(t.name) IS NOT NULL AS present FROM unnest($1::text[]) AS t(name)`,
      [this.coreTables],
    );
    return rows;
  }

  /** Jobs per queue; none while the job queue is not running (its state says why). */
  private queues(): Promise<QueueState[]> {
    return this.jobs.status().state === 'running' ? this.jobs.queueStates() : Promise.resolve([]);
  }

  /** Compares the migrations this release carries with those recorded in the database. */
  private async migrations(): Promise<MigrationsState> {
    const known = this.dataSource.migrations.map((m) => m.name ?? m.constructor.name);
    const exists: { present: boolean }[] = await this.dataSource.query(
      `SELECT to_regclass('migrations') IS NOT NULL AS present`,
    );
    if (!exists[0]?.present) return { applied: 0, latest: null, pending: known };
    const rows: { name: string }[] = await this.dataSource.query(
      `SELECT name FROM migrations ORDER BY timestamp`,
    );
    const applied = new Set(rows.map((r) => r.name));
    return {
      applied: rows.length,
      latest: rows.at(-1)?.name ?? null,
      pending: known.filter((name) => !applied.has(name)),
    };
  }
}

@Module({})
export class HealthModule {
  static forRoot(coreTables: string[], role: string): DynamicModule {
    return {
      module: HealthModule,
      controllers: [HealthController],
      providers: [
        { provide: CORE_TABLES, useValue: coreTables },
        { provide: SERVICE_ROLE, useValue: role },
      ],
    };
  }
}
