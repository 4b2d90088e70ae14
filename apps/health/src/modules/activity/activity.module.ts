import { TypeOrmModule } from '@nestjs/typeorm';
import { FeatureModule, PreparedReads } from '@sports/common';
import { ActivityController } from './activity.controller';
import { ActivityEntry } from './activity.entity';
import { ActivityRepository } from './activity.repository';
import { ActivityService } from './activity.service';

/** Module `activity` of the version table: the owner's workouts, GET /api/activity?days=&limit=. */
@FeatureModule({
  name: 'activity',
  version: '1.2.0',
  imports: [TypeOrmModule.forFeature([ActivityEntry])],
  controllers: [ActivityController],
  providers: [ActivityService, ActivityRepository, PreparedReads],
  exports: [ActivityRepository],
})
export class ActivityModule {}
