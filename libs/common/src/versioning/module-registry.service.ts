import { Injectable } from '@nestjs/common';
import { ModulesContainer } from '@nestjs/core';
import { FEATURE_MODULE_METADATA, FeatureModuleInfo } from './feature-module.decorator';

/** Module versions by name: the specification's table and the extensions beyond it. */
export interface ModuleVersions {
  modules: Record<string, string>;
  extensions: Record<string, string>;
}

const sorted = (found: Record<string, string>) =>
  Object.fromEntries(Object.entries(found).sort(([a], [b]) => a.localeCompare(b)));

/** Collects the name and version of every feature module loaded into the application. */
@Injectable()
export class ModuleRegistry {
  private cache?: ModuleVersions;

  constructor(private readonly modules: ModulesContainer) {}

  versions(): ModuleVersions {
    if (this.cache) return this.cache;
    const modules: Record<string, string> = {};
    const extensions: Record<string, string> = {};
    for (const module of this.modules.values()) {
      const info = Reflect.getMetadata(FEATURE_MODULE_METADATA, module.metatype) as
        FeatureModuleInfo | undefined;
      if (info) (info.extension ? extensions : modules)[info.name] = info.version;
    }
    this.cache = { modules: sorted(modules), extensions: sorted(extensions) };
    return this.cache;
  }
}
