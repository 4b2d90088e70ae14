import 'reflect-metadata';
import { IsIn, IsOptional, IsString, Matches, Max, MinLength } from 'class-validator';
import { BooleanSetting, IntSetting, ListSetting, NumberSetting } from './setting.decorators';

/** What one process of a service runs (SERVICE_ROLE). */
export type ServiceRole = 'api' | 'worker' | 'all';

/** Environment every service reads. A service's own settings extend this class. */
export class CommonEnv {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @IntSetting(0, 65535)
  PORT!: number;

  @IsString()
  HOST = '0.0.0.0';

  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL?: string;

  /** Port of the embedded PostgreSQL started when DATABASE_URL is unset. */
  @IntSetting(1024, 65535)
  EMBEDDED_PG_PORT!: number;

  /** Folder for the embedded PostgreSQL data (relative paths are taken from the repository root). */
  @IsString()
  DATA_DIR!: string;

  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters' })
  JWT_SECRET?: string;

  @IntSetting(60, 86400)
  JWT_ACCESS_TTL_SECONDS = 900;

  @IntSetting(1, 365)
  REFRESH_TOKEN_TTL_DAYS = 30;

  @ListSetting()
  ADMIN_BOOTSTRAP_EMAILS: string[] = [];

  @IsOptional()
  @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must be a redis:// URL' })
  REDIS_URL?: string;

  /**
   * A Redis command slower than this is given up and the attempt is counted in memory (a
   * hung Redis must not hold sign-in up). Connecting gives up after 500 ms; reconnects run in
   * the background and never delay a request.
   */
  @IntSetting(10, 10_000)
  REDIS_COMMAND_TIMEOUT_MS = 150;

  // ---- sign-in protection (libs/common/src/auth/login-protection) ----

  /** Sign-in attempts allowed per client address within LOGIN_RATE_WINDOW_SECONDS (spec: 30 a minute). */
  @IntSetting(1, 1_000_000)
  LOGIN_RATE_LIMIT = 30;

  @IntSetting(1, 86400)
  LOGIN_RATE_WINDOW_SECONDS = 60;

  /** Prefix of the counters' keys in Redis; unset: `<service>:login`. */
  @IsOptional()
  @IsString()
  @Matches(/^[A-Za-z0-9:_-]{1,100}$/, {
    message: 'LOGIN_RATE_KEY_PREFIX must be 1-100 of [A-Za-z0-9:_-]',
  })
  LOGIN_RATE_KEY_PREFIX?: string;

  /** Consecutive failed sign-ins of one account from which each failure locks it, 2^(n−threshold) s. */
  @IntSetting(1, 1_000_000)
  LOGIN_BACKOFF_THRESHOLD = 5;

  /**
   * Failed sign-ins from one client address (over all accounts: password spraying) from which
   * each failure locks the address the same way. Not below LOGIN_RATE_LIMIT by default.
   */
  @IntSetting(1, 1_000_000)
  LOGIN_ADDRESS_BACKOFF_THRESHOLD = 30;

  /** Upper bound of one lock of an account or an address (seconds). */
  @IntSetting(1, 86400)
  LOGIN_BACKOFF_MAX_SECONDS = 900;

  /** Failures of an account or address are forgotten this long after the last one (and its lock). */
  @IntSetting(60, 30 * 86400)
  LOGIN_FAILURE_MEMORY_SECONDS = 3600;

  // ---- password and PIN hashes (argon2id; OWASP defaults, a changed cost re-hashes at sign-in) ----

  /** Memory per hash in KiB (OWASP: 19456 = 19 MiB). */
  @IntSetting(1024, 4_194_304)
  PASSWORD_HASH_MEMORY_KIB = 19_456;

  /** Passes over the memory (OWASP: 2). */
  @IntSetting(1, 100)
  PASSWORD_HASH_TIME_COST = 2;

  /** Lanes per hash (OWASP: 1). */
  @IntSetting(1, 64)
  PASSWORD_HASH_PARALLELISM = 1;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /**
   * Share of successful requests (status below 400) given a log line, 0 to 1; errors, refusals
   * and slow requests (LOG_SLOW_REQUEST_MS) are always logged.
   */
  @NumberSetting(0)
  @Max(1)
  LOG_SUCCESS_SAMPLE_RATE = 1;

  /** A successful request slower than this is always logged, whatever the sample rate. */
  @IntSetting(0, 3_600_000)
  LOG_SLOW_REQUEST_MS = 1000;

  /**
   * How JSON answers are written: `schema` with serializers compiled from the OpenAPI response
   * schemas (fields the document does not declare are dropped), `json` with JSON.stringify.
   */
  @IsIn(['schema', 'json'])
  RESPONSE_SERIALIZER: 'schema' | 'json' = 'schema';

  @BooleanSetting()
  MIGRATIONS_RUN = true;

