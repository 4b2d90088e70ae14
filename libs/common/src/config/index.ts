export * from './common-env';
export * from './load-config';
export * from './setting.decorators';
