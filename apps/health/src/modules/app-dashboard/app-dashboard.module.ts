import { FeatureModule } from '@sports/common';
import { ChartsModule } from '../charts/charts.module';
import { ChartAccessService } from './chart-access.service';
import { MembershipModule } from '../membership/membership.module';
import { AdminDashboardController, AppDashboardController } from './app-dashboard.controller';
import { AppDashboardService } from './app-dashboard.service';
import { WidgetCatalogModule } from './widget-catalog.module';

/**
 * Module `app_dashboard`: widgets gated by features (AND rule, admin override), the user's own
 * layout or the product default. It brings in the chart endpoints (ChartsModule, a plain
 * module outside the version table) whose charts its widgets show, with the chart access that
 * follows from the widgets (charts never import this module: no module cycle).
 */
@FeatureModule({
  name: 'app_dashboard',
  version: '1.11.0',
  imports: [
    MembershipModule,
    WidgetCatalogModule,
    ChartsModule.withAccess(WidgetCatalogModule, ChartAccessService),
  ],
  controllers: [AppDashboardController, AdminDashboardController],
  providers: [AppDashboardService],
})
export class AppDashboardModule {}
