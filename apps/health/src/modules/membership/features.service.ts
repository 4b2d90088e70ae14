import { Injectable } from '@nestjs/common';
import {
  FeatureResolver,
  IfMatch,
  NotFoundError,
  UnprocessableError,
  withEntityTag,
  type WriteTarget,
} from '@sports/common';
import { USER_TIERS, UserTier } from '../profiles/user.entity';
import {
  FeatureListResponse,
  MembershipResponse,
  TierListResponse,
  TierResponse,
} from './dto/membership.dto';
import { MembershipRepository, TierRow } from './membership.repository';

const toTierResponse = (r: TierRow): TierResponse => ({
  tier: r.tier,
  features: r.features,
  updated_at: r.updated_at.toISOString(),
});

/**
 * The one answer to "which features does this user have" (../shared/spec/decisions.md §2): tier features
 * plus per-user grants minus per-user revocations. It is the service's FeatureResolver: the
 * shared feature gate (`@RequireFeatures`, `FeatureGate`) asks here.
 */
@Injectable()
export class FeaturesService implements FeatureResolver {
  constructor(private readonly membership: MembershipRepository) {}

  async featuresOf(userId: string): Promise<string[]> {
    return (await this.membership.featuresOf(userId))?.features ?? [];
  }

  /** The user's membership tier; null when the user is unknown. */
  async tierOf(userId: string): Promise<UserTier | null> {
    return (await this.membership.featuresOf(userId))?.tier ?? null;
  }

  async membershipOf(userId: string): Promise<MembershipResponse> {
    const effective = await this.membership.featuresOf(userId);
    if (!effective) throw new NotFoundError('User', userId);
    return {
      tier: effective.tier,
      features: effective.features,
      overrides: await this.membership.overridesOf(userId),
    };
  }

  async tiers(): Promise<TierListResponse> {
    const items = (await this.membership.tiers()).map(toTierResponse);
    return { items, total: items.length, limit: items.length, offset: 0 };
  }

  async catalog(): Promise<FeatureListResponse> {
    const items = await this.membership.catalog();
    return { items, total: items.length, limit: items.length, offset: 0 };
  }

  async tier(tier: string): Promise<TierResponse> {
    const row = USER_TIERS.includes(tier as UserTier)
      ? await this.membership.tier(tier as UserTier)
      : null;
    if (!row) throw new NotFoundError('Tier', tier);
    return withEntityTag(toTierResponse(row), row.row_version);
  }

  /** With `ifMatch`, only the version it names is replaced (412 otherwise). */
  async updateTier(tier: string, features: string[], ifMatch?: IfMatch): Promise<TierResponse> {
    if (!USER_TIERS.includes(tier as UserTier)) throw new NotFoundError('Tier', tier);
    const unique = [...new Set(features)].sort();
    await this.requireKnown(unique);
    // The features it has already (in any order) are no change: the tier keeps its version.
    const stored = (await this.membership.tier(tier as UserTier))?.features ?? [];
    const same = stored.length === unique.length && stored.every((f) => unique.includes(f));
    const row = await this.membership.updateTier(tier as UserTier, same ? stored : unique, ifMatch);
    return withEntityTag(toTierResponse(row), row.row_version);
  }

  /**
   * Grants (`granted = true`) or revokes one feature for one user (`id`), beyond their tier.
   * With `ifMatch`, only over the account version it names (412 otherwise).
   */
  async setOverride(
    { id, ifMatch }: WriteTarget,
    feature: string,
    granted: boolean,
  ): Promise<void> {
    await this.requireKnown([feature]);
    await this.membership.setOverride(id, feature, granted, ifMatch);
  }

  /**
   * Removes a per-user override; the user falls back to the tier's set. 404 when there is
   * none, whatever `ifMatch` names; otherwise like `setOverride`.
   */
  async clearOverride({ id, ifMatch }: WriteTarget, feature: string): Promise<void> {
    if (!(await this.membership.clearOverride(id, feature, ifMatch))) {
      throw new NotFoundError('Feature override', feature);
    }
  }

  private async requireKnown(features: string[]): Promise<void> {
    const unknown = await this.membership.unknownFeatures(features);
    if (unknown.length) {
      throw new UnprocessableError(`Unknown features: ${unknown.join(', ')}.`, 'UNKNOWN_FEATURE', {
        extensions: { unknown_features: unknown },
      });
    }
  }
}
