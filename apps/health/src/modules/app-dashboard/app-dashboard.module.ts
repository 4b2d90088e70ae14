import { FeatureModule } from '@sports/common';
import { ChartsModule } from '../charts/charts.module';
import { MembershipModule } from '../membership/membership.module';
import { AdminDashboardController, AppDashboardController } from './app-dashboard.controller';
import { AppDashboardRepository } from './app-dashboard.repository';
import { AppDashboardService } from './app-dashboard.service';

/**
 * Module `app_dashboard`: widgets gated by features (AND rule, admin override), the user's own
 * layout or the product default. It brings in the chart endpoints (ChartsModule, a plain
 * module outside the version table) whose charts its widgets show.
 */
@FeatureModule({
  name: 'app_dashboard',
  version: '1.11.0',
  imports: [MembershipModule, ChartsModule],
  controllers: [AppDashboardController, AdminDashboardController],
  providers: [AppDashboardRepository, AppDashboardService],
})
export class AppDashboardModule {}
