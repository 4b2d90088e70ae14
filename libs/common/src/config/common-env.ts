import 'reflect-metadata';
import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  MinLength,
} from 'class-validator';

const toBool = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string' ? ['1', 'true', 'yes', 'on'].includes(value.toLowerCase()) : value;

const toList = ({ value }: { value: unknown }): unknown =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((v) => v.trim())
        .filter(Boolean)
    : value;

/** Environment every service reads. A service's own settings extend this class. */
export class CommonEnv {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT!: number;

  @IsString()
  HOST = '0.0.0.0';

  @IsOptional()
  @Matches(/^postgres(ql)?:\/\/.+/, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL?: string;

  /** Port of the embedded PostgreSQL started when DATABASE_URL is unset. */
  @Type(() => Number)
  @IsInt()
  @Min(1024)
  @Max(65535)
  EMBEDDED_PG_PORT!: number;

  /** Folder for the embedded PostgreSQL data (relative paths are taken from the repository root). */
  @IsString()
  DATA_DIR!: string;

  @IsOptional()
  @IsString()
  @MinLength(32, { message: 'JWT_SECRET must be at least 32 characters' })
  JWT_SECRET?: string;

  @Type(() => Number)
  @IsInt()
  @Min(60)
  @Max(86400)
  JWT_ACCESS_TTL_SECONDS = 900;

  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(365)
  REFRESH_TOKEN_TTL_DAYS = 30;

  @Transform(toList)
  @IsString({ each: true })
  ADMIN_BOOTSTRAP_EMAILS: string[] = [];

  @IsOptional()
  @Matches(/^rediss?:\/\/.+/, { message: 'REDIS_URL must be a redis:// URL' })
  REDIS_URL?: string;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  @Transform(toBool)
  @IsBoolean()
  MIGRATIONS_RUN = true;

  @Transform(toList)
  @IsString({ each: true })
  CORS_ORIGINS: string[] = [];

  /** Express `trust proxy`: hops of reverse proxies whose X-Forwarded-For is believed (0 = none). */
  @Type(() => Number)
  @IsInt()
  @Min(0)
  @Max(10)
  TRUST_PROXY = 0;

  @Matches(/^\d+(b|kb|mb)$/i, { message: 'BODY_LIMIT must look like 512kb or 1mb' })
  BODY_LIMIT = '1mb';
}
