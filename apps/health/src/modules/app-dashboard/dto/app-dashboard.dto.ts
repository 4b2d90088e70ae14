import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsIn, IsString, Length } from 'class-validator';
import { NestedArray } from '@sports/common';
import { WIDGET_SIZES, type WidgetSize } from '../app-dashboard.repository';

export const MAX_LAYOUT_WIDGETS = 60;

export class LayoutItemDto {
  @ApiProperty({ example: 'chart.c1' })
  @IsString()
  @Length(1, 100)
  key!: string;

  @ApiProperty({ enum: WIDGET_SIZES, example: 'large' })
  @IsIn(WIDGET_SIZES)
  size!: WidgetSize;
}

/** Body of PUT /api/app-dashboard and PUT /api/admin/dashboard/default: ordered widgets. */
export class LayoutRequest {
  @NestedArray(() => LayoutItemDto, { max: MAX_LAYOUT_WIDGETS })
  widgets!: LayoutItemDto[];
}

export class WidgetFeaturesRequest {
  @ApiProperty({
    example: ['charts.advanced'],
    description: 'Replaces the catalog assignment; [] opens the widget to all',
  })
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  features!: string[];
}

export class WidgetResponse {
  @ApiProperty({ example: 'chart.c1' }) key!: string;
  @ApiProperty({ example: 'Weight trend' }) title!: string;
  @ApiProperty({ enum: ['summary', 'chart', 'combo'] }) kind!: string;
  @ApiProperty({ nullable: true, type: String, example: 'C1' }) chart_code!: string | null;
  @ApiProperty({ example: '/api/charts/C1', description: 'Where the client reads the widget data' })
  data_url!: string;
  @ApiProperty({ enum: WIDGET_SIZES }) default_size!: string;
  @ApiProperty({
    example: ['charts.basic'],
    description: 'Effective features (override or catalog)',
  })
  features!: string[];
}

export class UserWidgetResponse extends WidgetResponse {
  @ApiProperty({ description: 'The caller has every one of `features` (AND rule)' })
  available!: boolean;
  @ApiProperty({ example: [] }) missing_features!: string[];
}

export class DashboardWidgetResponse extends UserWidgetResponse {
  @ApiProperty({ enum: WIDGET_SIZES }) size!: string;
  @ApiProperty({ example: 0 }) position!: number;
}

export class DashboardResponse {
  @ApiProperty({
    enum: ['user', 'default'],
    description: "The caller's own layout or the product default",
  })
  source!: 'user' | 'default';
  @ApiProperty({ nullable: true, type: String }) updated_at!: string | null;
  @ApiProperty({ type: [DashboardWidgetResponse] }) widgets!: DashboardWidgetResponse[];
}

export class UserWidgetListResponse {
  @ApiProperty({ type: [UserWidgetResponse] }) items!: UserWidgetResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export class AdminWidgetResponse extends WidgetResponse {
  @ApiProperty({ example: ['charts.basic'] }) catalog_features!: string[];
  @ApiProperty({ nullable: true, type: [String], example: null }) override_features!:
    string[] | null;
  @ApiProperty({ nullable: true, type: String }) override_updated_at!: string | null;
}

export class AdminWidgetListResponse {
  @ApiProperty({ type: [AdminWidgetResponse] }) items!: AdminWidgetResponse[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;
}

export class ProductDefaultResponse {
  @ApiProperty({ type: [LayoutItemDto] }) widgets!: LayoutItemDto[];
  @ApiProperty({ nullable: true, type: String }) updated_at!: string | null;
}
