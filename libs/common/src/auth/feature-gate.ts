import {
  applyDecorators,
  ExecutionContext,
  Inject,
  Injectable,
  Optional,
  SetMetadata,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ApiForbiddenResponse } from '@nestjs/swagger';
import { ApiErrors } from '../openapi/api-errors.decorator';
import { ForbiddenError, UnauthenticatedError } from '../errors';
import type { AuthUser } from './auth-user';
import { routeMetadata } from './route-metadata';

export const FEATURES_METADATA = 'access:required-features';

/**
 * Which features a user has (e.g. a membership tier's features plus grants minus revocations).
 * A service that gates routes by feature provides one (`ServiceCoreOptions.auth.features`);
 * the gate itself knows nothing of tiers or where features are stored.
 */
export interface FeatureResolver {
  /** The user's features; none for an unknown user. */
  featuresOf(userId: string): Promise<readonly string[]>;
}

export const FEATURE_RESOLVER = Symbol('FEATURE_RESOLVER');

export interface RequireFeaturesOptions {
  /** The OpenAPI description of the 403 answer; by default it names the features. */
  description?: string;
}

/**
 * The caller must have every one of `features`. The access guard checks it after the caller is
 * authenticated and its role rule has passed, before any body or upload is read; the refusal is
 * 403 FEATURE_REQUIRED with `missing_features`. Only on routes that require a signed-in caller
 * (a public route with features refuses to start).
 */
export const RequireFeatures = (
  features: string | readonly string[],
  options: RequireFeaturesOptions = {},
): MethodDecorator & ClassDecorator => {
  const list = typeof features === 'string' ? [features] : [...features];
  if (!list.length) throw new Error('RequireFeatures needs at least one feature');
  return applyDecorators(
    SetMetadata(FEATURES_METADATA, list),
    ApiForbiddenResponse({
      description:
        options.description ?? `Requires the feature(s) ${list.join(', ')} (FEATURE_REQUIRED)`,
    }),
    ApiErrors('FEATURE_REQUIRED'),
  );
};

/** The features a route requires (`@RequireFeatures` on the handler, else on the controller). */
export function requiredFeaturesOf(
  reflector: Reflector,
  targets: Parameters<Reflector['getAllAndOverride']>[1],
): string[] | undefined {
  return reflector.getAllAndOverride<string[] | undefined>(FEATURES_METADATA, targets);
}

/** AND rule: the features of `required` missing from `have` (empty: allowed). */
export const missingFeatures = (required: readonly string[], have: ReadonlySet<string>): string[] =>
  required.filter((f) => !have.has(f));

/**
 * OR of AND rules: empty when `have` holds every feature of at least one alternative, else what
 * the alternative closest to `have` (fewest missing, the first on a tie) lacks.
 */
export function closestMissingFeatures(
  alternatives: readonly (readonly string[])[],
  have: ReadonlySet<string>,
): string[] {
  if (!alternatives.length) throw new Error('closestMissingFeatures needs an alternative');
  return alternatives
    .map((features) => missingFeatures(features, have))
    .reduce((fewest, m) => (m.length < fewest.length ? m : fewest));
}

/** 403 FEATURE_REQUIRED naming the `missing_features`. */
export const featureRequired = (missing: readonly string[]): ForbiddenError =>
  new ForbiddenError(
    `Your membership does not include: ${missing.join(', ')}.`,
    'FEATURE_REQUIRED',
    {
      extensions: { missing_features: [...missing] },
      hint: 'Upgrade your membership tier.',
    },
  );

/**
 * The one feature gate of a service: the access guard runs it for `@RequireFeatures` routes,
 * and services call `require`/`requireAnyOf` where the features depend on data only they know
 * (the object a path names, its owner). Both answer the same 403 FEATURE_REQUIRED.
 */
@Injectable()
export class FeatureGate {
  constructor(
    private readonly reflector: Reflector,
    @Optional() @Inject(FEATURE_RESOLVER) private readonly resolver?: FeatureResolver,
  ) {}

  /** Whether the service provides a feature resolver (a gated route needs one). */
  get configured(): boolean {
    return this.resolver !== undefined;
  }

  /** 403 FEATURE_REQUIRED listing `missing_features` unless the user has all of `features`. */
  async require(userId: string, features: readonly string[]): Promise<void> {
    await this.requireAnyOf(userId, [features]);
  }

  /**
   * 403 FEATURE_REQUIRED unless the user has every feature of at least one of `alternatives`;
   * `missing_features` names what the alternative closest to the user's set lacks. The
   * alternatives may still be loading (a promise): the user's features are read meanwhile.
   */
  async requireAnyOf(
    userId: string,
    alternatives: readonly (readonly string[])[] | Promise<readonly (readonly string[])[]>,
  ): Promise<void> {
    if (!this.resolver) throw new Error('Feature gating needs a FeatureResolver (auth.features)');
    const [wanted, features] = await Promise.all([alternatives, this.resolver.featuresOf(userId)]);
    const missing = closestMissingFeatures(wanted, new Set(features));
    if (missing.length) throw featureRequired(missing);
  }

  /**
   * The access guard's step for the route of `context`: nothing for a route without
   * `@RequireFeatures`; 401 without a caller; 403 FEATURE_REQUIRED when the caller lacks one.
   */
  async checkRoute(context: ExecutionContext, user: AuthUser | undefined): Promise<void> {
    const required = routeMetadata<string[]>(this.reflector, FEATURES_METADATA, context);
    if (!required?.length) return;
    if (!user) throw new UnauthenticatedError('A valid access token is required.');
    await this.require(user.id, required);
  }
}