  @ListSetting()
  CORS_ORIGINS: string[] = [];

  /** Express `trust proxy`: hops of reverse proxies whose X-Forwarded-For is believed (0 = none). */
  @IntSetting(0, 10)
  TRUST_PROXY = 0;

  @Matches(/^\d+(b|kb|mb)$/i, { message: 'BODY_LIMIT must look like 512kb or 1mb' })
  BODY_LIMIT = '1mb';

  /**
   * Connections of this process's pool. Sizing rule: pods × DB_POOL_SIZE (plus the migration
   * Job's 2) must stay below the server's max_connections minus its reserved connections.
   */
  @IntSetting(1, 500)
  DB_POOL_SIZE = 10;

  /** Server-side `statement_timeout` of every query (0 = none); a timed-out query answers 503. */
  @IntSetting(0, 3_600_000)
  DB_STATEMENT_TIMEOUT_MS = 10_000;

  /** Longest wait for a pool connection (a free one, or a new one being opened); then 503. */
  @IntSetting(100, 600_000)
  DB_ACQUIRE_TIMEOUT_MS = 5_000;

  /**
   * After SIGTERM/SIGINT: how long requests in flight may run before their connections are
   * closed. Keep it below the orchestrator's grace period (Kubernetes: 30 s minus preStop).
   */
  @IntSetting(0, 3_600_000)
  SHUTDOWN_TIMEOUT_MS = 25_000;

  // ---- background jobs (libs/common/src/jobs, pg-boss in the schema `pgboss`) ----

  /**
   * What this process runs: `api` serves the API and enqueues jobs but runs no worker; `worker`
   * runs the workers, cron schedules and queue maintenance and answers only /api/health,
   * /api/metrics and /api/version (probes, scrapes); `all` does both in one process.
   */
  @IsIn(['api', 'worker', 'all'])
  SERVICE_ROLE: ServiceRole = 'all';

  /**
   * A running job's lease: its worker renews it while the job runs; a job whose worker died
   * is given to another worker once the lease has run out (plus up to
   * JOB_MAINTENANCE_INTERVAL_SECONDS), counting as a failed attempt.
   */
  @IntSetting(2, 3600)
  JOB_LEASE_SECONDS = 60;

  /** How often one of the workers expires lapsed leases and archives finished jobs. */
  @IntSetting(1, 3600)
  JOB_MAINTENANCE_INTERVAL_SECONDS = 30;

  /** Longest wait of an idle worker before it looks for new jobs (jobs sent by this process wake it at once). */
  @IntSetting(50, 60_000)
  JOB_POLL_INTERVAL_MS = 1000;

  /** Connections of the job queue's own pool (fetching, leases, enqueueing outside a transaction). */
  @IntSetting(1, 100)
  JOB_DB_POOL_SIZE = 3;

  // ---- stored files (training media, health photos) ----

  /**
   * Secret of the signed file URLs (HMAC-SHA256), at least 32 characters. Required in
   * production; elsewhere derived from JWT_SECRET (random per process when that is unset too).
   * Changing it invalidates every URL handed out.
   */
  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'MEDIA_URL_SECRET must be at least 32 characters' })
  MEDIA_URL_SECRET?: string;

  /** Lifetime of a signed file URL in seconds (also its Cache-Control max-age). */
  @IntSetting(10, 604_800)
  MEDIA_URL_TTL_SECONDS = 900;

  /**
   * Origins whose pages may read signed file URLs with CORS (fetch, canvas, crossorigin
   * media); empty: any origin (`*`), the URL itself being the credential.
   */
  @ListSetting()
  MEDIA_URL_CORS_ORIGINS: string[] = [];

  /** S3-compatible object storage, used by a service whose storage driver is `s3`. */
  @IsOptional()
  @IsString()
  S3_ENDPOINT?: string;

  @IsOptional()
  @IsString()
  S3_BUCKET?: string;

  @IsString()
  S3_REGION = 'us-east-1';

  @IsOptional()
  @IsString()
  S3_ACCESS_KEY_ID?: string;

  @IsOptional()
  @IsString()
  S3_SECRET_ACCESS_KEY?: string;

  @BooleanSetting()
  S3_FORCE_PATH_STYLE = false;

  /**
   * Minutes between two storage sweeps, the first one at start; 0 turns the sweeps off. Old
   * staging and temporary upload files: every process sweeps its own folders. Stored files no
   * row references: one cron job across all replicas, rounded to a cron step (below an hour
   * `*\/n` minutes of the hour, below a day whole hours, else whole days).
   */
  @IntSetting(0, 10080)
  STORAGE_SWEEP_INTERVAL_MINUTES = 60;

  /** Only files last written longer ago than this are swept (longer than any upload takes). */
  @IntSetting(1, 100000)
  STORAGE_SWEEP_MIN_AGE_MINUTES = 60;
}
