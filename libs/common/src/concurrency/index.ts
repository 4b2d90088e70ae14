export * from './conditional-routes';
export * from './entity-tag';
export * from './row-version';
export * from './entity-versions';
