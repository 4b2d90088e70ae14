import type { Logger } from '@nestjs/common';
import { Client } from 'pg';

/** The PostgreSQL channel a send notifies (at its commit) with the queue's name. */
export const WAKEUP_CHANNEL = 'job_queue_wakeup';

const RECONNECT_MS = 2000;

/**
 * Wakes this process's workers when a job is sent anywhere: `send` runs `pg_notify` in the
 * same transaction as the job's row, so the notification arrives when (and only if) the job
 * is committed. While the listening connection is down the workers poll
 * (JOB_POLL_INTERVAL_MS); it reconnects by itself.
 */
export class JobWakeups {
  private client: Client | null = null;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly url: string,
    private readonly applicationName: string,
    private readonly onWakeup: (queue: string) => void,
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    if (this.closed) return;
    const client = new Client({
      connectionString: this.url,
      application_name: this.applicationName,
      keepAlive: true,
    });
    client.on('notification', (n) => {
      if (n.channel === WAKEUP_CHANNEL && n.payload) this.onWakeup(n.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${WAKEUP_CHANNEL}`);
      this.client = client;
      if (this.closed) await this.stop();
    } catch (error) {
      this.lost(client, error as Error);
    }
  }

  private lost(client: Client, error?: Error): void {
    if (this.client === client) this.client = null;
    client.end().catch(() => undefined);
    if (this.closed || this.timer) return;
    if (error) this.log.warn(`job wakeups lost (${error.message}); polling until reconnected`);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.start();
    }, RECONNECT_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
