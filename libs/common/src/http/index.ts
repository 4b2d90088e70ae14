export * from './configure-app';
export * from './run-service';
export * from './service-core.module';
