import { DynamicModule, Module, Type } from '@nestjs/common';
import { ChartSeriesModule } from '../data-layer/chart-series.module';
import { DataLayerModule } from '../data-layer/data-layer.module';
import { CHART_ACCESS, ChartAccess } from './chart-access';
import { ChartsController } from './charts.controller';
import { ChartsService } from './charts.service';

/**
 * The chart endpoints (../shared/spec/charts.md). Not a module of the version table: a plain module imported
 * by `app_dashboard`, whose widgets show these charts and which therefore decides who may read
 * them (`withAccess`).
 */
@Module({})
export class ChartsModule {
  /** `access` (provided by `accessModule`) decides who may read a chart. */
  static withAccess(accessModule: Type<unknown>, access: Type<ChartAccess>): DynamicModule {
    return {
      module: ChartsModule,
      imports: [DataLayerModule, ChartSeriesModule, accessModule],
      controllers: [ChartsController],
      providers: [ChartsService, { provide: CHART_ACCESS, useExisting: access }],
      exports: [ChartsService],
    };
  }
}
