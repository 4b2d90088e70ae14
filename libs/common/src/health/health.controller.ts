import { Controller, DynamicModule, Get, Inject, Module } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiProperty,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { Public } from '../auth/access.decorators';
import { ServiceUnavailableError } from '../errors';

export const CORE_TABLES = Symbol('CORE_TABLES');
const CHECK_TIMEOUT_MS = 2000;

export class ReadinessResponse {
  @ApiProperty({ example: 'ready' }) status!: 'ready';
  @ApiProperty({ example: { connected: true, latency_ms: 1 } })
  database!: { connected: boolean; latency_ms: number };
  @ApiProperty({ example: { present: ['profiles'], missing: [] } })
  core_tables!: { present: string[]; missing: string[] };
  @ApiProperty({ example: { applied: 1, latest: 'Init1760000000000' } })
  migrations!: { applied: number; latest: string | null };
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
    @Inject(CORE_TABLES) private readonly coreTables: string[],
  ) {}

  @Get('live')
  @Public()
  @ApiOkResponse({ schema: { example: { status: 'live', uptime_s: 12.3 } } })
  live(): { status: 'live'; uptime_s: number } {
    return { status: 'live', uptime_s: Math.round(process.uptime() * 10) / 10 };
  }

  @Get('ready')
  @Public()
  @ApiOkResponse({ type: ReadinessResponse })
  @ApiServiceUnavailableResponse({
    description: 'Database unreachable, tables missing or migrations pending',
  })
  async ready(): Promise<ReadinessResponse> {
    const started = Date.now();
    let tables: { name: string; present: boolean }[];
    let migrations: { applied: number; latest: string | null };
    try {
      [tables, migrations] = await withTimeout(
        Promise.all([this.tables(), this.migrations()]),
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
    if (core_tables.missing.length) {
      throw new ServiceUnavailableError(
        `Core tables are missing: ${core_tables.missing.join(', ')}.`,
        {
          extensions: { database, core_tables, migrations },
        },
      );
    }
    return { status: 'ready', database, core_tables, migrations };
  }

  private async tables(): Promise<{ name: string; present: boolean }[]> {
    const rows: { name: string; present: boolean }[] = await this.dataSource.query(
      `SELECT t.name, to_regclass(t.name) IS NOT NULL AS present FROM unnest($1::text[]) AS t(name)`,
      [this.coreTables],
    );
    return rows;
  }

  private async migrations(): Promise<{ applied: number; latest: string | null }> {
    const exists: { present: boolean }[] = await this.dataSource.query(
      `SELECT to_regclass('migrations') IS NOT NULL AS present`,
    );
    if (!exists[0]?.present) return { applied: 0, latest: null };
    const rows: { applied: string; latest: string | null }[] = await this.dataSource.query(
      `SELECT count(*) AS applied, (SELECT name FROM migrations ORDER BY timestamp DESC LIMIT 1) AS latest FROM migrations`,
    );
    return { applied: Number(rows[0].applied), latest: rows[0].latest };
  }
}

@Module({})
export class HealthModule {
  static forRoot(coreTables: string[]): DynamicModule {
    return {
      module: HealthModule,
      controllers: [HealthController],
      providers: [{ provide: CORE_TABLES, useValue: coreTables }],
    };
  }
}
