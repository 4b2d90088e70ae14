import { Module } from '@nestjs/common';
import { PreparedReads } from '@sports/common';
import { AppDashboardRepository } from './app-dashboard.repository';
import { ChartAccessService } from './chart-access.service';

/**
 * The widget catalog and the chart access that follows from it, shared by the dashboard and
 * the chart endpoints (which the dashboard module imports, so they cannot import it back).
 */
@Module({
  providers: [AppDashboardRepository, ChartAccessService, PreparedReads],
  exports: [AppDashboardRepository, ChartAccessService],
})
export class WidgetCatalogModule {}
