export * from './tenant-context';
export * from './tenant-context.decorators';
export * from './tenant-context.service';
export * from './tenant-scoped.decorator';
