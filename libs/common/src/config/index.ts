export * from './common-env';
export * from './load-config';
