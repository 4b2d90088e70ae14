export * from './exercise-governance';
export * from './exercise-usage.registry';
export { sanitizeRichText } from './rich-text.sanitizer';
