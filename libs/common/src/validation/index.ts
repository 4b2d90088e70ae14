export * from './nested-array.decorator';
export * from './input-rule';
export * from './page.query';
export * from './uuid-param';
