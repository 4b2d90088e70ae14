import { Body, Controller, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Authenticated, type AuthUser, CurrentUser, Roles } from '@sports/common';
import { AppDashboardService } from './app-dashboard.service';
import {
  AdminWidgetListResponse,
  AdminWidgetResponse,
  DashboardResponse,
  LayoutRequest,
  ProductDefaultResponse,
  UserWidgetListResponse,
  WidgetFeaturesRequest,
} from './dto/app-dashboard.dto';

@ApiTags('app-dashboard')
@Controller('app-dashboard')
@Authenticated()
export class AppDashboardController {
  constructor(private readonly dashboard: AppDashboardService) {}

  /** The caller's layout, or the product default, each widget with `available` and `missing_features`. */
  @Get()
  @ApiOkResponse({ type: DashboardResponse })
  get(@CurrentUser() user: AuthUser): Promise<DashboardResponse> {
    return this.dashboard.dashboardOf(user.id);
  }

  /** Saves the caller's own layout; 422 UNKNOWN_WIDGET for a key outside the catalog. */
  @Put()
  @ApiOkResponse({ type: DashboardResponse })
  put(@CurrentUser() user: AuthUser, @Body() body: LayoutRequest): Promise<DashboardResponse> {
    return this.dashboard.saveLayout(user.id, body.widgets);
  }

  /** Drops the caller's own layout; the product default applies again. */
  @Delete()
  @ApiOkResponse({ type: DashboardResponse })
  reset(@CurrentUser() user: AuthUser): Promise<DashboardResponse> {
    return this.dashboard.resetLayout(user.id);
  }

  /** Every catalog widget with its availability for the caller (for the layout editor). */
  @Get('widgets')
  @ApiOkResponse({ type: UserWidgetListResponse })
  widgets(@CurrentUser() user: AuthUser): Promise<UserWidgetListResponse> {
    return this.dashboard.widgetsFor(user.id);
  }
}

@ApiTags('admin')
@Controller('admin/dashboard')
@Roles('admin')
export class AdminDashboardController {
  constructor(private readonly dashboard: AppDashboardService) {}

  @Get('widgets')
  @ApiOkResponse({ type: AdminWidgetListResponse })
  widgets(): Promise<AdminWidgetListResponse> {
    return this.dashboard.adminWidgets();
  }

  @Get('widgets/:key')
  @ApiOkResponse({ type: AdminWidgetResponse })
  widget(@Param('key') key: string): Promise<AdminWidgetResponse> {
    return this.dashboard.adminWidget(key);
  }

  /** Sets the override that replaces the widget's catalog features (422 UNKNOWN_FEATURE). */
  @Put('widgets/:key/features')
  @ApiOkResponse({ type: AdminWidgetResponse })
  setFeatures(
    @CurrentUser() admin: AuthUser,
    @Param('key') key: string,
    @Body() body: WidgetFeaturesRequest,
  ): Promise<AdminWidgetResponse> {
    return this.dashboard.setOverride(key, body.features, admin.id);
  }

  /** Clears the override; the catalog assignment applies again (404 when there is none). */
  @Delete('widgets/:key/features')
  @HttpCode(204)
  @ApiNoContentResponse()
  clearFeatures(@Param('key') key: string): Promise<void> {
    return this.dashboard.clearOverride(key);
  }

  @Get('default')
  @ApiOkResponse({ type: ProductDefaultResponse })
  getDefault(): Promise<ProductDefaultResponse> {
    return this.dashboard.productDefault();
  }

  /** Writes system_config.product_dashboard_default, validated against the catalog. */
  @Put('default')
  @ApiOkResponse({ type: ProductDefaultResponse })
  putDefault(
    @CurrentUser() admin: AuthUser,
    @Body() body: LayoutRequest,
  ): Promise<ProductDefaultResponse> {
    return this.dashboard.saveProductDefault(body.widgets, admin.id);
  }
}
