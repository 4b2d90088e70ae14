import { DynamicModule, Global, Module, ModuleMetadata, Type } from '@nestjs/common';
import { APP_GUARD, DiscoveryModule } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { AccessGuard } from './access.guard';
import { AuthTokensService } from './auth-tokens.service';
import { CurrentSecretCheck } from './current-secret';
import { FEATURE_RESOLVER, FeatureGate, FeatureResolver } from './feature-gate';
import { AUTH_OPTIONS, AUTH_USER_RESOLVER, AuthOptions, AuthUserResolver } from './auth-user';
import { JwtStrategy } from './jwt.strategy';
import { PasswordHasher } from './password-hasher';
import { RefreshTokenStore } from './refresh-token.store';
import { RouteAccessAuditor } from './route-access.auditor';

export interface AuthCoreModuleOptions extends AuthOptions {
  /** Module(s) that export the resolver classes. */
  imports?: ModuleMetadata['imports'];
  resolver: Type<AuthUserResolver>;
  /** The service's feature resolver, for `@RequireFeatures` and `FeatureGate`; none: no gating. */
  features?: Type<FeatureResolver>;
}

/**
 * JWT authentication, the global access guard (with the feature gate), refresh tokens and
 * password hashing.
 */
@Global()
@Module({})
export class AuthCoreModule {
  static forRoot(options: AuthCoreModuleOptions): DynamicModule {
    const { imports = [], resolver, features, ...authOptions } = options;
    return {
      module: AuthCoreModule,
      imports: [...imports, DiscoveryModule, JwtModule.register({ secret: authOptions.jwtSecret })],
      providers: [
        { provide: AUTH_OPTIONS, useValue: authOptions },
        { provide: AUTH_USER_RESOLVER, useExisting: resolver },
        ...(features ? [{ provide: FEATURE_RESOLVER, useExisting: features }] : []),
        FeatureGate,
        JwtStrategy,
        AccessGuard,
        { provide: APP_GUARD, useExisting: AccessGuard },
        AuthTokensService,
        RefreshTokenStore,
        PasswordHasher,
        CurrentSecretCheck,
        RouteAccessAuditor,
      ],
      exports: [
        AuthTokensService,
        PasswordHasher,
        CurrentSecretCheck,
        AccessGuard,
        FeatureGate,
        AUTH_OPTIONS,
      ],
    };
  }
}
