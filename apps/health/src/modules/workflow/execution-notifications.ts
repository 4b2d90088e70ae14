import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { EXECUTION_CHANNEL } from './workflow-executions.repository';

const RETRY_MS = 2000;

/** A wait for the next change of one execution; `cancel` stops waiting. */
export interface ExecutionWake {
  changed: Promise<void>;
  cancel(): void;
}

/**
 * Tells this process when an execution changed in any process: node events and ends are
 * notified (`pg_notify` at their commit) on EXECUTION_CHANNEL. One listening connection per
 * process, opened when the first caller waits (worker processes never do). Callers also read
 * again after `ms`, so a notification lost while reconnecting only delays them.
 */
@Injectable()
export class ExecutionNotifications implements OnModuleDestroy {
  private readonly log = new Logger('WorkflowExecutions');
  private readonly waiting = new Map<string, Set<() => void>>();
  private connection: Promise<Client | null> | null = null;
  private stopped = false;

  constructor(private readonly db: DataSource) {}

  /** Resolves at the next change of execution `id`, after `ms` at the latest. */
  next(id: string, ms: number): ExecutionWake {
    void this.listen();
    let done!: () => void;
    const changed = new Promise<void>((resolve) => (done = resolve));
    const timer = setTimeout(() => wake(), ms);
    const set = this.waiting.get(id) ?? new Set();
    this.waiting.set(id, set);
    const wake = () => {
      clearTimeout(timer);
      set.delete(wake);
      if (set.size === 0 && this.waiting.get(id) === set) this.waiting.delete(id);
      done();
    };
    set.add(wake);
    return { changed, cancel: wake };
  }

  private listen(): Promise<Client | null> {
    this.connection ??= this.connect();
    return this.connection;
  }

  private async connect(): Promise<Client | null> {
    const url = (this.db.options as PostgresConnectionOptions).url;
    const client = new Client({ connectionString: url, application_name: 'health-executions' });
    let lost = false;
    const reconnect = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (error) this.log.warn(`execution notifications lost: ${error.message}`);
      client.end().catch(() => undefined);
      if (this.stopped) return;
      setTimeout(() => (this.connection = null), RETRY_MS).unref();
    };
    client.on('notification', ({ payload }) => {
      for (const wake of [...(this.waiting.get(payload ?? '') ?? [])]) wake();
    });
    client.on('error', reconnect);
    client.on('end', () => reconnect());
    try {
      await client.connect();
      await client.query(`LISTEN ${EXECUTION_CHANNEL}`);
      return client;
    } catch (error) {
      reconnect(error as Error);
      return null;
    }
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    const client = await this.connection;
    await client?.end().catch(() => undefined);
    for (const set of this.waiting.values()) for (const wake of [...set]) wake();
  }
}
