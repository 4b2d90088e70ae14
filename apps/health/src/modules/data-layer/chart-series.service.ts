import { Injectable } from '@nestjs/common';
import { ChartSeriesRepository, EnergyProfileRow } from './chart-series.repository';

/** Chart-specific reads of the shared data layer (the SQL lives in ChartSeriesRepository). */
@Injectable()
export class ChartSeriesService {
  constructor(private readonly repo: ChartSeriesRepository) {}

  /** The profile's activity level (for the energy goal of chart E1); null when unset. */
  async activityLevel(userId: string): Promise<EnergyProfileRow['activity_level']> {
    return (await this.repo.energyProfile(userId))?.activity_level ?? null;
  }
}
