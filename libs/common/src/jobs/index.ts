export * from './job-context';
export * from './job-leases';
export * from './job-queue.metrics';
export * from './job-queue-schema';
export * from './jobs.service';
export * from './queue-definition';
