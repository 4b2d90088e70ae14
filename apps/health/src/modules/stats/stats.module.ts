import { FeatureModule } from '@sports/common';
import { DataLayerModule } from '../data-layer/data-layer.module';
import { StatsController } from './stats.controller';
import { StatsService } from './stats.service';

/** Module `stats`: the caller's summary (counts, first/last entries, current values, changes). */
@FeatureModule({
  name: 'stats',
  version: '1.0.1',
  imports: [DataLayerModule],
  controllers: [StatsController],
  providers: [StatsService],
})
export class StatsModule {}
