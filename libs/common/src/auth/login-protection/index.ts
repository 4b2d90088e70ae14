export * from './client-address';
export * from './login-counters';
export * from './login-protection.service';
export * from './login-refusals.decorator';
