import { Injectable } from '@nestjs/common';
import { PreparedReads } from '@sports/common';
import { PROFILE_COLUMNS } from './data-layer.repository';
import type { ProfileFacts } from './data-layer.types';

/** The profile facts with the activity level: what chart E1's energy goal needs. */
export interface EnergyProfileRow extends ProfileFacts {
  activity_level: 'sedentary' | 'light' | 'moderate' | 'active' | 'very_active' | null;
}

/**
 * Series the chart endpoints need beyond the core data layer (added for issue #9, kept in
 * its own file). Every query filters by `user_id`/`id = $1`.
 */
@Injectable()
export class ChartSeriesRepository {
  constructor(private readonly db: PreparedReads) {}

  async energyProfile(userId: string): Promise<EnergyProfileRow | null> {
    const rows: EnergyProfileRow[] = await this.db.query(
      `SELECT ${PROFILE_COLUMNS}, activity_level FROM users WHERE id = $1`,
      [userId],
    );
    return rows[0] ?? null;
  }
}
