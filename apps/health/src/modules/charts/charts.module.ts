import { Module } from '@nestjs/common';
import { ChartSeriesModule } from '../data-layer/chart-series.module';
import { DataLayerModule } from '../data-layer/data-layer.module';
import { MembershipModule } from '../membership/membership.module';
import { ChartsController } from './charts.controller';
import { ChartsService } from './charts.service';

/**
 * The chart endpoints (charts.md). Not a module of the version table: a plain module imported
 * by `app_dashboard`, whose widgets show these charts.
 */
@Module({
  imports: [DataLayerModule, ChartSeriesModule, MembershipModule],
  controllers: [ChartsController],
  providers: [ChartsService],
  exports: [ChartsService],
})
export class ChartsModule {}
