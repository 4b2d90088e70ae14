import { applyDecorators } from '@nestjs/common';
import { ApiTooManyRequestsResponse, ApiUnauthorizedResponse } from '@nestjs/swagger';

/**
 * The answers of a sign-in route run through LoginProtection besides its success: 401 for
 * wrong credentials and 429 RATE_LIMITED with Retry-After for a refused attempt.
 */
export const ApiLoginRefusals = (wrongCredentials: string): MethodDecorator =>
  applyDecorators(
    ApiUnauthorizedResponse({
      description: `UNAUTHENTICATED (problem+json): ${wrongCredentials}; the failure counts toward the backoff of the account and the address`,
    }),
    ApiTooManyRequestsResponse({
      description:
        'RATE_LIMITED (problem+json, Retry-After header and `retry_after_seconds`): more than LOGIN_RATE_LIMIT attempts from this address within LOGIN_RATE_WINDOW_SECONDS, or the account or the address is locked after repeated failures (the secret is not checked)',
    }),
  );
