import { Injectable } from '@nestjs/common';
import { DataLayerService } from '../data-layer/data-layer.service';
import { utcToday } from '../data-layer/series-values';
import type { StatsResponse } from './dto/stats.dto';

/** The caller's summary, read only through the shared data layer. */
@Injectable()
export class StatsService {
  constructor(private readonly data: DataLayerService) {}

  async summary(userId: string, today: string = utcToday()): Promise<StatsResponse> {
    const [modules, current, changes] = await Promise.all([
      this.data.counts(userId),
      this.data.latestValues(userId),
      this.data.metricChanges(userId, today),
    ]);
    return { as_of: today, modules, current, changes };
  }
}
