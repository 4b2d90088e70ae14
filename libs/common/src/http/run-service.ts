import { DynamicModule, Logger as NestLogger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { MixedList } from 'typeorm';
import type { CommonEnv } from '../config/common-env';
import { ConfigError } from '../config/load-config';
import { runMigrations } from '../database/migrate';
import { prepareDatabase, PreparedDatabase } from '../database/prepare-database';
import { JobsService } from '../jobs/jobs.service';
import type { ReleaseInfo } from '../versioning/release';
import { configureApp } from './configure-app';
import { HttpDrain } from './http-drain';
import { ShutdownState } from './shutdown-state';

export interface RunServiceOptions<C extends CommonEnv> {
  release: ReleaseInfo;
  description: string;
  loadConfig: () => C;
  migrations: MixedList<string | (new () => unknown)>;
  createModule: (config: C, databaseUrl: string) => DynamicModule;
}

/** Time for closing the application and the embedded database after the drain deadline. */
const CLOSE_MS = 10_000;

/**
 * main.ts of both services: config, database, migrations, then the HTTP server; on SIGTERM or
 * SIGINT a graceful shutdown (see `stop`). A failed start ends the process with a one-line
 * reason instead of a stack trace.
 */
export function runService<C extends CommonEnv>(options: RunServiceOptions<C>): void {
  let config: C;
  try {
    config = options.loadConfig();
  } catch (error) {
    const reason =
      error instanceof ConfigError
        ? error.message
        : `failed to start: ${error instanceof Error ? error.message : String(error)}`;
    process.stderr.write(`${options.release.service}: ${reason}\n`);
    process.exit(1);
  }
  const service = new ServiceProcess(options, config);
  process.on('SIGTERM', () => void service.stop('SIGTERM'));
  process.on('SIGINT', () => void service.stop('SIGINT'));
  void service.start();
}

class ServiceProcess<C extends CommonEnv> {
  private readonly log: NestLogger;
  private database?: PreparedDatabase;
  private app?: NestExpressApplication;
  private drain?: HttpDrain;
  private starting?: Promise<void>;
  private stopping = false;

  constructor(
    private readonly options: RunServiceOptions<C>,
    private readonly config: C,
  ) {
    this.log = new NestLogger(options.release.service);
  }

  start(): Promise<void> {
    this.starting = this.startServer().catch(async (error: unknown) => {
      // Do not leave an embedded server behind when the start fails half-way.
      await this.app?.close().catch(() => undefined);
      await this.database?.stop().catch(() => undefined);
      const reason = error instanceof Error ? error.message : String(error);
      process.stderr.write(`${this.options.release.service}: failed to start: ${reason}\n`);
      process.exit(1);
    });
    return this.starting;
  }

  private async startServer(): Promise<void> {
    const { release } = this.options;
    const started = Date.now();
    this.database = await prepareDatabase(this.config, release.service, (line) =>
      this.log.warn(line),
    );
    if (this.stopping) return;
    if (this.config.MIGRATIONS_RUN) {
      const applied = await runMigrations({
        url: this.database.url,
        migrations: this.options.migrations,
      });
      if (applied.length) this.log.log(`Applied migrations: ${applied.join(', ')}`);
    }
    if (this.stopping) return;
    this.app = await NestFactory.create<NestExpressApplication>(
      this.options.createModule(this.config, this.database.url),
      { bufferLogs: true, bodyParser: false },
    );
    configureApp(this.app, {
      release,
      config: this.config,
      description: this.options.description,
    });
    this.drain = new HttpDrain(this.app.getHttpServer());
    if (this.stopping) return;
    await this.app.listen(this.config.PORT, this.config.HOST);
    this.log.log(
      `${release.service} ${release.app_version} listening on http://${this.config.HOST}:${this.config.PORT}/api ` +
        `(database ${this.database.embedded ? 'embedded' : 'external'}, ready in ${Date.now() - started} ms)`,
    );
  }

  /**
   * Graceful shutdown: readiness answers 503 at once, the listener closes, idle keep-alive
   * connections close and busy ones after their response, requests in flight finish within
   * SHUTDOWN_TIMEOUT_MS (then their connections are closed); meanwhile the job workers fetch
   * no more jobs and running jobs finish within the same deadline (the others return to the
   * queue). Then the application and the embedded database stop and the process exits 0. A
   * repeated signal changes nothing.
   */
  async stop(signal: string): Promise<void> {
    if (this.stopping) {
      this.log.log(`${signal} received again: still shutting down`);
      return;
    }
    this.stopping = true;
    const deadline = this.config.SHUTDOWN_TIMEOUT_MS;
    setTimeout(() => {
      process.stderr.write(
        `${this.options.release.service}: shutdown did not end within ${deadline + CLOSE_MS} ms\n`,
      );
      process.exit(1);
    }, deadline + CLOSE_MS).unref();
    this.log.log(
      `${signal} received: draining ${this.drain?.requestsInFlight ?? 0} requests in flight (deadline ${deadline} ms)`,
    );
    await this.starting?.catch(() => undefined);
    if (this.app) this.app.get(ShutdownState).draining = true;
    await Promise.all([this.drainRequests(deadline), this.drainJobs(deadline)]);
    await this.app?.close();
    await this.database?.stop();
    this.log.log('Stopped');
    process.exit(0);
  }

  private async drainRequests(deadline: number): Promise<void> {
    if (!this.drain) return;
    const { cut, ms } = await this.drain.drain(deadline);
    this.log.log(
      cut
        ? `Deadline reached after ${ms} ms: closed the connections of ${cut} unfinished requests`
        : `Requests drained in ${ms} ms`,
    );
  }

  private async drainJobs(deadline: number): Promise<void> {
    if (!this.app) return;
    const started = Date.now();
    const { finished, returned } = await this.app.get(JobsService).drain(deadline);
    if (finished || returned)
      this.log.log(
        `Jobs drained in ${Date.now() - started} ms: ${finished} finished, ${returned} returned to the queue`,
      );
  }
}
