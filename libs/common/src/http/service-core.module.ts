import { DynamicModule, Module, ModuleMetadata, Type } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { MixedList } from 'typeorm';
import { AuthCoreModule } from '../auth/auth-core.module';
import type { AuthUserResolver } from '../auth/auth-user';
import type { CommonEnv } from '../config/common-env';
import { typeOrmOptions } from '../database/typeorm-options';
import { ProblemDetailsFilter } from '../errors/problem-details.filter';
import { createValidationPipe } from '../errors/validation.pipe';
import { HealthModule } from '../health/health.controller';
import { loggingModule } from '../observability/logging';
import { MetricsModule } from '../observability/metrics';
import type { ReleaseInfo } from '../versioning/release';
import { VersioningModule } from '../versioning/versioning.module';

export const SERVICE_CONFIG = Symbol('SERVICE_CONFIG');

export interface ServiceCoreOptions {
  release: ReleaseInfo;
  config: CommonEnv;
  databaseUrl: string;
  migrations: MixedList<string | (new () => unknown)>;
  /** Tables whose presence `GET /api/health/ready` checks. */
  coreTables: string[];
  auth: {
    roleRanks: Record<string, number>;
    resolver: Type<AuthUserResolver>;
    imports?: ModuleMetadata['imports'];
  };
}

/**
 * Everything a service needs before its first feature module: database, logging, metrics,
 * version and health endpoints, authentication, the global pipe and the global filter.
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
          }),
          autoLoadEntities: true,
        }),
        MetricsModule,
        VersioningModule.forRoot(release),
        HealthModule.forRoot(options.coreTables),
        AuthCoreModule.forRoot({
          jwtSecret: config.JWT_SECRET as string,
          accessTtlSeconds: config.JWT_ACCESS_TTL_SECONDS,
          refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
          issuer: release.service,
          roleRanks: options.auth.roleRanks,
          resolver: options.auth.resolver,
          imports: options.auth.imports,
        }),
      ],
      providers: [
        { provide: SERVICE_CONFIG, useValue: config },
        { provide: APP_PIPE, useFactory: createValidationPipe },
        { provide: APP_FILTER, useClass: ProblemDetailsFilter },
      ],
      exports: [SERVICE_CONFIG, MetricsModule],
    };
  }
}
