import { DynamicModule, Module } from '@nestjs/common';
import { ServiceCoreModule } from '@sports/common';
import type { TrainingConfig } from './config';
import { CORE_TABLES, MIGRATIONS } from './database/migrations';
import { FEATURE_MODULES } from './feature-modules';
import { ROLE_RANKS } from './modules/profiles/profile.entity';
import { CallerResolver } from './modules/tenant-context/caller-resolver.service';
import { TenantContextModule } from './modules/tenant-context/tenant-context.module';
import { RELEASE } from './release';
import { TRAINING_ERRORS } from './errors';

@Module({})
export class AppModule {
  static forRoot(config: TrainingConfig, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceCoreModule.forRoot({
          release: RELEASE,
          config,
          databaseUrl,
          migrations: MIGRATIONS,
          coreTables: CORE_TABLES,
          errors: TRAINING_ERRORS,
          auth: { roleRanks: ROLE_RANKS, resolver: CallerResolver, imports: [TenantContextModule] },
        }),
        ...FEATURE_MODULES,
      ],
    };
  }
}
