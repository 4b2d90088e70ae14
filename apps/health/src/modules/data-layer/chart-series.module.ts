import { Module } from '@nestjs/common';
import { PreparedReads } from '@sports/common';
import { ChartSeriesRepository } from './chart-series.repository';
import { ChartSeriesService } from './chart-series.service';

/**
 * Part of the shared data layer: the extra reads of the chart endpoints. Its own module so the
 * core DataLayerModule stays untouched; the charts import both.
 */
@Module({
  providers: [ChartSeriesRepository, ChartSeriesService, PreparedReads],
  exports: [ChartSeriesService],
})
export class ChartSeriesModule {}
