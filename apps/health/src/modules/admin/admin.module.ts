import { FeatureModule } from '@sports/common';
import { MembershipModule } from '../membership/membership.module';
import { ProfilesModule } from '../profiles/profiles.module';
import { AdminUsersController } from './admin-users.controller';
import { AdminUsersService } from './admin-users.service';

/** Module `admin`: user management (list, role, activation, tier, feature overrides). */
@FeatureModule({
  name: 'admin',
  version: '1.4.0',
  imports: [ProfilesModule, MembershipModule],
  controllers: [AdminUsersController],
  providers: [AdminUsersService],
})
export class AdminModule {}
