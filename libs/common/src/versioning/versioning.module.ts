import { DynamicModule, Global, Module } from '@nestjs/common';
import { ModuleRegistry } from './module-registry.service';
import { RELEASE_INFO, ReleaseInfo } from './release';
import { VersionController } from './version.controller';

@Global()
@Module({})
export class VersioningModule {
  static forRoot(release: ReleaseInfo): DynamicModule {
    return {
      module: VersioningModule,
      controllers: [VersionController],
      providers: [{ provide: RELEASE_INFO, useValue: release }, ModuleRegistry],
      exports: [RELEASE_INFO, ModuleRegistry],
    };
  }
}
