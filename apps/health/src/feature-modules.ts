import { AuthModule } from './modules/auth/auth.module';
import { ProfilesModule } from './modules/profiles/profiles.module';
import { ReferenceValuesModule } from './modules/reference-values/reference-values.module';
import { AdminReferenceValueTypesModule } from './modules/admin-reference-value-types/admin-reference-value-types.module';
import { WeightModule } from './modules/weight/weight.module';
import { CircumferenceModule } from './modules/circumference/circumference.module';
import { CaliperModule } from './modules/caliper/caliper.module';
import { ActivityModule } from './modules/activity/activity.module';
import { NutritionModule } from './modules/nutrition/nutrition.module';
import { PhotosModule } from './modules/photos/photos.module';
import { InsightsModule } from './modules/insights/insights.module';
import { PromptsModule } from './modules/prompts/prompts.module';
import { AdminModule } from './modules/admin/admin.module';
import { StatsModule } from './modules/stats/stats.module';
import { ExportdataModule } from './modules/exportdata/exportdata.module';
import { ImportdataModule } from './modules/importdata/importdata.module';
import { MembershipModule } from './modules/membership/membership.module';
import { WorkflowModule } from './modules/workflow/workflow.module';
import { AppDashboardModule } from './modules/app-dashboard/app-dashboard.module';
import { CsvImportModule } from './modules/csv-import/csv-import.module';
import { AdminCsvTemplatesModule } from './modules/admin-csv-templates/admin-csv-templates.module';
import { FhirModule } from './modules/fhir/fhir.module';
import { LlmUsageModule } from './modules/llm-usage/llm-usage.module';

/**
 * Every feature module of the service, in the order of the specification's version table, then
 * the extensions beyond it.
 */
export const FEATURE_MODULES = [
  AuthModule,
  ProfilesModule,
  ReferenceValuesModule,
  AdminReferenceValueTypesModule,
  WeightModule,
  CircumferenceModule,
  CaliperModule,
  ActivityModule,
  NutritionModule,
  PhotosModule,
  InsightsModule,
  PromptsModule,
  AdminModule,
  StatsModule,
  ExportdataModule,
  ImportdataModule,
  MembershipModule,
  WorkflowModule,
  AppDashboardModule,
  CsvImportModule,
  AdminCsvTemplatesModule,
  FhirModule,
  LlmUsageModule,
];
