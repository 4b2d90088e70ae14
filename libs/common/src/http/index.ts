export * from './close-unread';
export * from './configure-app';
export * from './http-drain';
export * from './request-body';
export * from './request-body.interceptor';
export * from './run-service';
export * from './service-core.module';
export * from './shutdown-state';
