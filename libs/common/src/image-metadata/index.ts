export * from './image-metadata-error';
export * from './strip-image-metadata';
