import { FeatureModule } from '@sports/common';
import { FeaturesService } from './features.service';
import { AdminMembershipController, MembershipController } from './membership.controller';
import { MembershipRepository } from './membership.repository';
import { RequireFeaturesGuard } from './require-features.guard';

/**
 * Module `membership`: tiers free/plus/pro and their feature sets (editable by admins),
 * per-user grants and revocations, and FeaturesService for every gated module.
 */
@FeatureModule({
  name: 'membership',
  version: '2.1.0',
  controllers: [MembershipController, AdminMembershipController],
  providers: [MembershipRepository, FeaturesService, RequireFeaturesGuard],
  exports: [FeaturesService, RequireFeaturesGuard],
})
export class MembershipModule {}
