import type { ModuleMetadata, Type } from '@nestjs/common';
import type { AuthUser } from '../auth-user';
import { AccountAuthRoutes, createAuthController } from './account-auth.controller';
import {
  ACCOUNT_AUTH_FLOW,
  ACCOUNT_STORE,
  AccountAuthFlow,
  AccountAuthService,
  Credentials,
} from './account-auth.service';
import type { AccountStore } from './account-store';

export interface AccountAuthOptions<
  TAccount extends AuthUser,
  TProfile,
  F extends string,
  TRegister extends Credentials<F>,
  TSession extends object,
>
  extends
    AccountAuthFlow<TAccount, TProfile, F, TRegister, TSession>,
    AccountAuthRoutes<F, TRegister, TSession> {
  /** The exported service of the module that owns the accounts. */
  accounts: Type<AccountStore<TAccount, TProfile>>;
}

/**
 * The controller and providers of a service's auth module: the shared sign-up and sign-in
 * flow for its account type. The module imports the one that exports `accounts`.
 */
export function accountAuth<
  TAccount extends AuthUser,
  TProfile,
  F extends string,
  TRegister extends Credentials<F>,
  TSession extends object,
>(
  options: AccountAuthOptions<TAccount, TProfile, F, TRegister, TSession>,
): Required<Pick<ModuleMetadata, 'controllers' | 'providers'>> {
  return {
    controllers: [createAuthController(options)],
    providers: [
      { provide: ACCOUNT_AUTH_FLOW, useValue: options },
      { provide: ACCOUNT_STORE, useExisting: options.accounts },
      AccountAuthService,
    ],
  };
}
