export * from './openapi';
export * from './api-errors.decorator';
export * from './contract-document';
export * from './event-stream-schema';
