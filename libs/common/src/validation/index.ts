export * from './nested-array.decorator';
