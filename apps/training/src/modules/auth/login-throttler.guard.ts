import { ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard, ThrottlerLimitDetail } from '@nestjs/throttler';
import { RateLimitedError } from '@sports/common';

/**
 * The throttler guard of the sign-in route: counts per client IP (`req.ip`, so TRUST_PROXY
 * decides whether X-Forwarded-For is believed; see the options in auth.module.ts) and answers
 * a refusal as the common 429 RATE_LIMITED problem with Retry-After.
 */
@Injectable()
export class LoginThrottlerGuard extends ThrottlerGuard {
  protected override throwThrottlingException(
    _context: ExecutionContext,
    detail: ThrottlerLimitDetail,
  ): Promise<void> {
    throw new RateLimitedError(
      detail.timeToBlockExpire || detail.timeToExpire || 1,
      'Too many sign-in attempts from this address; try again later.',
    );
  }
}
