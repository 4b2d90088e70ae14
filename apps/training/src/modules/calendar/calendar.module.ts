import { FeatureModule } from '@sports/common';
import { ClubsModule } from '../clubs/clubs.module';
import { GroupsModule } from '../groups/groups.module';
import { CalendarFeedsController } from './calendar-feeds.controller';
import { CalendarFeedsRepository } from './calendar-feeds.repository';
import { CalendarFeedsService } from './calendar-feeds.service';
import { CalendarSubscriptionController } from './calendar-subscription.controller';

/** Module `calendar`: RFC 5545 feeds of training units behind secret, revocable URLs. */
@FeatureModule({
  name: 'calendar',
  version: '1.0.0',
  extension: true,
  imports: [ClubsModule, GroupsModule],
  controllers: [CalendarFeedsController, CalendarSubscriptionController],
  providers: [CalendarFeedsRepository, CalendarFeedsService],
})
export class CalendarModule {}
