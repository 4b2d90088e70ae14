import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@sports/common';
import type { EntityManager } from 'typeorm';
import { ProfilesService } from '../profiles/profiles.service';
import type { ProfileTier } from '../profiles/profile.entity';
import type { MembershipResponse } from './dto/membership.dto';
import { TIER_LIMITS, TierLimits } from './membership-tiers';

/**
 * What each tier allows; read by media uploads (file size, storage quota) and by exercises
 * (number of private exercises), which enforce the limits.
 */
@Injectable()
export class MembershipService {
  constructor(private readonly profiles: ProfilesService) {}

  /** The limits of `tier` (a copy; unknown tiers get the free tier's limits). */
  limitsFor(tier: ProfileTier | string): TierLimits {
    const limits = (TIER_LIMITS as Record<string, TierLimits>)[tier] ?? TIER_LIMITS.free;
    return { ...limits };
  }

  /** The tier of a profile and its limits (free when the profile is gone), read within `m`. */
  async limitsOfProfile(
    profileId: string,
    m?: EntityManager,
  ): Promise<{ tier: string; limits: TierLimits }> {
    const tier = (await this.profiles.findById(profileId, m))?.tier ?? 'free';
    return { tier, limits: this.limitsFor(tier) };
  }

  async ofProfile(profileId: string): Promise<MembershipResponse> {
    const profile = await this.profiles.findById(profileId);
    if (!profile) throw new NotFoundError('Profile', profileId);
    return { tier: profile.tier, limits: this.limitsFor(profile.tier) };
  }
}
