import { FeatureModule } from '@sports/common';
import { DataLayerModule } from '../data-layer/data-layer.module';
import { InsightsModule } from '../insights/insights.module';
import { LlmModule } from '../llm/llm.module';
import { MembershipModule } from '../membership/membership.module';
import { WorkflowModule } from '../workflow/workflow.module';
import { PromptsController } from './prompts.controller';
import { PromptsStoreModule } from './prompts-store.module';
import { PromptsService } from './prompts.service';

/**
 * Module `prompts`: system prompts (admins) and user prompts, the placeholder list for the
 * editing client, and the prompt executor (POST /api/prompts/:id/run).
 */
@FeatureModule({
  name: 'prompts',
  version: '1.1.0',
  imports: [
    PromptsStoreModule,
    WorkflowModule,
    InsightsModule,
    LlmModule,
    DataLayerModule,
    MembershipModule,
  ],
  controllers: [PromptsController],
  providers: [PromptsService],
})
export class PromptsModule {}
