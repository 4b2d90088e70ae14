export * from './access.decorators';
export * from './access.guard';
export * from './auth-core.module';
export * from './auth-tokens.service';
export * from './auth-user';
export * from './password-hasher';
export * from './refresh-token.store';
export * from './registration';
