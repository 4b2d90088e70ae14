import { AuthModule } from './modules/auth/auth.module';
import { ProfilesModule } from './modules/profiles/profiles.module';
import { TenantContextModule } from './modules/tenant-context/tenant-context.module';
import { ClubsModule } from './modules/clubs/clubs.module';
import { ClubMembershipsModule } from './modules/club-memberships/club-memberships.module';
import { ClubJoinRequestsModule } from './modules/club-join-requests/club-join-requests.module';
import { AdminUsersModule } from './modules/admin-users/admin-users.module';
import { PlatformMediaStorageModule } from './modules/platform-media-storage/platform-media-storage.module';
import { MediaAssetsModule } from './modules/media-assets/media-assets.module';
import { GroupsModule } from './modules/groups/groups.module';
import { SkillsModule } from './modules/skills/skills.module';
import { MethodsModule } from './modules/methods/methods.module';
import { ExercisesModule } from './modules/exercises/exercises.module';
import { TrainingUnitsModule } from './modules/training-units/training-units.module';
import { TrainingProgramsModule } from './modules/training-programs/training-programs.module';
import { PlanningModule } from './modules/planning/planning.module';
import { ImportWikiModule } from './modules/import-wiki/import-wiki.module';
import { AdminModule } from './modules/admin/admin.module';
import { MembershipModule } from './modules/membership/membership.module';
import { CatalogsModule } from './modules/catalogs/catalogs.module';
import { MaturityModelsModule } from './modules/maturity-models/maturity-models.module';
import { CalendarModule } from './modules/calendar/calendar.module';

/**
 * Every feature module of the service, in the order of the specification's version table, then
 * the extensions beyond it.
 */
export const FEATURE_MODULES = [
  AuthModule,
  ProfilesModule,
  TenantContextModule,
  ClubsModule,
  ClubMembershipsModule,
  ClubJoinRequestsModule,
  AdminUsersModule,
  PlatformMediaStorageModule,
  MediaAssetsModule,
  GroupsModule,
  SkillsModule,
  MethodsModule,
  ExercisesModule,
  TrainingUnitsModule,
  TrainingProgramsModule,
  PlanningModule,
  ImportWikiModule,
  AdminModule,
  MembershipModule,
  CatalogsModule,
  MaturityModelsModule,
  CalendarModule,
];
