import { applyDecorators, Module, ModuleMetadata, SetMetadata } from '@nestjs/common';

export const FEATURE_MODULE_METADATA = 'feature-module:info';

export interface FeatureModuleInfo {
  /** Module name as the specification's version table writes it. */
  name: string;
  /** Semantic version MAJOR.MINOR.PATCH of this module. */
  version: string;
  /**
   * A module beyond the specification's version table: reported under `extensions` so that
   * `modules` keeps exactly the table's entries.
   */
  extension?: boolean;
}

/** `@Module` plus the name and version that `GET /api/version` reports. */
export function FeatureModule(info: FeatureModuleInfo & ModuleMetadata): ClassDecorator {
  const { name, version, extension, ...metadata } = info;
  if (!/^\d+\.\d+\.\d+$/.test(version))
    throw new Error(`Module ${name}: version ${version} is not MAJOR.MINOR.PATCH`);
  return applyDecorators(
    Module(metadata),
    SetMetadata(FEATURE_MODULE_METADATA, { name, version, extension }),
  );
}
