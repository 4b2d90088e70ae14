import { Injectable } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { FEATURE_MODULE_METADATA, FeatureModuleInfo } from './feature-module.decorator';

/** Collects the name and version of every feature module loaded into the application. */
@Injectable()
export class ModuleRegistry {
  private cache?: Record<string, string>;

  constructor(private readonly modules: ModulesContainer) {}

  versions(): Record<string, string> {
    if (this.cache) return this.cache;
    const found: Record<string, string> = {};
    for (const module of this.modules.values()) {
      const info = Reflect.getMetadata(FEATURE_MODULE_METADATA, module.metatype) as
        FeatureModuleInfo | undefined;
      if (info) found[info.name] = info.version;
    }
    this.cache = Object.fromEntries(Object.entries(found).sort(([a], [b]) => a.localeCompare(b)));
    return this.cache;
  }
}
