import { Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import type { PostgresConnectionOptions } from 'typeorm/driver/postgres/PostgresConnectionOptions';
import { EXECUTION_CHANNEL, EXECUTION_END_CHANNEL } from './workflow-executions.repository';

const RETRY_MS = 2000;

/** What a caller waits for: any change (a node event or an end), or an attempt's end only. */
export type ExecutionChange = 'change' | 'end';

/** A wait for the next change of one execution; `cancel` stops waiting. */
export interface ExecutionWake {
  changed: Promise<void>;
  cancel(): void;
}

const CHANNELS: Record<ExecutionChange, string> = {
  change: EXECUTION_CHANNEL,
  end: EXECUTION_END_CHANNEL,
};

/**
 * Tells this process when an execution changed in any process: node events are notified
 * (`pg_notify` at their commit) on EXECUTION_CHANNEL, ends on it and on EXECUTION_END_CHANNEL,
 * so that a caller waiting for the end is not woken by every node. One listening connection
 * per process, opened when the first caller waits. A worker in this process also reports an
 * end it has committed directly (`ended`), without the round trip through the database.
 * Callers also read again after `ms`, so a notification lost while reconnecting only delays
 * them.
 */
@Injectable()
export class ExecutionNotifications implements OnModuleDestroy {
  private readonly log = new Logger('WorkflowExecutions');
  private readonly waiting: Record<ExecutionChange, Map<string, Set<() => void>>> = {
    change: new Map(),
    end: new Map(),
  };
  private connection: Promise<Client | null> | null = null;
  private stopped = false;

  constructor(private readonly db: DataSource) {}

  /** Resolves at the next change (or end) of execution `id`, after `ms` at the latest. */
  next(id: string, ms: number, what: ExecutionChange = 'change'): ExecutionWake {
    void this.listen();
    const waiting = this.waiting[what];
    let done!: () => void;
    const changed = new Promise<void>((resolve) => (done = resolve));
    const timer = setTimeout(() => wake(), ms);
    const set = waiting.get(id) ?? new Set();
    waiting.set(id, set);
    const wake = () => {
      clearTimeout(timer);
      set.delete(wake);
      if (set.size === 0 && waiting.get(id) === set) waiting.delete(id);
      done();
    };
    set.add(wake);
    return { changed, cancel: wake };
  }

  /** An attempt of execution `id` ended here and is committed: wakes this process's waiters. */
  ended(id: string): void {
    this.wake('change', id);
    this.wake('end', id);
  }

  private wake(what: ExecutionChange, id: string): void {
    for (const wake of [...(this.waiting[what].get(id) ?? [])]) wake();
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
    client.on('notification', ({ channel, payload }) => {
      const what = channel === EXECUTION_END_CHANNEL ? 'end' : 'change';
      this.wake(what, payload ?? '');
    });
    client.on('error', reconnect);
    client.on('end', () => reconnect());
    try {
      await client.connect();
      for (const channel of Object.values(CHANNELS)) await client.query(`LISTEN ${channel}`);
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
    for (const waiting of Object.values(this.waiting))
      for (const set of waiting.values()) for (const wake of [...set]) wake();
  }
}
