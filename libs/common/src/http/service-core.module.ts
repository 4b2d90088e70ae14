import { DynamicModule, Module, ModuleMetadata, Type } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { MixedList } from 'typeorm';
import { AuthCoreModule } from '../auth/auth-core.module';
import type { AuthUserResolver } from '../auth/auth-user';
import type { FeatureResolver } from '../auth/feature-gate';
import type { CommonEnv } from '../config/common-env';
import { typeOrmOptions } from '../database/typeorm-options';
import { ERROR_CATALOGUE, ErrorCatalogue, serviceErrorCatalogue } from '../errors/error-catalogue';
import { ProblemDetailsFilter } from '../errors/problem-details.filter';
import { createValidationPipe } from '../errors/validation.pipe';
import { HealthModule } from '../health/health.controller';
import { JobsService, jobsOptions } from '../jobs/jobs.service';
import { loggingModule } from '../observability/logging';
import { MetricsModule, MetricsService } from '../observability/metrics';
import { LoginProtection, loginProtectionOptions } from '../auth/login-protection';
import type { ReleaseInfo } from '../versioning/release';
import { ProbeRoutesFirst } from './probe-routes-first';
import { ShutdownState } from './shutdown-state';
import { VersioningModule } from '../versioning/versioning.module';

export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');

export interface ServiceCoreOptions {
  release: ReleaseInfo;
  config: CommonEnv;
  databaseUrl: string;
  migrations: MixedList<string | (new () => unknown)>;
  /** Tables whose presence `GET /api/health/ready` checks. */
  coreTables: string[];
  /** The service's own error codes (the common ones are added). */
  errors?: ErrorCatalogue;
  auth: {
    roleRanks: Record<string, number>;
    resolver: Type<AuthUserResolver>;
    /** Which features a user has, for `@RequireFeatures` and `FeatureGate` (none: no gating). */
    features?: Type<FeatureResolver>;
    imports?: ModuleMetadata['imports'];
  };
}

/**
 * Everything a service needs before its first feature module: database, logging, metrics,
 * version and health endpoints, authentication, sign-in protection, the job queue, the global
 * pipe and the global filter (the body reader is placed by configureApp).
 */
@Module({})
export class ServiceCoreModule {
  static forRoot(options: ServiceCoreOptions): DynamicModule {
    const { config, release } = options;
    return {
      module: ServiceCoreModule,
      global: true,
      imports: [
        loggingModule(release.service, config.LOG_LEVEL),
        TypeOrmModule.forRoot({
          ...typeOrmOptions({
            url: options.databaseUrl,
            migrations: options.migrations,
            migrationsRun: false,
            poolSize: config.DB_POOL_SIZE,
            statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
            acquireTimeoutMs: config.DB_ACQUIRE_TIMEOUT_MS,
            applicationName: release.service,
          }),
          autoLoadEntities: true,
        }),
        MetricsModule,
        VersioningModule.forRoot(release),
        HealthModule.forRoot(options.coreTables, config.SERVICE_ROLE),
        AuthCoreModule.forRoot({
          jwtSecret: config.JWT_SECRET as string,
          accessTtlSeconds: config.JWT_ACCESS_TTL_SECONDS,
          refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
          issuer: release.service,
          passwordHashCost: {
            memoryKib: config.PASSWORD_HASH_MEMORY_KIB,
            timeCost: config.PASSWORD_HASH_TIME_COST,
            parallelism: config.PASSWORD_HASH_PARALLELISM,
          },
          roleRanks: options.auth.roleRanks,
          resolver: options.auth.resolver,
          features: options.auth.features,
          imports: options.auth.imports,
        }),
      ],
      providers: [
        { provide: SERVICE_CONFIG, useValue: config },
        { provide: ERROR_CATALOGUE, useValue: serviceErrorCatalogue(options.errors ?? {}) },
        ShutdownState,
        ProbeRoutesFirst,
        {
          provide: LoginProtection,
          useFactory: (metrics: MetricsService) =>
            new LoginProtection(loginProtectionOptions(config, release.service), metrics),
          inject: [MetricsService],
        },
        {
          provide: JobsService,
          useFactory: (metrics: MetricsService) =>
            new JobsService(
              jobsOptions(config, release.service, options.databaseUrl),
              metrics.registry,
            ),
          inject: [MetricsService],
        },
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_FILTER, useClass: ProblemDetailsFilter },
      ],
      exports: [
        SERVICE_CONFIG,
        ERROR_CATALOGUE,
        MetricsModule,
        ShutdownState,
        LoginProtection,
        JobsService,
      ],
    };
  }
}
