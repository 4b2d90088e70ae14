export * from './feature-module.decorator';
export * from './module-registry.service';
export * from './release';
export * from './version.controller';
export * from './versioning.module';
