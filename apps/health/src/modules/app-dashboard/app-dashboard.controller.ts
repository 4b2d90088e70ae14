import { Body, Controller, Delete, Get, HttpCode, Param, Put } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiTags, ApiOperation } from '@nestjs/swagger';
import {
  ApiErrors,
  Authenticated,
  type AuthUser,
  ConditionalWrite,
  CurrentUser,
  EntityTagged,
  IfMatch,
  IfMatchHeader,
  Roles,
} from '@sports/common';
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
  @EntityTagged()
  @ApiOperation({ operationId: 'getDashboard', summary: 'Get the caller’s app dashboard' })
  get(@CurrentUser() user: AuthUser): Promise<DashboardResponse> {
    return this.dashboard.dashboardOf(user.id);
  }

  /** Saves the caller's own layout; 422 UNKNOWN_WIDGET for a key outside the catalog. */
  @Put()
  @ApiOkResponse({ type: DashboardResponse })
  @ConditionalWrite()
  @ApiErrors('UNKNOWN_WIDGET', 'DUPLICATE_WIDGET')
  @ApiOperation({
    operationId: 'replaceDashboard',
    summary: 'Replace the caller’s dashboard layout',
  })
  put(
    @CurrentUser() user: AuthUser,
    @Body() body: LayoutRequest,
    @IfMatchHeader() ifMatch?: IfMatch,
  ): Promise<DashboardResponse> {
    return this.dashboard.saveLayout(user.id, body.widgets, ifMatch);
  }

  /** Drops the caller's own layout; the product default applies again. */
  @Delete()
  @ApiOkResponse({ type: DashboardResponse })
  @ConditionalWrite()
  @ApiOperation({
    operationId: 'resetDashboard',
    summary: 'Reset the caller’s dashboard to the default',
  })
  reset(
    @CurrentUser() user: AuthUser,
    @IfMatchHeader() ifMatch?: IfMatch,
  ): Promise<DashboardResponse> {
    return this.dashboard.resetLayout(user.id, ifMatch);
  }

  /** Every catalog widget with its availability for the caller (for the layout editor). */
  @Get('widgets')
  @ApiOkResponse({ type: UserWidgetListResponse })
  @ApiOperation({
    operationId: 'listDashboardWidgets',
    summary: 'List the widgets the caller may place',
  })
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
  @ApiOperation({
    operationId: 'listAllDashboardWidgets',
    summary: 'List every dashboard widget with its features (admin)',
  })
  widgets(): Promise<AdminWidgetListResponse> {
    return this.dashboard.adminWidgets();
  }

  @Get('widgets/:key')
  @ApiOkResponse({ type: AdminWidgetResponse })
  @EntityTagged()
  @ApiErrors('NOT_FOUND')
  @ApiOperation({ operationId: 'getDashboardWidget', summary: 'Get one dashboard widget (admin)' })
  widget(@Param('key') key: string): Promise<AdminWidgetResponse> {
    return this.dashboard.adminWidget(key);
  }

  /** Sets the override that replaces the widget's catalog features (422 UNKNOWN_FEATURE). */
  @Put('widgets/:key/features')
  @ApiOkResponse({ type: AdminWidgetResponse })
  @ConditionalWrite()
  @ApiErrors('NOT_FOUND', 'UNKNOWN_FEATURE')
  @ApiOperation({
    operationId: 'setDashboardWidgetFeatures',
    summary: 'Set the features a widget requires (admin)',
  })
  setFeatures(
    @CurrentUser() admin: AuthUser,
    @Param('key') key: string,
    @Body() body: WidgetFeaturesRequest,
    @IfMatchHeader() ifMatch?: IfMatch,
  ): Promise<AdminWidgetResponse> {
    return this.dashboard.setOverride(key, body.features, admin.id, ifMatch);
  }

  /** Clears the override; the catalog assignment applies again (404 when there is none). */
  @Delete('widgets/:key/features')
  @HttpCode(204)
  @ApiNoContentResponse()
  @ConditionalWrite()
  @ApiErrors('NOT_FOUND')
  @ApiOperation({
    operationId: 'clearDashboardWidgetFeatures',
    summary: 'Restore the default features of a widget (admin)',
  })
  clearFeatures(@Param('key') key: string, @IfMatchHeader() ifMatch?: IfMatch): Promise<void> {
    return this.dashboard.clearOverride(key, ifMatch);
  }

  @Get('default')
  @ApiOkResponse({ type: ProductDefaultResponse })
  @EntityTagged()
  @ApiOperation({
    operationId: 'getDefaultDashboard',
    summary: 'Get the default dashboard layout (admin)',
  })
  getDefault(): Promise<ProductDefaultResponse> {
    return this.dashboard.productDefault();
  }

  /** Writes system_config.product_dashboard_default, validated against the catalog. */
  @Put('default')
  @ApiOkResponse({ type: ProductDefaultResponse })
  @ConditionalWrite()
  @ApiErrors('UNKNOWN_WIDGET', 'DUPLICATE_WIDGET')
  @ApiOperation({
    operationId: 'replaceDefaultDashboard',
    summary: 'Replace the default dashboard layout (admin)',
  })
  putDefault(
    @CurrentUser() admin: AuthUser,
    @Body() body: LayoutRequest,
    @IfMatchHeader() ifMatch?: IfMatch,
  ): Promise<ProductDefaultResponse> {
    return this.dashboard.saveProductDefault(body.widgets, admin.id, ifMatch);
  }
}
