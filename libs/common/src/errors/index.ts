export * from './domain-error';
export * from './error-catalogue';
export * from './problem-details';
export * from './problem-details.filter';
export * from './validation.pipe';
