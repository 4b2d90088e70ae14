import { Injectable } from '@nestjs/common';
import {
  assertIfMatch,
  currentRowVersion,
  IfMatch,
  NotFoundError,
  RowKey,
  rowVersionColumn,
  updateVersionedRow,
  VersionedRow,
} from '@sports/common';
import { DataSource, EntityManager } from 'typeorm';
import type { UserTier } from '../profiles/user.entity';
import { EFFECTIVE_FEATURES_SQL } from './effective-features';

export interface TierRow extends VersionedRow {
  tier: UserTier;
  features: string[];
  updated_at: Date;
}

const TIER_COLUMNS = `tier, features, updated_at, ${rowVersionColumn()}`;

export interface FeatureRow {
  key: string;
  description: string;
}

export interface OverrideRow {
  feature: string;
  granted: boolean;
}

/** The only place with queries on membership_tiers, features and user_feature_overrides. */
@Injectable()
export class MembershipRepository {
  constructor(private readonly db: DataSource) {}

  /** A user's tier and effective features in one query. Null when the user is unknown. */
  async featuresOf(userId: string): Promise<{ tier: UserTier; features: string[] } | null> {
    const rows: { tier: UserTier; features: string[] }[] = await this.db.query(
      `SELECT u.tier, ${EFFECTIVE_FEATURES_SQL} AS features
         FROM users u
         JOIN membership_tiers t ON t.tier = u.tier
        WHERE u.id = $1`,
      [userId],
    );
    return rows[0] ?? null;
  }

  overridesOf(userId: string): Promise<OverrideRow[]> {
    return this.db.query(
      `SELECT feature, granted FROM user_feature_overrides WHERE user_id = $1 ORDER BY feature`,
      [userId],
    );
  }

  tiers(): Promise<TierRow[]> {
    return this.db.query(
      `SELECT ${TIER_COLUMNS} FROM membership_tiers
        ORDER BY array_position(ARRAY['free', 'plus', 'pro'], tier)`,
    );
  }

  async tier(tier: UserTier): Promise<TierRow | null> {
    const rows: TierRow[] = await this.db.query(
      `SELECT ${TIER_COLUMNS} FROM membership_tiers WHERE tier = $1`,
      [tier],
    );
    return rows[0] ?? null;
  }

  /** With `ifMatch`, only the version it names is replaced (412 otherwise). */
  async updateTier(tier: UserTier, features: string[], ifMatch?: IfMatch): Promise<TierRow> {
    return updateVersionedRow<TierRow>(
      this.db,
      { table: 'membership_tiers', where: { tier } },
      {
        set: { features },
        stampedNow: ['updated_at'],
        returning: TIER_COLUMNS,
        ifMatch,
        notFound: () => new NotFoundError('Tier', tier),
      },
    );
  }

  catalog(): Promise<FeatureRow[]> {
    return this.db.query(`SELECT key, description FROM features ORDER BY key`);
  }

  /** The keys of `keys` that the catalog does not know. */
  async unknownFeatures(keys: string[]): Promise<string[]> {
    const rows: { key: string }[] = await this.db.query(
      `SELECT k AS key FROM unnest($1::text[]) AS k
        WHERE NOT EXISTS (SELECT 1 FROM features f WHERE f.key = k) ORDER BY k`,
      [keys],
    );
    return rows.map((r) => r.key);
  }

  /**
   * Grants or revokes one feature for one user. The override is part of the account
   * (`GET /admin/users/{id}` lists it), so a write that changes it gives the account row a new
   * version and, with `ifMatch`, writes only over the account version it names (412 otherwise).
   */
  async setOverride(
    userId: string,
    feature: string,
    granted: boolean,
    ifMatch?: IfMatch,
  ): Promise<void> {
    await this.writeOverride(userId, ifMatch, async (m) => {
      // The override it has already is no write: the account keeps its version.
      const written: unknown[] = await m.query(
        `INSERT INTO user_feature_overrides (user_id, feature, granted) VALUES ($1, $2, $3)
         ON CONFLICT (user_id, feature) DO UPDATE SET granted = EXCLUDED.granted, created_at = now()
         WHERE user_feature_overrides.granted IS DISTINCT FROM EXCLUDED.granted
         RETURNING 1`,
        [userId, feature, granted],
      );
      return written.length > 0 ? 'written' : 'unchanged';
    });
  }

  /**
   * Removes a per-user override: false when there is none (checked before `ifMatch`, so a
   * missing override answers 404 whatever If-Match names). Like `setOverride` otherwise.
   */
  async clearOverride(userId: string, feature: string, ifMatch?: IfMatch): Promise<boolean> {
    return (
      (await this.writeOverride(userId, ifMatch, async (m) => {
        const [, count] = (await m.query(
          `DELETE FROM user_feature_overrides WHERE user_id = $1 AND feature = $2`,
          [userId, feature],
        )) as [unknown, number];
        return count > 0 ? 'written' : 'missing';
      })) !== 'missing'
    );
  }

  /**
   * One override write in a transaction under the account row's lock (404 when the account is
   * gone): `write` runs first ('missing': it found nothing to write, answered as is), then
   * `ifMatch` is checked against the locked version (412 rolls the write back), then the
   * account row is touched, unless the write changed nothing ('unchanged': the account keeps
   * its version). A concurrent conditional write waits for the lock and then sees the new
   * version.
   */
  private writeOverride(
    userId: string,
    ifMatch: IfMatch | undefined,
    write: (m: EntityManager) => Promise<OverrideWrite>,
  ): Promise<OverrideWrite> {
    const account: RowKey = { table: 'users', where: { id: userId } };
    const notFound = () => new NotFoundError('User', userId);
    return this.db.transaction(async (m) => {
      const version = await currentRowVersion(m, account, { forUpdate: true });
      if (version === null) throw notFound();
      const outcome = await write(m);
      if (outcome === 'missing') return outcome;
      assertIfMatch(ifMatch, version);
      if (outcome === 'written')
        await m.query(`UPDATE users SET updated_at = now() WHERE id = $1`, [userId]);
      return outcome;
    });
  }
}

/** What an override write found: nothing to remove, the state asked for already, or a change. */
type OverrideWrite = 'missing' | 'unchanged' | 'written';
