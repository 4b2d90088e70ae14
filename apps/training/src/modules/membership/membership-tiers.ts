import type { ProfileTier } from '../profiles/profile.entity';

/** What one membership tier allows. */
export interface TierLimits {
  /** Largest single upload in bytes. */
  upload_bytes_per_file: number;
  /** Total bytes of media a profile may own. */
  storage_quota_bytes: number;
  /** Number of private exercises a profile may own. */
  max_private_exercises: number;
}

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** The tier table (../shared/spec/decisions.md §3 "Membership (training)"); tiers change via profile updates by admins. */
export const TIER_LIMITS: Readonly<Record<ProfileTier, Readonly<TierLimits>>> = Object.freeze({
  free: Object.freeze({
    upload_bytes_per_file: 10 * MB,
    storage_quota_bytes: 500 * MB,
    max_private_exercises: 50,
  }),
  trainer: Object.freeze({
    upload_bytes_per_file: 100 * MB,
    storage_quota_bytes: 10 * GB,
    max_private_exercises: 1000,
  }),
  club: Object.freeze({
    upload_bytes_per_file: 500 * MB,
    storage_quota_bytes: 100 * GB,
    max_private_exercises: 10000,
  }),
});
