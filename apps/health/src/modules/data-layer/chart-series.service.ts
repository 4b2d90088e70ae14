import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@sports/common';
import { ChartSeriesRepository, EnergyProfileRow } from './chart-series.repository';

/** Chart-specific reads of the shared data layer (the SQL lives in ChartSeriesRepository). */
@Injectable()
export class ChartSeriesService {
  constructor(private readonly repo: ChartSeriesRepository) {}

  /**
   * The profile facts (as `DataLayerService.profile`) and the activity level (null when unset)
   * for the energy goal of chart E1, in one statement.
   */
  async energyProfile(userId: string): Promise<EnergyProfileRow> {
    const profile = await this.repo.energyProfile(userId);
    if (!profile) throw new NotFoundError('User', userId);
    return profile;
  }
}
