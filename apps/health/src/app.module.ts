import { DynamicModule, Module } from '@nestjs/common';
import { ServiceCoreModule } from '@sports/common';
import type { HealthConfig } from './config';
import { CORE_TABLES, MIGRATIONS } from './database/migrations';
import { HEALTH_ERRORS } from './errors';
import { FEATURE_MODULES } from './feature-modules';
import { AccountModule } from './modules/account/account.module';
import { EditorModule } from './modules/editor/editor.module';
import { FeaturesService } from './modules/membership/features.service';
import { MembershipModule } from './modules/membership/membership.module';
import { ROLE_RANKS } from './modules/profiles/user.entity';
import { UserResolver } from './modules/profiles/user-resolver.service';
import { ProfilesModule } from './modules/profiles/profiles.module';
import { RELEASE } from './release';

@Module({})
export class AppModule {
  static forRoot(config: HealthConfig, databaseUrl: string): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceCoreModule.forRoot({
          release: RELEASE,
          config,
          databaseUrl,
          migrations: MIGRATIONS,
          coreTables: CORE_TABLES,
          errors: HEALTH_ERRORS,
          auth: {
            roleRanks: ROLE_RANKS,
            resolver: UserResolver,
            features: FeaturesService,
            imports: [ProfilesModule, MembershipModule],
          },
        }),
        ...FEATURE_MODULES,
        AccountModule,
        EditorModule,
      ],
    };
  }
}
