import { FeatureModule } from '@sports/common';
import { FeaturesService } from './features.service';
import { AdminMembershipController, MembershipController } from './membership.controller';
import { MembershipRepository } from './membership.repository';

/**
 * Module `membership`: tiers free/plus/pro and their feature sets (editable by admins),
 * per-user grants and revocations, and FeaturesService: the service's FeatureResolver (given to
 * the shared feature gate in AppModule) and the membership data of the admin modules.
 */
@FeatureModule({
  name: 'membership',
  version: '2.1.0',
  controllers: [MembershipController, AdminMembershipController],
  providers: [MembershipRepository, FeaturesService],
  exports: [FeaturesService],
})
export class MembershipModule {}
