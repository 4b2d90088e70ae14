import { DynamicModule, Global, Module, ModuleMetadata, Type } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { PassportModule } from '@nestjs/passport';
import { AccessGuard } from './access.guard';
import { AuthTokensService } from './auth-tokens.service';
import { CurrentSecretCheck } from './current-secret';
import { AUTH_OPTIONS, AUTH_USER_RESOLVER, AuthOptions, AuthUserResolver } from './auth-user';
import { JwtStrategy } from './jwt.strategy';
import { PasswordHasher } from './password-hasher';
import { RefreshTokenStore } from './refresh-token.store';
import { RouteAccessAuditor } from './route-access.auditor';

export interface AuthCoreModuleOptions extends AuthOptions {
  /** Module(s) that export the resolver class. */
  imports?: ModuleMetadata['imports'];
  resolver: Type<AuthUserResolver>;
}

/** JWT authentication, the global access guard, refresh tokens and password hashing. */
@Global()
@Module({})
export class AuthCoreModule {
  static forRoot(options: AuthCoreModuleOptions): DynamicModule {
    const { imports = [], resolver, ...authOptions } = options;
    return {
      module: AuthCoreModule,
      imports: [
        ...imports,
        DiscoveryModule,
        PassportModule,
        JwtModule.register({ secret: authOptions.jwtSecret }),
      ],
      providers: [
        { provide: AUTH_OPTIONS, useValue: authOptions },
        { provide: AUTH_USER_RESOLVER, useExisting: resolver },
        JwtStrategy,
        AccessGuard,
        { provide: APP_GUARD, useExisting: AccessGuard },
        AuthTokensService,
        RefreshTokenStore,
        PasswordHasher,
        CurrentSecretCheck,
        RouteAccessAuditor,
      ],
      exports: [AuthTokensService, PasswordHasher, CurrentSecretCheck, AccessGuard, AUTH_OPTIONS],
    };
  }
}
