export * from './account-auth';
export * from './account-auth.controller';
export * from './account-auth.dto';
export * from './account-auth.service';
export * from './account-store';
