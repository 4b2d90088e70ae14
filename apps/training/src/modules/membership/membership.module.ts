import { FeatureModule } from '@sports/common';
import { ProfilesModule } from '../profiles/profiles.module';
import { MembershipController } from './membership.controller';
import { MembershipService } from './membership.service';

/** Module `membership`: the tiers free / trainer / club and their limits; GET /api/membership. */
@FeatureModule({
  name: 'membership',
  version: '1.0.0',
  imports: [ProfilesModule],
  controllers: [MembershipController],
  providers: [MembershipService],
  exports: [MembershipService],
})
export class MembershipModule {}
