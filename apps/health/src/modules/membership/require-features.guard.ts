import {
  applyDecorators,
  CanActivate,
  ExecutionContext,
  Injectable,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiForbiddenResponse } from '@nestjs/swagger';
import type { AuthUser } from '@sports/common';
import { FeaturesService } from './features.service';

const REQUIRED_FEATURES = 'membership:required-features';

/** Refuses the route with 403 FEATURE_REQUIRED before any body or upload is read. */
@Injectable()
export class RequireFeaturesGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly features: FeaturesService,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const required = this.reflector.getAllAndOverride<string[] | undefined>(REQUIRED_FEATURES, [
      context.getHandler(),
      context.getClass(),
    ]);
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    if (required?.length && user) await this.features.require(user.id, required);
    return true;
  }
}

/** The caller must have every one of `features` (tier features + grants − revocations). */
export const RequireFeatures = (...features: string[]): MethodDecorator & ClassDecorator =>
  applyDecorators(
    SetMetadata(REQUIRED_FEATURES, features),
    UseGuards(RequireFeaturesGuard),
    ApiForbiddenResponse({
      description: `Requires the feature(s) ${features.join(', ')} (FEATURE_REQUIRED)`,
    }),
  );
