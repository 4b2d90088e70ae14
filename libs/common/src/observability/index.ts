export * from './logging';
export * from './metrics';
