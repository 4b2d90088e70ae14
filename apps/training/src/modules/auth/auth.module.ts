import { getOptionsToken, getStorageToken, ThrottlerModuleOptions } from '@nestjs/throttler';
import { FeatureModule, SERVICE_CONFIG } from '@sports/common';
import { createHash } from 'node:crypto';
import type { TrainingConfig } from '../../config';
import { ProfilesModule } from '../profiles/profiles.module';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { LoginRateLimitStore } from './login-rate-limit.store';
import { LoginThrottlerGuard } from './login-throttler.guard';

/**
 * Throttler options for the sign-in route only (the guard is applied with @UseGuards, never
 * globally): LOGIN_RATE_LIMIT attempts per LOGIN_RATE_WINDOW_SECONDS per client IP, keys
 * prefixed with LOGIN_RATE_KEY_PREFIX.
 */
function loginThrottlerOptions(config: TrainingConfig): ThrottlerModuleOptions {
  const prefix = config.LOGIN_RATE_KEY_PREFIX;
  return {
    throttlers: [
      {
        name: 'login',
        limit: config.LOGIN_RATE_LIMIT,
        ttl: config.LOGIN_RATE_WINDOW_SECONDS * 1000,
        generateKey: (context, tracker, name) =>
          `${prefix}:${createHash('sha256')
            .update(`${context.getClass().name}-${context.getHandler().name}-${name}-${tracker}`)
            .digest('hex')}`,
      },
    ],
  };
}

@FeatureModule({
  name: 'auth',
  version: '1.2.1',
  imports: [ProfilesModule],
  controllers: [AuthController],
  providers: [
    AuthService,
    LoginRateLimitStore,
    LoginThrottlerGuard,
    { provide: getOptionsToken(), useFactory: loginThrottlerOptions, inject: [SERVICE_CONFIG] },
    { provide: getStorageToken(), useExisting: LoginRateLimitStore },
  ],
})
export class AuthModule {}
