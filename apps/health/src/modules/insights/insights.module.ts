import { FeatureModule } from '@sports/common';
import { InsightsController } from './insights.controller';
import { InsightsRepository } from './insights.repository';
import { InsightsService } from './insights.service';

/**
 * Module `insights`: stored results of prompt runs and workflow executions (Markdown content,
 * analysis core, normalized decision signals), listable and deletable by their owner.
 */
@FeatureModule({
  name: 'insights',
  version: '1.3.0',
  controllers: [InsightsController],
  providers: [InsightsRepository, InsightsService],
  exports: [InsightsService],
})
export class InsightsModule {}
