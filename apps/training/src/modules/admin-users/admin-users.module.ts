import { FeatureModule } from '@sports/common';
import { ClubMembershipsModule } from '../club-memberships/club-memberships.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { AdminUsersController } from './admin-users.controller';
import { AdminUsersService } from './admin-users.service';

/** Module `admin_users`: GET /api/admin/users, every profile with its clubs (platform admins). */
@FeatureModule({
  name: 'admin_users',
  version: '1.0.0',
  imports: [ProfilesModule, ClubMembershipsModule],
  controllers: [AdminUsersController],
  providers: [AdminUsersService],
})
export class AdminUsersModule {}
